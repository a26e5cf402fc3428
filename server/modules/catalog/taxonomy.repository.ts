import { and, asc, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  brands,
  type CategoryTranslation,
  type ColorTranslation,
  categories,
  colors,
  productColors,
  products,
  type SizeChart,
  type Translations,
} from '../../db/schema.js';

/** The catalogue's three taxonomies (blog categories belong to the blog module). */
export type CatalogTaxonomy = 'brand' | 'category' | 'color';

export type TaxonomyRow = {
  id: string;
  title: string;
  /** Brands and categories. */
  slug?: string;
  /** Colours. */
  name?: string;
  /** Categories: GST defaults of their products. */
  hsnCode?: string | null;
  gstRateBp?: number | null;
  sizeChart?: SizeChart | null;
  /** The name (a colour's `name`), and a category's chart, in other languages (decision 050). */
  translations: TaxonomyTranslations;
  createdAt: Date;
  updatedAt: Date;
};

/** Any taxonomy's stored translations: `title` (brands, categories), `name` (colours), `sizeChart`. */
export type TaxonomyTranslations = Translations<CategoryTranslation & ColorTranslation>;

export type TableSort = `${'title' | 'createdAt' | 'used'}:${'asc' | 'desc'}`;

const tables = { brand: brands, category: categories, color: colors } as const;

function columnsOf(kind: CatalogTaxonomy) {
  const table = tables[kind];
  return {
    id: table.id,
    title: table.title,
    ...(kind === 'color' ? { name: colors.name } : { slug: (table as typeof brands).slug }),
    ...(kind === 'category'
      ? { hsnCode: categories.hsnCode, gstRateBp: categories.gstRateBp, sizeChart: categories.sizeChart }
      : {}),
    translations: sql<TaxonomyTranslations>`${table.translations}`.mapWith(table.translations),
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
  };
}

/**
 * How many products use each record (archived ones too, since they keep their history), counted
 * in one pass over products (or their colour list) and joined to the page's rows as `usage`: at
 * 100,000 products one grouped scan is about three times faster than a count per row.
 */
function usageCounts(kind: CatalogTaxonomy): SQL {
  if (kind === 'color') {
    return sql`(select ${productColors.colorId} as ref, count(*)::int as n from ${productColors} group by 1)`;
  }
  const column = kind === 'brand' ? products.brandId : products.categoryId;
  return sql`(select ${column} as ref, count(*)::int as n from ${products} group by 1)`;
}

/**
 * Writes to one taxonomy take a transaction-scoped lock, so two staff members adding "Samsung" and
 * "samsung" at once cannot both pass the case-insensitive check (the unique index is on the exact
 * title).
 */
