import { type ApiBlog, BLOG_LIST_MAX } from '../../../shared/api/blog.schemas.js';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { sanitizeRichText } from '../../lib/html.js';
import type { ImageUrls } from '../../lib/image-urls.js';
import { presentTranslations, titleAndDescription } from '../../lib/translations.js';
import * as repository from './blog.repository.js';

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
    translations: presentTranslations(row.translations, titleAndDescription),
  };
}

export function createBlogService(db: Database, { imageUrls }: { imageUrls: ImageUrls }) {
  return {
    /** `limit` and `page` are whole numbers in range or empty (the endpoint's schema checks them). */
    async list(query: { limit?: string; page?: string }): Promise<ApiBlog[]> {
      const limit = query.limit ? Number(query.limit) : BLOG_LIST_MAX;
      const page = query.page ? Number(query.page) : 1;
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

export type BlogService = ReturnType<typeof createBlogService>;
