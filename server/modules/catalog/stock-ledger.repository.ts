import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.js';
import { productVariants, type StockMovementReason, staff, stockMovements } from '../../db/schema.js';

/**
 * The stock ledger's SQL. Staff change a variant's quantity only here, and every change writes
 * its movement in the same transaction, so the ledger always adds up to the stock (sales are the
 * exception: they are counted in `product_variants.sold` by the order that takes them).
 */

export type MovementRow = {
  id: string;
  sku: string;
  delta: number;
  quantityAfter: number;
  reason: string;
  note: string;
  staffEmail: string | null;
  createdAt: Date;
};

/**
 * Adds `delta` units (negative removes) unless that would take the stock below zero; returns the
 * new quantity, or undefined when refused. One statement, so a concurrent sale cannot slip
 * between the check and the write.
 */
export async function changeQuantity(
  tx: Transaction,
  variantId: string,
  delta: number,
): Promise<number | undefined> {
  const [row] = await tx
    .update(productVariants)
    .set({ quantity: sql`${productVariants.quantity} + ${delta}` })
    .where(and(eq(productVariants.id, variantId), gte(sql`${productVariants.quantity} + ${delta}`, 0)))
    .returning({ quantity: productVariants.quantity });
  return row?.quantity;
}

export async function insertMovements(
  tx: Transaction,
  movements: {
    productId: string;
    variantId: string;
    delta: number;
    quantityAfter: number;
    reason: StockMovementReason;
    note: string;
    staffId: string | null;
  }[],
): Promise<{ id: string; createdAt: Date }[]> {
  if (movements.length === 0) return [];
  const written: { id: string; createdAt: Date }[] = [];
  for (let i = 0; i < movements.length; i += 2000) {
    written.push(
      ...(await tx
        .insert(stockMovements)
        .values(movements.slice(i, i + 2000))
        .returning({ id: stockMovements.id, createdAt: stockMovements.createdAt })),
    );
  }
  return written;
}

/**
 * Sets several variants' quantities at once (an import), in batches of one statement each.
 * Returns nothing: the caller computed the quantities under its row locks.
 */
export async function setQuantities(
  tx: Transaction,
  rows: { id: string; quantity: number }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) {
    await tx.execute(sql`
      update ${productVariants} p set quantity = v.quantity
      from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + 2000))}::jsonb) as v(id uuid, quantity integer)
      where p.id = v.id`);
  }
}

export async function listMovements(
  db: Executor,
  productId: string,
  page: number,
  limit: number,
): Promise<{ rows: MovementRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: stockMovements.id,
        sku: productVariants.sku,
        delta: stockMovements.delta,
        quantityAfter: stockMovements.quantityAfter,
        reason: stockMovements.reason,
        note: stockMovements.note,
        staffEmail: staff.email,
        createdAt: stockMovements.createdAt,
      })
      .from(stockMovements)
      .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
      .leftJoin(staff, eq(staff.id, stockMovements.staffId))
      .where(eq(stockMovements.productId, productId))
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockMovements)
      .where(eq(stockMovements.productId, productId)),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}
