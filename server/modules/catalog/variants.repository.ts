import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { colors, type ProductOption, products, productVariants } from '../../db/schema.js';

/**
 * Variants' SQL: what is sold and stocked. Stock changes are in stock.repository.ts and
 * stock-ledger.repository.ts; the product row's sums follow by trigger (migration 0025).
 */

export type VariantRow = typeof productVariants.$inferSelect & { colorName: string | null };

const variantColumns = { variant: productVariants, colorName: colors.name };

function flatten(rows: { variant: typeof productVariants.$inferSelect; colorName: string | null }[]) {
  return rows.map((row) => ({ ...row.variant, colorName: row.colorName }));
}

/** The variants of products, in the merchant's order; archived ones only when asked. */
export async function variantsOfProducts(
  db: Executor,
  productIds: string[],
  options: { archived?: boolean } = {},
): Promise<VariantRow[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select(variantColumns)
    .from(productVariants)
    .leftJoin(colors, eq(colors.id, productVariants.colorId))
    .where(
      and(
        inArray(productVariants.productId, productIds),
        options.archived ? undefined : isNull(productVariants.archivedAt),
      ),
    )
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  return flatten(rows);
}

export async function variantsByIds(db: Executor, ids: string[]): Promise<VariantRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(variantColumns)
    .from(productVariants)
    .leftJoin(colors, eq(colors.id, productVariants.colorId))
    .where(inArray(productVariants.id, ids));
  return flatten(rows);
}

