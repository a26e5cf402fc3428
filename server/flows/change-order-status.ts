import type { OrderStatus } from '../../shared/api/orders.schemas.js';
import type { Database } from '../db/client.js';
import { conflict, notFound } from '../lib/errors.js';
import {
  findOrder,
  type LifecycleActor,
  ORDER_NOT_FOUND,
  type OrderChanges,
  type OrderLifecycle,
} from '../modules/orders/index.js';
import type { OrderCancellation } from './cancel-order.js';

/**
 * The original clients' status change (staff's PUT of an order's status): forward along the
 * fulfilment steps, or a cancellation (a flow of its own, cancel-order.ts).
 */
export function createOrderStatusChange(deps: {
  db: Database;
  changes: OrderChanges;
  lifecycle: Pick<OrderLifecycle, 'moveFulfilment'>;
  cancellation: Pick<OrderCancellation, 'cancelOrder'>;
}) {
  const { db } = deps;
  const { audit, snapshot } = deps.changes;

  /** The original clients' one-word statuses, mapped onto the state machine. */
  async function changeStatus(actor: LifecycleActor & { kind: 'staff' }, orderId: string, to: OrderStatus) {
    switch (to) {
      case 'Processing':
        return deps.lifecycle.moveFulfilment(actor, orderId, 'packed');
      case 'Shipped':
        return deps.lifecycle.moveFulfilment(actor, orderId, 'shipped');
      case 'Out for delivery':
        return deps.lifecycle.moveFulfilment(actor, orderId, 'out_for_delivery');
      case 'Delivered':
        return deps.lifecycle.moveFulfilment(actor, orderId, 'delivered');
      case 'Cancelled':
        return deps.cancellation.cancelOrder(actor, orderId, 'Cancelled by the shop');
      case 'Ordered': {
        const order = await findOrder(db, orderId);
        if (!order) throw notFound(ORDER_NOT_FOUND);
        if (order.orderStatus === 'Ordered') {
          await db.transaction((tx) =>
            audit(
              tx,
              actor,
              order,
              'order.status',
              `Order ${order.orderNumber} set to Ordered again (no change)`,
              snapshot(order),
              snapshot(order),
            ),
          );
          return;
        }
        throw conflict(
          `Order ${order.orderNumber} is already ${order.orderStatus}: it cannot go back to Ordered. Orders only move forward.`,
        );
      }
      default:
        throw conflict(
          `An order is not ${to.toLowerCase()} by changing its status: refunds and returns are made from the order page, which returns the money through the payment provider.`,
        );
    }
  }

  return { changeStatus };
}
