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

/** Stock changed by hand in the console: every change a movement in the ledger and an audit event. */

/** Changes a locked product's stock by `delta`, never below 0 (a 409), with its movement and audit event. */
export async function adjustStockInTransaction(
  tx: Transaction,
  actor: AuditActor,
  product: { id: string; title: string; quantity: number },
  delta: number,
  reason: StockMovementReason,
  note: string,
) {
  const after = await ledger.changeQuantity(tx, product.id, delta);
  if (after === undefined) {
    throw conflict(
      `${product.title} has ${product.quantity} in stock: removing ${-delta} would take it below 0.`,
    );
  }
  const [movement] = await ledger.insertMovements(tx, [
    { productId: product.id, delta, quantityAfter: after, reason, note, staffId: actor.id },
  ]);
  await recordAudit(tx, actor, {
    action: 'product.stock',
    entityType: 'product',
    entityId: product.id,
    summary: `Stock of ${product.title}: ${product.quantity} → ${after} (${reason}${note ? `: ${note}` : ''})`,
    before: { quantity: product.quantity },
    after: { quantity: after, delta, reason, note },
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
      const delta = input.set !== undefined ? input.set - row.quantity : input.change!;
      if (delta === 0) throw badRequest(`The stock is already ${row.quantity}: nothing to change.`);
      const { after, movement } = await adjustStockInTransaction(
        tx,
        actor,
        row,
        delta,
        input.reason,
        input.note,
      );
      return { after, movement, delta };
    }),
  );
  return {
    quantity: result.after,
    movement: {
      _id: result.movement.id,
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
