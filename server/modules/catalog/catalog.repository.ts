import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { brands, categories, colors, productColors, products, ratings, users } from '../../db/schema.js';
import { isUuid } from '../../lib/ids.js';
import type { ProductFilters, ProductSort } from './product-query.js';
import { availableQuantity } from './stock.repository.js';

/** A product row with its brand and category names, as lists and the detail page need it. */
/** A product as the storefront reads it (GST fields are the invoice's business, not the shelf's). */
export type ProductRow = Omit<typeof products.$inferSelect, 'hsnCode' | 'gstRateBp'> & {
  brand: string;
  category: string;
};
export type ColorRow = { productId: string; id: string; title: string; name: string };
export type RatingRow = {
  id: string;
  productId: string;
  userId: string;
  star: number;
  comment: string;
  verifiedPurchase: boolean;
  createdAt: Date;
  firstname: string;
  lastname: string;
};

const productColumns = {
  id: products.id,
  slug: products.slug,
  title: products.title,
  description: products.description,
  pricePaise: products.pricePaise,
  mrpPaise: products.mrpPaise,
  categoryId: products.categoryId,
  brandId: products.brandId,
  tags: products.tags,
  // What shoppers can still buy: stock less live checkout holds (stock.repository.ts).
  quantity: availableQuantity,
  sold: products.sold,
  images: products.images,
  totalRating: products.totalRating,
  ratingCount: products.ratingCount,
  searchText: products.searchText,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  archivedAt: products.archivedAt,
  brand: brands.title,
  category: categories.title,
};

const sortColumns = {
  title: sql`lower(${products.title}) collate "C"`,
  price: products.pricePaise,
  createdAt: products.createdAt,
  totalrating: products.totalRating,
  sold: products.sold,
} as const;

/** Which facet a condition belongs to, so facet counts can leave their own facet out. */
export type FacetName = 'brand' | 'category' | 'tags' | 'price' | 'availability' | 'q';

/** What the storefront shows: archived products have left it (they keep their history). */
export const onSale = () => isNull(products.archivedAt);

export function filterConditions(filters: ProductFilters, except?: FacetName): SQL[] {
  const conditions: SQL[] = [onSale()];
  if (filters.brands.length && except !== 'brand') {
    const names = filters.brands.map((b) => b.toLowerCase());
    conditions.push(sql`${products.brandId} in (select id from brands where lower(title) in ${names})`);
  }
  if (filters.categories.length && except !== 'category') {
    const names = filters.categories.map((c) => c.toLowerCase());
    conditions.push(
      sql`${products.categoryId} in (select id from categories where lower(title) in ${names})`,
    );
  }
  if (filters.tags.length && except !== 'tags') {
    conditions.push(sql`${products.tags} && ${sql.param(filters.tags)}::text[]`);
  }
  if (except !== 'price') {
    if (filters.min) {
      conditions.push((filters.min.inclusive ? gte : gt)(products.pricePaise, filters.min.paise));
    }
    if (filters.max) {
      conditions.push((filters.max.inclusive ? lte : lt)(products.pricePaise, filters.max.paise));
    }
  }
  if (filters.availability && except !== 'availability') {
    conditions.push(
      filters.availability === 'in-stock' ? gt(products.quantity, 0) : eq(products.quantity, 0),
    );
  }
  if (filters.q && except !== 'q') {
    conditions.push(searchCondition(filters.q));
  }
  return conditions;
}

/** Substring match, or a close trigram match so that "samsng" still finds Samsung. */
function searchCondition(q: string): SQL {
  const needle = q.toLowerCase();
  const like = `%${escapeLike(needle)}%`;
  return or(sql`${products.searchText} like ${like}`, sql`${needle} <% ${products.searchText}`)!;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listProducts(
  db: Executor,
  filters: ProductFilters,
  sort: ProductSort[],
  page: number,
  limit: number,
): Promise<ProductRow[]> {
  const order = sort.map((s) => (s.direction === 'asc' ? asc : desc)(sortColumns[s.field]));
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(...filterConditions(filters)))
    .orderBy(...order, asc(products.id))
    .limit(limit)
    .offset((page - 1) * limit);
}

export async function countProducts(db: Executor, filters: ProductFilters): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(and(...filterConditions(filters)));
  return Number(row?.n ?? 0);
}

/** A product on sale, by id or slug (an archived one is not found). */
export async function findProduct(db: Executor, idOrSlug: string): Promise<ProductRow | undefined> {
  const match = and(isUuid(idOrSlug) ? eq(products.id, idOrSlug) : eq(products.slug, idOrSlug), onSale());
  const [row] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(match)
    .limit(1);
  return row;
}

/** Products by id, archived ones too unless `onSale`. */
export async function findProductsByIds(
  db: Executor,
  ids: string[],
  options: { onSale?: boolean } = {},
): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(inArray(products.id, ids), options.onSale ? onSale() : undefined));
}

export async function colorsForProducts(db: Executor, productIds: string[]): Promise<ColorRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select({ productId: productColors.productId, id: colors.id, title: colors.title, name: colors.name })
    .from(productColors)
    .innerJoin(colors, eq(colors.id, productColors.colorId))
    .where(inArray(productColors.productId, productIds))
    .orderBy(productColors.productId, productColors.position);
}

