import * as z from 'zod/mini';

/**
 * The product as clients of the original API read it: prices in rupees, identifiers in `_id`,
 * timestamps as ISO strings. Embedded by the cart, the wishlist and orders too.
 */
export const imageAnswer = z.object({
  url: z.string(),
  width: z.optional(z.number()),
  height: z.optional(z.number()),
  alt: z.optional(z.string()),
});
export type ApiImage = z.output<typeof imageAnswer>;

export const colorAnswer = z.object({ _id: z.string(), title: z.string(), name: z.string() });
export type ApiColor = z.output<typeof colorAnswer>;

export const ratingAnswer = z.object({
  _id: z.string(),
  star: z.number(),
  comment: z.string(),
  postedby: z.string(),
  postedbyName: z.string(),
  verifiedPurchase: z.boolean(),
  createdAt: z.string(),
});
export type ApiRating = z.output<typeof ratingAnswer>;

export const productAnswer = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  price: z.number(),
  /** List price before discount, when discounted. */
  mrp: z.nullable(z.number()),
  brand: z.string(),
  category: z.string(),
  /** One tag as the original API answered it, `''` when none (`primaryTag` in shared/catalog.ts). */
  tags: z.string(),
  /** Every tag of the product: what our own pages read. */
  tagList: z.array(z.string()),
  /** What shoppers can still buy: stock less what other checkouts hold. */
  quantity: z.number(),
  sold: z.number(),
  images: z.array(imageAnswer),
  color: z.array(colorAnswer),
  totalrating: z.number(),
  ratingCount: z.number(),
  ratings: z.array(ratingAnswer),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApiProduct = z.output<typeof productAnswer>;
