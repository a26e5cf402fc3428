import type { VariantInput } from '../../../shared/api/catalog-variants.schemas.js';
import type { Executor, Transaction } from '../../db/client.js';
import type { ProductOption } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { freeSlug, toSlug } from '../../lib/slug.js';
import type { AuditActor } from '../audit/index.js';
import { afterWrite, type CatalogAdminContext, type ProductValues } from './catalog-admin-context.js';
import * as repository from './product-writes.repository.js';
import * as ledger from './stock-ledger.repository.js';
import { checkVariants, writeVariants } from './variant-edits.js';
import * as variants from './variants.repository.js';

/**
 * Catalog's side of the product imports (the catalog-csv module reads the files and decides what
 * each row asks): many products created or updated inside the caller's transaction, each stock
 * change a movement in the ledger with the reason `import`. `writeCatalogue` runs the transaction.
 */

type Movement = Parameters<typeof ledger.insertMovements>[1][number];

/**
 * Runs `work` in one transaction; after the commit the storefront's catalogue reads again, and a
 * slug or SKU another console took meanwhile is a 409 with a message.
 */
export function writeCatalogue<T>(
  deps: Pick<CatalogAdminContext, 'db' | 'catalog'>,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return afterWrite(deps, deps.db.transaction(work));
}

/** A product a file names by its slug, as stored, with its colours in order. */
export type ImportTarget = Awaited<ReturnType<typeof repository.productsBySlugs>>[number] & {
  colorIds: string[];
};

/** The products these slugs name, by slug. */
export async function productsBySlug(db: Executor, slugs: string[]): Promise<Map<string, ImportTarget>> {
  const found = await repository.productsBySlugs(db, slugs);
  const colorIds = new Map<string, string[]>();
  const ids = found.map((product) => product.id);
  for (let i = 0; i < ids.length; i += 5000) {
    for (const c of await repository.colorsOfProducts(db, ids.slice(i, i + 5000))) {
      colorIds.set(c.productId, [...(colorIds.get(c.productId) ?? []), c.id]);
    }
  }
  return new Map(
    found.map((product) => [product.slug, { ...product, colorIds: colorIds.get(product.id) ?? [] }]),
  );
}

/**
 * New products in batches, each with its one variant, its colours and its opening stock (a movement
 * with `note`). One without a slug gets one from its title, numbered past those taken and the
 * `reservedSlugs`. Returns the products' slugs, in order.
 */
export async function createProducts(
  tx: Transaction,
  actor: AuditActor,
  creations: { values: ProductValues; quantity: number }[],
  options: { reservedSlugs: Iterable<string>; note: string },
): Promise<string[]> {
  const bases = creations.filter((c) => !c.values.slug).map((c) => toSlug(c.values.title, 'product'));
  const taken = new Set([
    ...(await repository.slugsTakenForBases(tx, [...new Set(bases)])),
    ...options.reservedSlugs,
  ]);
  const slugs = creations.map(({ values }) => {
    if (values.slug) return values.slug;
    const slug = freeSlug(toSlug(values.title, 'product'), taken);
    taken.add(slug);
    return slug;
  });
  const rows = creations.map((c, i) => ({ ...c, values: { ...c.values, slug: slugs[i]! } }));
  const movements: Movement[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const batch = rows.slice(i, i + 500);
    const inserted = await repository.insertProducts(
      tx,
      batch.map(({ values: { colorIds: _, ...write }, quantity }) => ({ ...write, quantity })),
    );
    const idOf = new Map(inserted.map((p) => [p.slug, p.id]));
    const variantOf = new Map(inserted.map((p) => [p.slug, p.variantId]));
    await repository.replaceProductColors(
      tx,
      batch.map((c) => ({ productId: idOf.get(c.values.slug)!, colorIds: c.values.colorIds })),
    );
    for (const c of batch) {
      if (c.quantity <= 0) continue;
      movements.push({
        productId: idOf.get(c.values.slug)!,
        variantId: variantOf.get(c.values.slug)!,
        delta: c.quantity,
        quantityAfter: c.quantity,
        reason: 'import',
        note: options.note,
        staffId: actor.id,
      });
    }
  }
  await ledger.insertMovements(tx, movements);
  return slugs;
}

/** What an import changes of an existing product: its fields, its colours, its stock (null or absent: kept). */
export type ProductUpdate = {
  id: string;
  values: ProductValues | null;
  colorIds: string[] | null;
  quantity?: number | undefined;
};

/**
 * Writes existing products' fields and colours, and sets the stock of those sold in one form (a
 * movement with `note` for each change; a product with several variants has its stock per variant).
 */
