import type { ApiBlog } from '../../../shared/api-types.js';
import type { Database } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { sanitizeRichText } from '../../lib/html.js';
import type { ImageUrls } from '../../lib/image-urls.js';
import * as repository from './blog.repository.js';

const MAX_LIMIT = 100;

/** The article as the original API answered it, with absolute picture URLs (lib/image-urls.ts). */
export function presentBlog(row: repository.BlogRow, imageUrls: ImageUrls): ApiBlog {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    description: sanitizeRichText(row.description),
    category: row.category,
    author: row.author,
    images: imageUrls.images(row.images),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createBlogService(db: Database, { imageUrls }: { imageUrls: ImageUrls }) {
  return {
    async list(query: { limit?: string; page?: string }): Promise<ApiBlog[]> {
      const limit = wholeNumber(query.limit, 'limit', MAX_LIMIT) ?? MAX_LIMIT;
      const page = wholeNumber(query.page, 'page', 10_000) ?? 1;
      const rows = await repository.listBlogs(db, limit, (page - 1) * limit);
      return rows.map((row) => presentBlog(row, imageUrls));
    },
    async get(idOrSlug: string): Promise<ApiBlog> {
      const row = await repository.findBlog(db, idOrSlug);
      if (!row) throw notFound('This article does not exist.');
      return presentBlog(row, imageUrls);
    },
  };
}

function wholeNumber(value: string | undefined, key: string, max: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,6}$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw badRequest(`${key} must be a whole number from 1 to ${max}.`);
  }
  return Number(value);
}

export type BlogService = ReturnType<typeof createBlogService>;
