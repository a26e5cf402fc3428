import type {
  ApiAdminVariants,
  VariantInput,
  VariantsInput,
} from '../../../shared/api/catalog-variants.schemas.js';
import { paiseToRupees, rupeesToPaise } from '../../../shared/money.js';
import type { Executor, Transaction } from '../../db/client.js';
import type { ProductOption } from '../../db/schema.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { afterWrite, type CatalogAdminContext, loadDetail } from './catalog-admin-context.js';
import * as products from './product-writes.repository.js';
import * as ledger from './stock-ledger.repository.js';
import { variantLabel } from './variants.js';
import * as repository from './variants.repository.js';

/**
 * The console's variant grid: a product's options and one variant per combination sold. Stock is
 * not written here (the stock ledger is), except a new variant's opening stock, with its movement.
 */

const invalid = (message: string, field = 'variants') => badRequest(message, { [field]: message });

export async function getVariants(ctx: CatalogAdminContext, id: string): Promise<ApiAdminVariants> {
  const { row } = await loadDetail(ctx, ctx.db, id);
  return readVariants(ctx.db, id, row.options);
}

async function readVariants(
  db: Executor,
  productId: string,
  options: ProductOption[],
): Promise<ApiAdminVariants> {
  const [variants, held] = await Promise.all([
    repository.variantsOfProducts(db, [productId]),
    repository.heldByVariant(db, productId),
  ]);
  return {
    options,
    variants: variants.map((v) => ({
      _id: v.id,
      sku: v.sku,
      barcode: v.barcode,
      values: v.optionValues,
      label: variantLabel(options, v),
      price: paiseToRupees(v.pricePaise),
      mrp: v.mrpPaise === null ? null : paiseToRupees(v.mrpPaise),
      quantity: v.quantity,
      held: held.get(v.id) ?? 0,
      sold: v.sold,
      weight: v.weightGrams,
      length: v.lengthMm,
      width: v.widthMm,
      height: v.heightMm,
      images: v.imagePositions,
    })),
  };
}

/** Options as stored: names unique, at most one colour option, its values colours of the shop. */
export async function checkOptions(
  db: Executor,
  options: VariantsInput['options'],
): Promise<ProductOption[]> {
  const names = options.map((o) => o.name.toLowerCase());
  if (new Set(names).size !== names.length) throw invalid('Two options have the same name.', 'options');
  if (options.filter((o) => o.kind === 'color').length > 1) {
    throw invalid('Only one option can be the colour.', 'options');
  }
  for (const option of options) {
    const folded = option.values.map((v) => v.toLowerCase());
    if (new Set(folded).size !== folded.length) {
      throw invalid(`${option.name} lists a value twice.`, 'options');
    }
    if (option.kind === 'color') {
      const known = await products.colorsByIds(
        db,
        option.values.filter((v) => /^[0-9a-f-]{36}$/i.test(v)),
      );
      if (known.length !== option.values.length) {
        throw invalid(`${option.name}: choose colours from the shop's colour list.`, 'options');
      }
    }
  }
  return options.map((o) => ({ name: o.name, kind: o.kind, values: o.values }));
}

/** Every variant a combination of the options' values, none twice, SKUs unique in the form. */
export function checkVariants(options: ProductOption[], variants: VariantInput[]) {
  const combos = new Set<string>();
  const skus = new Set<string>();
  for (const variant of variants) {
    if (variant.values.length !== options.length) {
      throw invalid(
        `${variant.sku}: give one value for each option (${options.map((o) => o.name).join(', ') || 'none'}).`,
      );
    }
    variant.values.forEach((value, i) => {
      if (!options[i]!.values.includes(value)) {
        throw invalid(`${variant.sku}: "${value}" is not one of ${options[i]!.name}'s values.`);
      }
    });
    const combo = JSON.stringify(variant.values);
    if (combos.has(combo))
      throw invalid(`Two variants are ${variant.values.join(' / ') || 'without options'}.`);
    combos.add(combo);
    const sku = variant.sku.toLowerCase();
    if (skus.has(sku)) throw invalid(`Two variants have the SKU ${variant.sku}.`);
    skus.add(sku);
  }
}

function writeOf(options: ProductOption[], variant: VariantInput, position: number): repository.VariantWrite {
  const colorIndex = options.findIndex((o) => o.kind === 'color');
  return {
    sku: variant.sku,
    barcode: variant.barcode || null,
    optionValues: variant.values,
    colorId: colorIndex >= 0 ? variant.values[colorIndex]! : null,
    pricePaise: rupeesToPaise(variant.price),
    mrpPaise: variant.mrp === null ? null : rupeesToPaise(variant.mrp),
    weightGrams: variant.weight ?? null,
    lengthMm: variant.length ?? null,
    widthMm: variant.width ?? null,
    heightMm: variant.height ?? null,
    imagePositions: variant.images,
    position,
  };
}