export async function updateProducts(
  tx: Transaction,
  actor: AuditActor,
  updates: ProductUpdate[],
  note: string,
): Promise<void> {
  await repository.updateProductsBatch(
    tx,
    updates.flatMap((u) => (u.values ? [{ ...u.values, id: u.id }] : [])),
  );
  await repository.replaceProductColors(
    tx,
    updates.flatMap((u) => (u.colorIds ? [{ productId: u.id, colorIds: u.colorIds }] : [])),
  );
  const stockUpdates = updates.filter((u) => u.quantity !== undefined);
  if (!stockUpdates.length) return;
  // Current figures under lock: a sale since the file was read changes the movement, not the target.
  const ids = stockUpdates.map((u) => u.id);
  await repository.lockProducts(tx, ids);
  const live = await variants.liveVariantStock(tx, ids);
  const targets = stockUpdates.flatMap((u) => {
    const own = live.get(u.id) ?? [];
    return own.length === 1
      ? [{ productId: u.id, id: own[0]!.id, was: own[0]!.quantity, quantity: u.quantity! }]
      : [];
  });
  await ledger.setQuantities(tx, targets);
  const movements: Movement[] = [];
  for (const target of targets) {
    const delta = target.quantity - target.was;
    if (delta === 0) continue;
    movements.push({
      productId: target.productId,
      variantId: target.id,
      delta,
      quantityAfter: target.quantity,
      reason: 'import',
      note,
      staffId: actor.id,
    });
  }
  await ledger.insertMovements(tx, movements);
}

/** One variant as a file gives it; `values` name colours by id; a null quantity keeps the stock. */
export type ImportedVariantValues = {
  sku: string;
  barcode: string | null;
  values: string[];
  pricePaise: number;
  mrpPaise: number | null;
  weightGrams: number | null;
  quantity: number | null;
};

/** A product with its options and variants, as another platform's export gives it. */
export type ProductWithVariants = {
  fields: Omit<repository.ProductWrite, 'pricePaise' | 'mrpPaise' | 'hsnCode' | 'gstRateBp'>;
  options: ProductOption[];
  colorIds: string[];
  variants: ImportedVariantValues[];
};

/**
 * Creates a product, or updates `current`, with its options and variants, as the variant grid
 * would save them: an existing variant keeps its id when its SKU (or its values) match, a new
 * one's opening stock and the stock the file states for existing ones are movements with `note`.
 * An existing product keeps its GST fields. Variants the grid would refuse come back as the
 * reason, with nothing more written: the caller rolls the transaction back.
 */
export async function saveProductWithVariants(
  tx: Transaction,
  actor: AuditActor,
  current: ImportTarget | undefined,
  product: ProductWithVariants,
  note: string,
): Promise<{ created: boolean } | { refused: string }> {
  const first = product.variants[0]!;
  let productId: string;
  if (current) {
    productId = current.id;
    await repository.lockProducts(tx, [productId]);
    await repository.updateProduct(tx, productId, {
      ...product.fields,
      hsnCode: current.hsnCode,
      gstRateBp: current.gstRateBp,
    });
  } else {
    const [created] = await repository.insertProducts(tx, [
      {
        ...product.fields,
        hsnCode: null,
        gstRateBp: null,
        pricePaise: first.pricePaise,
        mrpPaise: first.mrpPaise,
        quantity: 0,
      },
    ]);
    productId = created!.id;
    // Its variants come from the file: the one made with the product gives way.
    await variants.deleteVariants(tx, [created!.variantId]);
  }
  await repository.replaceProductColors(tx, [{ productId, colorIds: product.colorIds }]);
  const inputs = await variantInputs(tx, productId, product.variants);
  try {
    checkVariants(product.options, inputs);
  } catch (error) {
    if (error instanceof AppError) return { refused: error.message };
    throw error;
  }
  await writeVariants(tx, actor, productId, product.options, inputs, { reason: 'import', note: () => note });
  await setStatedStock(tx, actor, productId, product.variants, inputs, note);
  await variants.setProductOptions(tx, productId, product.options);
  return { created: !current };
}

/** The file's variants as the grid would send them, matched to the product's by SKU or values. */
async function variantInputs(
  tx: Transaction,
  productId: string,
  imported: ImportedVariantValues[],
): Promise<VariantInput[]> {
  const current = await variants.variantsOfProducts(tx, [productId], { archived: true });
  return imported.map((variant) => {
    const match =
      current.find((c) => c.sku.toLowerCase() === variant.sku.toLowerCase()) ??
      current.find((c) => JSON.stringify(c.optionValues) === JSON.stringify(variant.values));
    return {
      ...(match ? { _id: match.id } : {}),
      sku: variant.sku,
      barcode: variant.barcode,
      values: variant.values,
      price: variant.pricePaise / 100,
      // The grid refuses an MRP below the price: such a "before" price is dropped.
      mrp: variant.mrpPaise === null || variant.mrpPaise < variant.pricePaise ? null : variant.mrpPaise / 100,
      weight: variant.weightGrams,
      length: null,
      width: null,
      height: null,
      images: [],
      quantity: variant.quantity ?? 0,
    };
  });
}

/** Stock the file states for variants the product already had: set through the ledger. */
async function setStatedStock(
  tx: Transaction,
  actor: AuditActor,
  productId: string,
  imported: ImportedVariantValues[],
  inputs: VariantInput[],
  note: string,
) {
  const stock = new Map((await variants.variantsOfProducts(tx, [productId])).map((v) => [v.id, v.quantity]));
  for (const [i, input] of inputs.entries()) {
    const stated = imported[i]!.quantity;
    if (!input._id || stated === null) continue;
    const delta = stated - (stock.get(input._id) ?? 0);
    if (delta === 0) continue;
    const after = await ledger.changeQuantity(tx, input._id, delta);
    await ledger.insertMovements(tx, [
      {
        productId,
        variantId: input._id,
        delta,
        quantityAfter: after ?? stated,
        reason: 'import',
        note,
        staffId: actor.id,
      },
    ]);
  }
}
