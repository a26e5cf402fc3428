import type {
  ApiStockAdjustment,
  ApiStockMovements,
  StockAdjustmentInput,
} from '../../../shared/api/catalog-admin.schemas.js';
import { STOCK_MOVEMENTS_PAGE } from '../../../shared/api/catalog-admin.schemas.js';
import type { Transaction } from '../../db/client.js';
import type { StockMovementReason } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { afterWrite, type CatalogAdminContext, loadDetail, NOT_FOUND } from './catalog-admin-context.js';
import { findAdminProduct } from './product-writes.repository.js';
import * as ledger from './stock-ledger.repository.js';
import { liveVariantStock, variantsByIds } from './variants.repository.js';

const skuOf = async (tx: Transaction, variantId: string) =>
  (await variantsByIds(tx, [variantId]))[0]?.sku ?? '';

/** Stock changed by hand in the console: every change a movement in the ledger and an audit event. */

type StockTarget = { id: string; variantId: string; title: string; quantity: number };

/**
 * The variant a product-level stock edit changes: the one given (it must be the product's), or
 * the product's only live one; a 400 asks which when it has several.
 */
export async function variantForStock(
  tx: Transaction,
  product: { id: string; title: string },
  variantId: string | undefined,
): Promise<StockTarget> {
  const live = (await liveVariantStock(tx, [product.id])).get(product.id) ?? [];
  const chosen = variantId ? live.find((v) => v.id === variantId) : live.length === 1 ? live[0] : undefined;
  if (chosen)
    return { id: product.id, variantId: chosen.id, title: product.title, quantity: chosen.quantity };
  if (variantId) throw notFound(`That variant is not one of ${product.title}'s variants on sale.`);
  throw badRequest(
    live.length === 0
      ? `${product.title} has no variant on sale: add or restore one before changing its stock.`
      : `${product.title} has ${live.length} variants: choose which variant's stock to change.`,
    { variantId: 'Choose a variant' },
  );
}

/** Changes a variant's stock by `delta`, never below 0 (a 409), with its movement and audit event. */
export async function adjustStockInTransaction(
  tx: Transaction,
  actor: AuditActor,
  product: StockTarget,
  delta: number,
  reason: StockMovementReason,
  note: string,
) {
  const after = await ledger.changeQuantity(tx, product.variantId, delta);
  if (after === undefined) {
    throw conflict(
      `${product.title} has ${product.quantity} in stock: removing ${-delta} would take it below 0.`,
    );
  }
  const [movement] = await ledger.insertMovements(tx, [
    {
      productId: product.id,
      variantId: product.variantId,
      delta,
      quantityAfter: after,
      reason,
      note,
      staffId: actor.id,
    },
  ]);
  await recordAudit(tx, actor, {
    action: 'product.stock',
    entityType: 'product',
    entityId: product.id,
    summary: `Stock of ${product.title}: ${product.quantity} → ${after} (${reason}${note ? `: ${note}` : ''})`,
    before: { variantId: product.variantId, quantity: product.quantity },
    after: { variantId: product.variantId, quantity: after, delta, reason, note },
  });
  return { after, movement: movement! };
}

export async function adjustStock(
  ctx: CatalogAdminContext,
  actor: AuditActor,
  id: string,
  input: StockAdjustmentInput,
): Promise<ApiStockAdjustment> {
  const result = await afterWrite(
    ctx,
    ctx.db.transaction(async (tx) => {
      const { row } = await loadDetail(ctx, tx, id, { lock: true });
      const target = await variantForStock(tx, row, input.variantId);
      const delta = input.set !== undefined ? input.set - target.quantity : input.change!;
      if (delta === 0) throw badRequest(`The stock is already ${target.quantity}: nothing to change.`);
      const { after, movement } = await adjustStockInTransaction(
        tx,
        actor,
        target,
        delta,
        input.reason,
        input.note,
      );
      return { after, movement, delta, sku: await skuOf(tx, target.variantId) };
    }),
  );
  return {
    quantity: result.after,
    movement: {
      _id: result.movement.id,
      sku: result.sku,
      delta: result.delta,
      quantityAfter: result.after,
      reason: input.reason,
      note: input.note,
      staff: actor.email,
      createdAt: result.movement.createdAt.toISOString(),
    },
  };
}

/** A product's stock movements, a page at a time. */
export async function stockMovements(
  { db }: CatalogAdminContext,
  id: string,
  page = 1,
): Promise<ApiStockMovements> {
  if (!isUuid(id) || !(await findAdminProduct(db, id))) throw notFound(NOT_FOUND);
  const { rows, total } = await ledger.listMovements(db, id, page, STOCK_MOVEMENTS_PAGE);
  return {
    movements: rows.map((row) => ({
      _id: row.id,
      sku: row.sku,
      delta: row.delta,
      quantityAfter: row.quantityAfter,
      reason: row.reason,
      note: row.note,
      staff: row.staffEmail,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    page,
    limit: STOCK_MOVEMENTS_PAGE,
  };
}
