import { asc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { blogs, products } from '../../db/schema.js';

export type SitemapEntry = { slug: string; updatedAt: Date };

export async function countProducts(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  return Number(row?.n ?? 0);
}

export async function productEntries(db: Executor, offset: number, limit: number): Promise<SitemapEntry[]> {
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
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
