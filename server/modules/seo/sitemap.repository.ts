import { asc, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { blogs, products } from '../../db/schema.js';

export type SitemapEntry = { slug: string; updatedAt: Date };

export async function countProducts(db: Executor): Promise<number> {
  // Archived products have left the storefront, so they leave the sitemap too.
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(isNull(products.archivedAt));
  return Number(row?.n ?? 0);
}

export async function productEntries(db: Executor, offset: number, limit: number): Promise<SitemapEntry[]> {
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(isNull(products.archivedAt))
    .orderBy(asc(products.id))
    .offset(offset)
    .limit(limit);
}

export async function blogEntries(db: Executor): Promise<SitemapEntry[]> {
  return db
    .select({ slug: blogs.slug, updatedAt: blogs.updatedAt })
    .from(blogs)
    .orderBy(asc(blogs.createdAt));
}