export async function ratingsForProduct(db: Executor, productId: string, limit = 50): Promise<RatingRow[]> {
  return db
    .select({
      id: ratings.id,
      productId: ratings.productId,
      userId: ratings.userId,
      star: ratings.star,
      comment: ratings.comment,
      verifiedPurchase: ratings.verifiedPurchase,
      createdAt: ratings.createdAt,
      firstname: users.firstname,
      lastname: users.lastname,
    })
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.userId))
    .where(eq(ratings.productId, productId))
    .orderBy(desc(ratings.createdAt))
    .limit(limit);
}

export type Suggestion = {
  id: string;
  slug: string;
  title: string;
  pricePaise: number;
  images: ProductRow['images'];
  brand: string;
  category: string;
};

/**
 * Suggestions for the header search box: titles starting with the text first, then words
 * starting with it, then close trigram matches (typos), best sellers breaking ties.
 */
export async function suggestProducts(db: Executor, q: string, limit: number): Promise<Suggestion[]> {
  const needle = q.toLowerCase();
  const prefix = `${escapeLike(needle)}%`;
  const wordPrefix = `% ${escapeLike(needle)}%`;
  return queryRows<Suggestion>(
    db,
    sql`
      select p.id, p.slug, p.title, p.price_paise as "pricePaise", p.images, b.title as brand, c.title as category
      from (
        select id, slug, title, price_paise, images, brand_id, category_id, sold,
          case
            when lower(title) like ${prefix} then 3
            when search_text like ${wordPrefix} then 2
            when search_text like ${`%${escapeLike(needle)}%`} then 1
            else 0
          end as rank,
          word_similarity(${needle}, search_text) as score
        from products
        where archived_at is null
          and (search_text like ${`%${escapeLike(needle)}%`} or ${needle} <% search_text)
        order by rank desc, score desc, sold desc, id
        limit ${limit}
      ) p
      join brands b on b.id = p.brand_id
      join categories c on c.id = p.category_id
      order by p.rank desc, p.score desc, p.sold desc, p.id`,
  );
}

export type FacetCount = { value: string; count: number };

export async function facetCounts(
  db: Executor,
  filters: ProductFilters,
): Promise<{
  categories: FacetCount[];
  brands: FacetCount[];
  tags: FacetCount[];
  availability: { inStock: number; outOfStock: number };
  price: { min: number; max: number };
}> {
  const where = (except: FacetName) => {
    const conditions = filterConditions(filters, except);
    return conditions.length ? sql`where ${and(...conditions)}` : sql``;
  };
  const [categoryRows, brandRows, tagRows, availabilityRows, priceRows] = await Promise.all([
    queryRows<FacetCount>(
      db,
      sql`select c.title as value, count(p.id)::int as count
          from categories c left join (select id, category_id from products ${where('category')}) p on p.category_id = c.id
          group by c.title order by c.title`,
    ),
    queryRows<FacetCount>(
      db,
      sql`select b.title as value, count(p.id)::int as count
          from brands b left join (select id, brand_id from products ${where('brand')}) p on p.brand_id = b.id
          group by b.title order by b.title`,
    ),
    queryRows<FacetCount>(
      db,
      sql`select t.tag as value, count(*)::int as count
          from (select unnest(tags) as tag from products ${where('tags')}) t
          group by t.tag order by t.tag`,
    ),
    queryRows<{ inStock: number; outOfStock: number }>(
      db,
      sql`select count(*) filter (where quantity > 0)::int as "inStock", count(*) filter (where quantity = 0)::int as "outOfStock"
          from products ${where('availability')}`,
    ),
    queryRows<{ min: number | null; max: number | null }>(
      db,
      sql`select min(price_paise)::int as min, max(price_paise)::int as max from products ${where('price')}`,
    ),
  ]);
  const price = priceRows[0];
  return {
    categories: categoryRows,
    brands: brandRows,
    tags: tagRows,
    availability: availabilityRows[0] ?? { inStock: 0, outOfStock: 0 },
    price: { min: Number(price?.min ?? 0), max: Number(price?.max ?? 0) },
  };
}

/** Row lock on the product until the transaction ends. */
export async function lockProduct(tx: Transaction, productId: string): Promise<void> {
  await queryRows(tx, sql`select id from ${products} where ${products.id} = ${productId} for update`);
}

/** Mean of the product's stars (0 without reviews) and their count, from the ratings table. */
export async function recomputeRating(tx: Transaction, productId: string): Promise<void> {
  await tx
    .update(products)
    .set({
      totalRating: sql`coalesce((select avg(star)::real from ${ratings} where ${ratings.productId} = ${productId}), 0)`,
      ratingCount: sql`(select count(*)::int from ${ratings} where ${ratings.productId} = ${productId})`,
    })
    .where(eq(products.id, productId));
}

/** Titles of products (archived ones too) whose pictures include the upload `publicId`. */
export async function productTitlesWithImage(db: Executor, publicId: string, limit = 5): Promise<string[]> {
  const rows = await db
    .select({ title: products.title })
    .from(products)
    .where(sql`${products.images} @> ${JSON.stringify([{ public_id: publicId }])}::jsonb`)
    .limit(limit);
  return rows.map((row) => row.title);
}
