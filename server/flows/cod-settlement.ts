import type { Transaction } from '../db/client.js';
import type { LifecycleActor, OrderLifecycle, OrderRow } from '../modules/orders/index.js';
import { isActive, isReturning, remittedParcels, shipmentsOfOrder } from '../modules/shipments/index.js';

/**
 * A cash-on-delivery order is paid once its cash is all in: the order delivered, and every parcel
 * either delivered with its cash remitted by the courier, or back at the shop and received (its
 * cash never to be collected). Then the order is marked paid through the lifecycle's cash-collected
 * path, with the remittances' references. Runs in the caller's transaction, under the order's lock;
 * called when a remittance row applies (remit-cod.ts) and when a parcel is received back
 * (receive-rto.ts), whichever completes the order.
 */
export async function settleCodIfComplete(
  deps: { lifecycle: Pick<OrderLifecycle, 'collectCashIn'> },
  tx: Transaction,
  order: OrderRow,
  actor: LifecycleActor,
): Promise<OrderRow> {
  if (order.paymentMethod !== 'cod' || order.paymentStatus !== 'unpaid') return order;
  if (order.state === 'cancelled' || order.fulfilmentStatus !== 'delivered') return order;
  const parcels = (await shipmentsOfOrder(tx, order.id)).filter((p) => isActive(p.status));
  const remitted = await remittedParcels(
    tx,
    parcels.map((p) => p.id),
  );
  const delivered = parcels.filter((p) => p.status === 'delivered');
  const settled = parcels.every(
    (p) => (p.status === 'delivered' && remitted.has(p.id)) || (isReturning(p.status) && p.rtoReceivedAt),
  );
  if (!settled || delivered.length === 0) return order;
  const references = [...new Set(delivered.map((p) => remitted.get(p.id)!.reference))].join(', ');
  return deps.lifecycle.collectCashIn(tx, actor, order, { reference: references });
}