/** The product, if any, that already has this SKU (any case), other than `exceptVariantId`. */
export async function productWithSku(
  db: Executor,
  sku: string,
  exceptVariantId?: string,
): Promise<{ id: string; title: string } | undefined> {
  const [row] = await db
    .select({ id: products.id, title: products.title, variantId: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(sql`lower(${productVariants.sku}) = lower(${sku})`)
    .limit(1);
  if (!row || row.variantId === exceptVariantId) return undefined;
  return { id: row.id, title: row.title };
}

/**
 * One variant without options for each new product, with its price, MRP and stock: the SKU is
 * the slug in capitals, or with a piece of the variant's id when another product took that SKU.
 */
export async function insertDefaultVariants(
  tx: Transaction,
  rows: { productId: string; slug: string; pricePaise: number; mrpPaise: number | null; quantity: number }[],
): Promise<{ id: string; productId: string }[]> {
  const created: { id: string; productId: string }[] = [];
  for (let i = 0; i < rows.length; i += 2000) {
    created.push(
      ...(await queryRows<{ id: string; productId: string }>(
        tx,
        sql`insert into ${productVariants} (id, product_id, sku, price_paise, mrp_paise, quantity)
          select v.id, v.product_id,
            case when exists (select 1 from ${productVariants} o where lower(o.sku) = lower(v.slug))
              then upper(v.slug) || '-' || upper(left(v.id::text, 6)) else upper(v.slug) end,
            v.price_paise, v.mrp_paise, v.quantity
          from (select gen_random_uuid() as id, r.* from jsonb_to_recordset(${JSON.stringify(
            rows.slice(i, i + 2000).map((r) => ({
              product_id: r.productId,
              slug: r.slug,
              price_paise: r.pricePaise,
              mrp_paise: r.mrpPaise,
              quantity: r.quantity,
            })),
          )}::jsonb) as r(product_id uuid, slug text, price_paise integer, mrp_paise integer, quantity integer)) v
          returning id, product_id as "productId"`,
      )),
    );
  }
  return created;
}

/**
 * A product-level price (the original admin client, the shop's own CSV, the product form) just
 * written to the products' rows: every variant of each product takes it. The trigger then writes
 * the same figures back, so the two agree.
 */
export async function copyProductPriceToVariants(tx: Transaction, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx.execute(sql`
    update ${productVariants} pv set price_paise = p.price_paise, mrp_paise = p.mrp_paise, updated_at = now()
    from ${products} p
    where p.id = pv.product_id and p.id = any(${sql.param(productIds)}::uuid[])
      and (pv.price_paise, pv.mrp_paise) is distinct from (p.price_paise, p.mrp_paise)`);
}

/** Per product, its live variants' ids and stock: the only one is what product-level stock edits. */
export async function liveVariantStock(
  db: Executor,
  productIds: string[],
): Promise<Map<string, { id: string; quantity: number }[]>> {
  const byProduct = new Map<string, { id: string; quantity: number }[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      quantity: productVariants.quantity,
    })
    .from(productVariants)
    .where(and(inArray(productVariants.productId, productIds), isNull(productVariants.archivedAt)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push({ id: row.id, quantity: row.quantity });
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

/** Of these SKUs, those another product's variants hold (any case), with that product's title. */
export async function skusHeldElsewhere(
  db: Executor,
  productId: string,
  skus: string[],
): Promise<{ sku: string; title: string }[]> {
  if (skus.length === 0) return [];
  return queryRows<{ sku: string; title: string }>(
    db,
    sql`select v.sku, p.title from ${productVariants} v join ${products} p on p.id = v.product_id
      where lower(v.sku) = any(${sql.param(skus.map((s) => s.toLowerCase()))}::text[])
        and v.product_id <> ${productId}
      limit 5`,
  );
}

/** Units held by live checkouts, per variant of a product. */
export async function heldByVariant(db: Executor, productId: string): Promise<Map<string, number>> {
  const rows = await queryRows<{ variant_id: string; held: number }>(
    db,
    sql`select variant_id, sum(quantity)::int as held from stock_holds
      where product_id = ${productId} and expires_at > now() group by variant_id`,
  );
  return new Map(rows.map((row) => [row.variant_id, Number(row.held)]));
}

export type VariantWrite = {
  sku: string;
  barcode: string | null;
  optionValues: string[];
  colorId: string | null;
  pricePaise: number;
  mrpPaise: number | null;
  weightGrams: number | null;
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
  imagePositions: number[];
  position: number;
};

/**
 * Frees the SKUs and option values of variants about to be rewritten (their ids stand in), so a
 * form that swaps two SKUs or two sizes does not trip the unique indexes halfway through.
 */
export async function releaseIdentities(tx: Transaction, variantIds: string[]): Promise<void> {
  if (variantIds.length === 0) return;
  await tx
    .update(productVariants)
    .set({ sku: sql`${productVariants.id}::text`, optionValues: sql`array[${productVariants.id}::text]` })
    .where(inArray(productVariants.id, variantIds));
}

export async function updateVariant(tx: Transaction, id: string, values: VariantWrite): Promise<void> {
  await tx
    .update(productVariants)
    .set({ ...values, archivedAt: null })
    .where(eq(productVariants.id, id));
}

export async function insertVariant(
  tx: Transaction,
  productId: string,
  values: VariantWrite & { quantity: number },
): Promise<string> {
  const [row] = await tx
    .insert(productVariants)
    .values({ ...values, productId })
    .returning({ id: productVariants.id });
  return row!.id;
}

/** Takes variants off the storefront; they stay for the orders and the ledger that name them. */
export async function archiveVariants(tx: Transaction, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(productVariants)
    .set({ archivedAt: sql`coalesce(${productVariants.archivedAt}, now())` })
    .where(inArray(productVariants.id, ids));
}

/** An archived variant gives up its SKU to a new one: it keeps it with a suffix of its id. */
export async function renameSkus(tx: Transaction, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(productVariants)
    .set({ sku: sql`${productVariants.sku} || '~' || left(${productVariants.id}::text, 8)` })
    .where(inArray(productVariants.id, ids));
}

export async function setProductOptions(tx: Transaction, productId: string, options: ProductOption[]) {
  await tx.update(products).set({ options }).where(eq(products.id, productId));
}

/** Deletes variants nothing refers to yet (a product's first variant, replaced by an import's). */
export async function deleteVariants(tx: Transaction, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(productVariants).where(inArray(productVariants.id, ids));
}

/** Products' options, by id. */
export async function productOptions(db: Executor, ids: string[]): Promise<Map<string, ProductOption[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, options: products.options })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row.options]));
}

/** The product on sale one of whose variants on sale has this SKU (any case): a search by SKU. */
export async function productIdBySku(db: Executor, sku: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: products.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        sql`lower(${productVariants.sku}) = lower(${sku})`,
        isNull(productVariants.archivedAt),
        isNull(products.archivedAt),
      ),
    )
    .limit(1);
  return row?.id;
}
