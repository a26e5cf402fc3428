import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import {
  brands,
  categories,
  colors,
  type ImageRef,
  type ProductTranslation,
  productColors,
  products,
  type Translations,
} from '../../db/schema.js';
import { productLiveHeldUnits } from '../catalog-search/index.js';
import { escapeLike } from './catalog-admin.repository.js';
import { copyProductPriceToVariants, insertDefaultVariants } from './variants.repository.js';

/**
 * The console's SQL for one product at a time and for an import's batches: the product with
 * everything the edit form shows, its colours, free slugs, the taxonomy's names, and the writes.
 * Stock is written by stock-ledger.repository.ts, always with its movement.
 */

export type AdminProductDetail = typeof products.$inferSelect & {
  brand: string;
  category: string;
  held: number;
  /** The category's GST defaults. */
  categoryHsnCode: string | null;
  categoryGstRateBp: number | null;
};

/** Locks products' rows in id order, as every stock change does before touching their variants. */
export async function lockProducts(tx: Transaction, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(products.id)
    .for('no key update');
}

export async function findAdminProduct(
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<AdminProductDetail | undefined> {
  if (options.lock) {
    await queryRows(db, sql`select id from ${products} where ${products.id} = ${id} for update`);
  }
  const [row] = await db
    .select({
      product: products,
      brand: brands.title,
      category: categories.title,
      categoryHsnCode: categories.hsnCode,
      categoryGstRateBp: categories.gstRateBp,
      held: sql<number>`${productLiveHeldUnits}::int`.mapWith(Number),
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id))
    .limit(1);
  return row
    ? {
        ...row.product,
        brand: row.brand,
        category: row.category,
        held: row.held,
        categoryHsnCode: row.categoryHsnCode,
        categoryGstRateBp: row.categoryGstRateBp,
      }
    : undefined;
}

export type ProductColorRow = { productId: string; id: string; title: string; name: string };

export async function colorsOfProducts(db: Executor, productIds: string[]): Promise<ProductColorRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select({ productId: productColors.productId, id: colors.id, title: colors.title, name: colors.name })
    .from(productColors)
    .innerJoin(colors, eq(colors.id, productColors.colorId))
    .where(inArray(productColors.productId, productIds))
    .orderBy(productColors.productId, productColors.position);
}

export async function slugExists(db: Executor, slug: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, slug), exceptId ? ne(products.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

/** Slugs that are `base` or `base-<something>` (to pick a free numbered one). */
export async function slugsLike(db: Executor, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: products.slug })
    .from(products)
    .where(sql`(${products.slug} = ${base} or ${products.slug} like ${`${escapeLike(base)}-%`})`);
  return rows.map((r) => r.slug);
}

/** Of these bases, the slugs already taken as `base` or `base-N` (an import's new products). */
export async function slugsTakenForBases(db: Executor, bases: string[]): Promise<string[]> {
  if (bases.length === 0) return [];
  const rows = await queryRows<{ slug: string }>(
    db,
    sql`select slug from ${products} where regexp_replace(slug, '-[0-9]+$', '') = any(${sql.param(bases)}::text[]) or slug = any(${sql.param(bases)}::text[])`,
  );
  return rows.map((r) => r.slug);
}

export type TaxonomyNames = {
  categories: { id: string; title: string }[];
  brands: { id: string; title: string }[];
  colors: { id: string; title: string; name: string }[];
};

/** Every category, brand and colour: a few hundred rows at most, read once per import. */
export async function taxonomyNames(db: Executor): Promise<TaxonomyNames> {
  const [categoryRows, brandRows, colorRows] = await Promise.all([
    db.select({ id: categories.id, title: categories.title }).from(categories),
    db.select({ id: brands.id, title: brands.title }).from(brands),
    db.select({ id: colors.id, title: colors.title, name: colors.name }).from(colors),
  ]);
  return { categories: categoryRows, brands: brandRows, colors: colorRows };
}

export async function categoryTitle(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db.select({ title: categories.title }).from(categories).where(eq(categories.id, id));
  return row?.title;
}

export async function brandTitle(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db.select({ title: brands.title }).from(brands).where(eq(brands.id, id));
  return row?.title;
}

export async function colorsByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: colors.id, title: colors.title, name: colors.name })
    .from(colors)
    .where(inArray(colors.id, ids));
}

