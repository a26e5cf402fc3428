import type { Transaction } from '../db/client.js';
import type { OrderLineQuantity } from '../db/schema.js';
import { restockUnits } from '../modules/catalog/index.js';
import { type linesOfOrders, netOfUnits } from '../modules/orders/index.js';

/**
 * Goods of an order coming back to the shop, whether the customer returned them (return-order.ts)
 * or the courier brought an undelivered parcel back (receive-rto.ts): the same two steps.
 */

type OrderLine = Awaited<ReturnType<typeof linesOfOrders>>[number];

/**
 * The chosen units of the order's lines back in catalog's stock, in the caller's transaction, with
 * the ledger's reason `returned`. Answers whether anything went back (the catalogue's cache is then
 * stale).
 */
export async function restockOrderUnits(
  tx: Transaction,
  lines: readonly OrderLine[],
  units: readonly OrderLineQuantity[],
  ledger: { note: string; staffId: string | null },
): Promise<boolean> {
  const byId = new Map(lines.map((line) => [line.id, line]));
  const back = units.flatMap((unit) => {
    const line = byId.get(unit.lineId);
    return line && unit.quantity > 0
      ? [{ productId: line.productId, variantId: line.variantId, quantity: unit.quantity }]
      : [];
  });
  if (back.length === 0) return false;
  await restockUnits(tx, back, { reason: 'returned', ...ledger });
  return true;
}

/** What the customer paid for these units of the order's lines (their coupon share taken off). */
export function valueOfUnits(lines: readonly OrderLine[], units: readonly OrderLineQuantity[]): number {
  const byId = new Map(lines.map((line) => [line.id, line]));
  return units.reduce((sum, unit) => {
    const line = byId.get(unit.lineId);
    return sum + (line ? netOfUnits(line, unit.quantity) : 0);
  }, 0);
}
