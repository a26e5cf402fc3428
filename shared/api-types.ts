/**
 * The JSON the REST API returns (shared/spec/api-contract.md of the brief). Prices are rupees,
 * identifiers are strings named `_id`, timestamps ISO strings. The browser and the server's
 * presenters both use these types, so a change to a shape shows up on both sides.
 */
export type ApiImage = { url: string; width?: number; height?: number; alt?: string };
export type ApiColor = { _id: string; title: string; name: string };
export type ApiRating = {
  _id: string;
  star: number;
  comment: string;
  postedby: string;
  postedbyName: string;
  verifiedPurchase: boolean;
  createdAt: string;
};

export type ApiProduct = {
  _id: string;
  slug: string;
  title: string;
  description: string;
  price: number;
  /** List price before discount, when discounted. */
  mrp: number | null;
  brand: string;
  category: string;
  /** One tag as the original API answered it, `''` when none (`primaryTag` in shared/catalog.ts). */
  tags: string;
  /** Every tag of the product: what our own pages read. */
  tagList: string[];
  quantity: number;
  sold: number;
  images: ApiImage[];
  color: ApiColor[];
  totalrating: number;
  ratingCount: number;
  ratings: ApiRating[];
  createdAt: string;
  updatedAt: string;
};

export type ApiBlog = {
  _id: string;
  slug: string;
  title: string;
  description: string;
  category: string;
  author: string;
  images: ApiImage[];
  createdAt: string;
  updatedAt: string;
};

export type { ApiEnquiry } from './api/enquiries.schemas.js';

export type ApiError = { message: string; errors?: Record<string, string> };