export type ProductWrite = {
  slug: string;
  title: string;
  description: string;
  pricePaise: number;
  mrpPaise: number | null;
  categoryId: string;
  brandId: string;
  tags: string[];
  images: ImageRef[];
  /** GST: null takes the category's. */
  hsnCode: string | null;
  gstRateBp: number | null;
  /** Title and description in other languages (decision 050); absent: left as they are. */
  translations?: Translations<ProductTranslation>;
};

/** New products, each with one variant without options holding its price and stock. */
export async function insertProducts(
  tx: Transaction,
  values: (ProductWrite & { quantity: number })[],
): Promise<{ id: string; slug: string; variantId: string }[]> {
  if (values.length === 0) return [];
  const created: { id: string; slug: string }[] = [];
  for (let i = 0; i < values.length; i += 2000) {
    created.push(
      ...(await tx
        .insert(products)
        .values(values.slice(i, i + 2000))
        .returning({ id: products.id, slug: products.slug })),
    );
  }
  const bySlug = new Map(values.map((v) => [v.slug, v]));
  const variants = await insertDefaultVariants(
    tx,
    created.map(({ id, slug }) => {
      const { pricePaise, mrpPaise, quantity } = bySlug.get(slug)!;
      return { productId: id, slug, pricePaise, mrpPaise, quantity };
    }),
  );
  const variantOf = new Map(variants.map((v) => [v.productId, v.id]));
  return created.map((row) => ({ ...row, variantId: variantOf.get(row.id)! }));
}

export async function updateProduct(
  tx: Transaction,
  id: string,
  values: Partial<ProductWrite>,
): Promise<void> {
  await tx.update(products).set(values).where(eq(products.id, id));
  if (values.pricePaise !== undefined || values.mrpPaise !== undefined) {
    await copyProductPriceToVariants(tx, [id]);
  }
}

/** The colours of products, in the order given (the first is the one the product page preselects). */
export async function replaceProductColors(
  tx: Transaction,
  entries: { productId: string; colorIds: string[] }[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx.delete(productColors).where(
    inArray(
      productColors.productId,
      entries.map((e) => e.productId),
    ),
  );
  const rows = entries.flatMap((e) =>
    e.colorIds.map((colorId, position) => ({ productId: e.productId, colorId, position })),
  );
  for (let i = 0; i < rows.length; i += 5000) await tx.insert(productColors).values(rows.slice(i, i + 5000));
}

export async function setArchivedAt(tx: Transaction, id: string, archivedAt: Date | null): Promise<void> {
  await tx.update(products).set({ archivedAt }).where(eq(products.id, id));
}

export async function deleteProduct(tx: Transaction, id: string): Promise<void> {
  await tx.delete(products).where(eq(products.id, id));
}

/** Products by slug (an import's matches), with what an update compares against. */
export async function productsBySlugs(db: Executor, slugs: string[]) {
  if (slugs.length === 0) return [];
  const found: (typeof products.$inferSelect)[] = [];
  for (let i = 0; i < slugs.length; i += 2000) {
    found.push(
      ...(await db
        .select()
        .from(products)
        .where(inArray(products.slug, slugs.slice(i, i + 2000)))),
    );
  }
  return found;
}

/**
 * Writes many products' fields in one statement per batch (an import's updates): the values
 * travel as one JSON array, so 10,000 rows are a handful of round trips rather than 10,000.
 */
export async function updateProductsBatch(
  tx: Transaction,
  rows: (ProductWrite & { id: string })[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const batch = rows.slice(i, i + 1000).map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      description: row.description,
      price_paise: row.pricePaise,
      mrp_paise: row.mrpPaise,
      category_id: row.categoryId,
      brand_id: row.brandId,
      tags: row.tags,
      images: row.images,
      hsn_code: row.hsnCode,
      gst_rate_bp: row.gstRateBp,
      translations: row.translations ?? null,
    }));
    await tx.execute(sql`
      update ${products} p set
        slug = v.slug, title = v.title, description = v.description, price_paise = v.price_paise,
        mrp_paise = v.mrp_paise, category_id = v.category_id, brand_id = v.brand_id, tags = v.tags,
        images = v.images, hsn_code = v.hsn_code, gst_rate_bp = v.gst_rate_bp,
        translations = coalesce(v.translations, p.translations), updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as v(
        id uuid, slug text, title text, description text, price_paise integer, mrp_paise integer,
        category_id uuid, brand_id uuid, tags text[], images jsonb, hsn_code text, gst_rate_bp integer,
        translations jsonb)
      where p.id = v.id`);
  }
  await copyProductPriceToVariants(
    tx,
    rows.map((row) => row.id),
  );
}
