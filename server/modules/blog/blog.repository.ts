import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { blogs } from '../../db/schema.js';
import { isUuid } from '../../lib/ids.js';

export type BlogRow = typeof blogs.$inferSelect;

export async function listBlogs(db: Executor, limit: number, offset: number): Promise<BlogRow[]> {
  return db.select().from(blogs).orderBy(desc(blogs.createdAt), desc(blogs.id)).limit(limit).offset(offset);
}

export async function findBlog(db: Executor, idOrSlug: string): Promise<BlogRow | undefined> {
  const [row] = await db
    .select()
    .from(blogs)
    .where(isUuid(idOrSlug) ? eq(blogs.id, idOrSlug) : eq(blogs.slug, idOrSlug))
    .limit(1);
  return row;
}