export async function lockTaxonomy(tx: Executor, kind: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`taxonomy:${kind}`}))`);
}

export async function listAll(db: Executor, kind: CatalogTaxonomy, limit: number): Promise<TaxonomyRow[]> {
  const table = tables[kind];
  return db
    .select(columnsOf(kind))
    .from(table)
    .orderBy(sql`lower(${table.title})`, asc(table.id))
    .limit(limit);
}

export async function findById(
  db: Executor,
  kind: CatalogTaxonomy,
  id: string,
): Promise<TaxonomyRow | undefined> {
  const table = tables[kind];
  const [row] = await db.select(columnsOf(kind)).from(table).where(eq(table.id, id)).limit(1);
  return row;
}

/** Another record whose title equals `title` ignoring case (`exceptId`: the one being renamed). */
export async function findTitleClash(
  db: Executor,
  kind: CatalogTaxonomy,
  title: string,
  exceptId?: string,
): Promise<TaxonomyRow | undefined> {
  const table = tables[kind];
  const sameTitle = sql`lower(${table.title}) = lower(${title})`;
  const [row] = await db
    .select(columnsOf(kind))
    .from(table)
    .where(exceptId ? and(sameTitle, ne(table.id, exceptId)) : sameTitle)
    .limit(1);
  return row;
}

/** Slugs of brands or categories that start with `base` (to pick a free suffix). */
export async function slugsLike(
  db: Executor,
  kind: 'brand' | 'category',
  base: string,
  exceptId?: string,
): Promise<string[]> {
  const table = tables[kind];
  const like = sql`(${table.slug} = ${base} or ${table.slug} like ${`${base}-%`})`;
  const rows = await db
    .select({ slug: table.slug })
    .from(table)
    .where(exceptId ? and(like, ne(table.id, exceptId)) : like);
  return rows.map((r) => r.slug);
}

/** `hsnCode`, `gstRateBp`: categories only; absent leaves them as they are. */
export type TaxonomyValues = {
  title: string;
  slug?: string;
  name?: string;
  hsnCode?: string | null;
  gstRateBp?: number | null;
  sizeChart?: SizeChart | null;
  translations?: TaxonomyTranslations;
};

const categoryTax = (values: TaxonomyValues) => ({
  ...(values.hsnCode !== undefined ? { hsnCode: values.hsnCode } : {}),
  ...(values.gstRateBp !== undefined ? { gstRateBp: values.gstRateBp } : {}),
  ...(values.sizeChart !== undefined ? { sizeChart: values.sizeChart } : {}),
});

export async function insert(
  db: Executor,
  kind: CatalogTaxonomy,
  values: TaxonomyValues,
): Promise<TaxonomyRow> {
  const [row] =
    kind === 'color'
      ? await db
          .insert(colors)
          .values({
            title: values.title,
            name: values.name ?? values.title,
            ...(values.translations ? { translations: values.translations } : {}),
          })
          .returning(columnsOf(kind))
      : kind === 'category'
        ? await db
            .insert(categories)
            .values({
              title: values.title,
              slug: values.slug ?? '',
              ...categoryTax(values),
              ...(values.translations ? { translations: values.translations } : {}),
            })
            .returning(columnsOf(kind))
        : await db
            .insert(tables[kind])
            .values({
              title: values.title,
              slug: values.slug ?? '',
              ...(values.translations ? { translations: values.translations } : {}),
            })
            .returning(columnsOf(kind));
  return row!;
}

export async function update(
  db: Executor,
  kind: CatalogTaxonomy,
  id: string,
  values: TaxonomyValues,
): Promise<TaxonomyRow | undefined> {
  const now = new Date();
  if (kind === 'color') {
    const [row] = await db
      .update(colors)
      .set({
        title: values.title,
        ...(values.name !== undefined ? { name: values.name } : {}),
        ...(values.translations ? { translations: values.translations } : {}),
        updatedAt: now,
      })
      .where(eq(colors.id, id))
      .returning(columnsOf(kind));
    return row;
  }
  const table = tables[kind];
  const [row] = await db
    .update(table)
    .set({
      title: values.title,
      ...(values.slug !== undefined ? { slug: values.slug } : {}),
      ...(kind === 'category' ? categoryTax(values) : {}),
      ...(values.translations ? { translations: values.translations } : {}),
      updatedAt: now,
    })
    .where(eq(table.id, id))
    .returning(columnsOf(kind));
  return row;
}

export async function remove(
  db: Executor,
  kind: CatalogTaxonomy,
  id: string,
): Promise<TaxonomyRow | undefined> {
  const table = tables[kind];
  const [row] = await db.delete(table).where(eq(table.id, id)).returning(columnsOf(kind));
  return row;
}

/** How many products use the record, and how many of those are archived. */
export async function usage(
  db: Executor,
  kind: CatalogTaxonomy,
  id: string,
): Promise<{ total: number; archived: number }> {
  const filter =
    kind === 'color'
      ? sql`${products.id} in (select ${productColors.productId} from ${productColors} where ${productColors.colorId} = ${id})`
      : eq(kind === 'brand' ? products.brandId : products.categoryId, id);
  const [row] = await db
    .select({
      total: count(),
      archived: sql<number>`count(*) filter (where ${products.archivedAt} is not null)::int`,
    })
    .from(products)
    .where(filter);
  return { total: Number(row?.total ?? 0), archived: Number(row?.archived ?? 0) };
}

/** A page of the console's table: search on title (and colour name), sort, usage counts. */
export async function tablePage(
  db: Executor,
  kind: CatalogTaxonomy,
  options: { q: string; sort: TableSort; limit: number; offset: number },
): Promise<{ rows: (TaxonomyRow & { used: number })[]; total: number }> {
  const table = tables[kind];
  const pattern = `%${options.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = options.q
    ? kind === 'color'
      ? sql`(lower(${colors.title}) like ${pattern} or lower(${colors.name}) like ${pattern})`
      : sql`lower(${table.title}) like ${pattern}`
    : undefined;
  const used = sql<number>`coalesce(usage.n, 0)`;
  const [key, order] = options.sort.split(':');
  const direction = order === 'desc' ? desc : asc;
  // People know colours by name: their A to Z is by name (the value breaks ties).
  const titleOrder = kind === 'color' ? sql`lower(${colors.name})` : sql`lower(${table.title})`;
  const sortColumn = key === 'used' ? used : key === 'createdAt' ? table.createdAt : titleOrder;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ ...columnsOf(kind), used })
      .from(table)
      .leftJoin(sql`${usageCounts(kind)} as usage`, sql`usage.ref = ${table.id}`)
      .where(where)
      .orderBy(direction(sortColumn), asc(titleOrder), asc(sql`lower(${table.title})`), asc(table.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(table).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, used: Number(r.used) })), total: Number(totalRow?.total ?? 0) };
}