export async function saveVariants(
  ctx: CatalogAdminContext,
  actor: AuditActor,
  id: string,
  input: VariantsInput,
): Promise<ApiAdminVariants> {
  return afterWrite(
    ctx,
    ctx.db.transaction(async (tx) => {
      const { row } = await loadDetail(ctx, tx, id, { lock: true });
      const options = await checkOptions(tx, input.options);
      checkVariants(options, input.variants);
      const taken = await repository.skusHeldElsewhere(
        tx,
        id,
        input.variants.map((v) => v.sku),
      );
      if (taken.length > 0) {
        throw conflict(`The SKU ${taken[0]!.sku} is already used by ${taken[0]!.title}. Choose another.`);
      }
      const summary = await writeVariants(tx, actor, id, options, input.variants);
      await repository.setProductOptions(tx, id, options);
      const colorOption = options.find((o) => o.kind === 'color');
      if (colorOption)
        await products.replaceProductColors(tx, [{ productId: id, colorIds: colorOption.values }]);
      await recordAudit(tx, actor, {
        action: 'product.variants',
        entityType: 'product',
        entityId: id,
        summary: `Variants of ${row.title}: ${input.variants.length} on sale (${summary.added} added, ${summary.removed} removed)`,
        after: { options, skus: input.variants.map((v) => v.sku) },
      });
      return readVariants(tx, id, options);
    }),
  );
}

/**
 * Updates, restores, adds and archives a locked product's variants (checked already); a new
 * variant's opening stock is a movement with `note`. Returns how many were added and removed.
 */
export async function writeVariants(
  tx: Transaction,
  actor: AuditActor,
  productId: string,
  options: ProductOption[],
  variants: VariantInput[],
  opening: { reason: 'created' | 'import'; note: (sku: string) => string } = {
    reason: 'created',
    note: (sku) => `New variant ${sku}`,
  },
): Promise<{ added: number; removed: number }> {
  const existing = await repository.variantsOfProducts(tx, [productId], { archived: true });
  const byId = new Map(existing.map((v) => [v.id, v]));
  for (const variant of variants) {
    if (variant._id && !byId.has(variant._id))
      throw invalid(`${variant.sku} is not one of this product's variants.`);
  }
  // A new variant whose values another one has (archived, or on sale but not sent by its id, as
  // when the grid's row was removed and generated again) takes that one's place, its stock and
  // history with it: a product has one variant per combination.
  const claimed = new Set(variants.flatMap((v) => (v._id ? [v._id] : [])));
  const unclaimedByValues = new Map(
    existing.filter((v) => !claimed.has(v.id)).map((v) => [JSON.stringify(v.optionValues), v.id]),
  );
  const plan = variants.map((variant) => ({
    variant,
    id: variant._id ?? unclaimedByValues.get(JSON.stringify(variant.values)),
  }));
  const kept = new Set(plan.flatMap((p) => (p.id ? [p.id] : [])));
  const leaving = existing.filter((v) => !kept.has(v.id));
  const wantedSkus = new Set(variants.map((v) => v.sku.toLowerCase()));
  await repository.archiveVariants(
    tx,
    leaving.filter((v) => v.archivedAt === null).map((v) => v.id),
  );
  await repository.renameSkus(
    tx,
    leaving.filter((v) => wantedSkus.has(v.sku.toLowerCase())).map((v) => v.id),
  );
  await repository.releaseIdentities(tx, [...kept]);
  let added = 0;
  for (const [position, { variant, id }] of plan.entries()) {
    const values = writeOf(options, variant, position);
    if (id) {
      await repository.updateVariant(tx, id, values);
      continue;
    }
    added += 1;
    const variantId = await repository.insertVariant(tx, productId, {
      ...values,
      quantity: variant.quantity,
    });
    if (variant.quantity > 0) {
      await ledger.insertMovements(tx, [
        {
          productId,
          variantId,
          delta: variant.quantity,
          quantityAfter: variant.quantity,
          reason: opening.reason,
          note: opening.note(variant.sku),
          staffId: actor.id,
        },
      ]);
    }
  }
  return { added, removed: leaving.filter((v) => v.archivedAt === null).length };
}
