import { and, asc, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { blogCategories, blogs } from '../../db/schema.js';

export type BlogCategoryRow = typeof blogCategories.$inferSelect;
export type BlogRow = typeof blogs.$inferSelect;

/** `%text%` for LIKE, with the user's `%`, `_` and `\` taken literally. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Writes to blog categories take this lock: the case-insensitive title check cannot race. */
export async function lockBlogCategories(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('taxonomy:blogcategory'))`);
}

export async function listCategories(db: Executor, limit: number): Promise<BlogCategoryRow[]> {
  return db
    .select()
    .from(blogCategories)
    .orderBy(sql`lower(${blogCategories.title})`, asc(blogCategories.id))
    .limit(limit);
}

export async function findCategory(db: Executor, id: string): Promise<BlogCategoryRow | undefined> {
  const [row] = await db.select().from(blogCategories).where(eq(blogCategories.id, id)).limit(1);
  return row;
}

/** The category whose title equals `title` ignoring case (`exceptId`: the one being renamed). */
export async function findCategoryByTitle(
  db: Executor,
  title: string,
  exceptId?: string,
): Promise<BlogCategoryRow | undefined> {
  const sameTitle = sql`lower(${blogCategories.title}) = lower(${title})`;
  const [row] = await db
    .select()
    .from(blogCategories)
    .where(exceptId ? and(sameTitle, ne(blogCategories.id, exceptId)) : sameTitle)
    .limit(1);
  return row;
}

export async function insertCategory(db: Executor, title: string): Promise<BlogCategoryRow> {
  const [row] = await db.insert(blogCategories).values({ title }).returning();
  return row!;
}

export async function renameCategory(
  db: Executor,
  id: string,
  title: string,
): Promise<BlogCategoryRow | undefined> {
  const [row] = await db
    .update(blogCategories)
    .set({ title, updatedAt: new Date() })
    .where(eq(blogCategories.id, id))
    .returning();
  return row;
}

export async function deleteCategory(db: Executor, id: string): Promise<BlogCategoryRow | undefined> {
  const [row] = await db.delete(blogCategories).where(eq(blogCategories.id, id)).returning();
  return row;
}

/** Posts keep their category's title: a rename is carried to them (returns how many changed). */
export async function renameCategoryOnBlogs(db: Executor, from: string, to: string): Promise<number> {
  const rows = await db
    .update(blogs)
    .set({ category: to })
    .where(eq(blogs.category, from))
    .returning({ id: blogs.id });
  return rows.length;
}

export async function countBlogsInCategory(db: Executor, title: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(blogs).where(eq(blogs.category, title));
  return Number(row?.n ?? 0);
}

export type CategoryTableSort = `${'title' | 'createdAt' | 'used'}:${'asc' | 'desc'}`;

export async function categoriesPage(
  db: Executor,
  options: { q: string; sort: CategoryTableSort; limit: number; offset: number },
): Promise<{ rows: (BlogCategoryRow & { used: number })[]; total: number }> {
  const where = options.q ? sql`lower(${blogCategories.title}) like ${likePattern(options.q)}` : undefined;
  // Written out: Drizzle leaves columns unqualified in a one-table select, where "title" inside
  // the subquery would mean the post's own.
  const used = sql<number>`(select count(*)::int from ${blogs} b where b.category = ${blogCategories}.title)`;
  const [key, order] = options.sort.split(':');
  const direction = order === 'desc' ? desc : asc;
  const sortColumn: SQL | typeof blogCategories.createdAt =
    key === 'used'
      ? used
      : key === 'createdAt'
        ? blogCategories.createdAt
        : sql`lower(${blogCategories.title})`;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: blogCategories.id,
        title: blogCategories.title,
        createdAt: blogCategories.createdAt,
        updatedAt: blogCategories.updatedAt,
        used,
      })
      .from(blogCategories)
      .where(where)
      .orderBy(direction(sortColumn), asc(sql`lower(${blogCategories.title})`), asc(blogCategories.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(blogCategories).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, used: Number(r.used) })), total: Number(totalRow?.total ?? 0) };
}

/** One writer at a time picks a post's slug. */
export async function lockBlogSlugs(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('blog:slug'))`);
}

export async function findBlogById(db: Executor, id: string): Promise<BlogRow | undefined> {
  const [row] = await db.select().from(blogs).where(eq(blogs.id, id)).limit(1);
  return row;
}

/** Slugs of posts that are `base` or start with `base-` (to pick a free suffix). */
export async function blogSlugsLike(db: Executor, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: blogs.slug })
    .from(blogs)
    .where(sql`(${blogs.slug} = ${base} or ${blogs.slug} like ${`${base}-%`})`);
  return rows.map((r) => r.slug);
}

export type BlogValues = Pick<BlogRow, 'title' | 'description' | 'category' | 'images' | 'translations'>;

export async function insertBlog(
  db: Executor,
  values: BlogValues & { slug: string; author: string },
): Promise<BlogRow> {
  const [row] = await db.insert(blogs).values(values).returning();
  return row!;
}

export async function updateBlog(
  db: Executor,
  id: string,
  values: Omit<BlogValues, 'images'> & { images?: BlogValues['images'] },
): Promise<BlogRow | undefined> {
  const [row] = await db
    .update(blogs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(blogs.id, id))
    .returning();
  return row;
}

export async function deleteBlog(db: Executor, id: string): Promise<BlogRow | undefined> {
  const [row] = await db.delete(blogs).where(eq(blogs.id, id)).returning();
  return row;
}

export type BlogTableSort = `${'createdAt' | 'updatedAt' | 'title'}:${'asc' | 'desc'}`;

export async function blogsPage(
  db: Executor,
  options: { q: string; category: string; sort: BlogTableSort; limit: number; offset: number },
): Promise<{ rows: BlogRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (options.q) conditions.push(sql`lower(${blogs.title}) like ${likePattern(options.q)}`);
  if (options.category) conditions.push(eq(blogs.category, options.category));
  const where = conditions.length ? and(...conditions) : undefined;
  const [key, order] = options.sort.split(':');
  const direction = order === 'desc' ? desc : asc;
  const sortColumn =
    key === 'title' ? sql`lower(${blogs.title})` : key === 'updatedAt' ? blogs.updatedAt : blogs.createdAt;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(blogs)
      .where(where)
      .orderBy(direction(sortColumn), direction(blogs.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(blogs).where(where),
  ]);
  return { rows, total: Number(totalRow?.total ?? 0) };
}

/**
 * Titles of posts showing the upload `publicId` (its `public_id` in their `images`): the media
 * module refuses to delete a picture a post still shows, as it does for products.
 */
export async function blogsShowingImage(db: Executor, publicId: string): Promise<string[]> {
  const rows = await db
    .select({ title: blogs.title })
    .from(blogs)
    .where(sql`${blogs.images} @> ${JSON.stringify([{ public_id: publicId }])}::jsonb`)
    .orderBy(blogs.title)
    .limit(20);
  return rows.map((r) => r.title);
}
