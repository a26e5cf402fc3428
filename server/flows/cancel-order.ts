import { formatPaise } from '../../shared/money.js';
import type { AuditActor } from '../modules/audit/index.js';
import { restockUnits } from '../modules/catalog/index.js';
import { releaseCouponUseOfOrder } from '../modules/coupons/index.js';
import {
  type LifecycleActor,
  linesOfOrders,
  type OrderChanges,
  type OrderLifecycle,
  orderCancelledEmail,
  planCancel,
  type Refunds,
} from '../modules/orders/index.js';

const rupees = (paise: number) => formatPaise(paise);

/**
 * Cancelling an order, by its customer, by staff, or by the shop when a cash-on-delivery order
 * was never confirmed: in the order's transaction, stock goes back to catalog, a lapsed order's
 * coupon use back to coupons, and what was paid is refunded (asked of the provider after the commit).
 */
export function createOrderCancellation(deps: {
  changes: OrderChanges;
  refunds: Pick<Refunds, 'refundablePaise'>;
  lifecycle: Pick<OrderLifecycle, 'mine'>;
}) {
  const { refunds } = deps;
  const { now, orderUrl, audit, snapshot, withOrder, event, startRefund, write, customerActor } =
    deps.changes;

  /**
   * Cancels the order: stock back, everything paid refunded. `lapsed`: the shop cancelling a
   * cash-on-delivery order its customer never confirmed, only if it is still unconfirmed (a code
   * that arrived first wins); its coupon use goes back too, as it never really was an order.
   */
  async function cancel(actor: LifecycleActor, orderId: string, reason: string, lapsed = false) {
    await withOrder(actor, orderId, async (tx, order, work) => {
      if (lapsed && order.state !== 'unconfirmed') return;
      if (!planCancel(order)) {
        await audit(
          tx,
          actor,
          order,
          'order.cancel',
          `Order ${order.orderNumber} already cancelled (no change)`,
          snapshot(order),
          snapshot(order),
        );
        return;
      }
      const lines = await linesOfOrders(tx, [order.id]);
      await restockUnits(tx, lines, {
        reason: 'cancelled',
        note: `Order ${order.orderNumber} cancelled`,
        staffId: actor.kind === 'staff' ? actor.staff.id : null,
      });
      work.stockChanged = true;
      const next = await write(tx, order, { state: 'cancelled', cancelledAt: now() });
      await event(tx, order, actor, 'cancelled', {
        note: reason,
        ...(lapsed ? { data: { lapsed: true } } : {}),
      });
      if (lapsed) await releaseCouponUseOfOrder(tx, order.id);
      const refundable = await refunds.refundablePaise(tx, order);
      if (refundable > 0) {
        await startRefund(tx, order, actor, work, {
          amountPaise: refundable,
          reason: `Order cancelled: ${reason}`,
        });
      }
      await audit(
        tx,
        actor,
        order,
        'order.cancel',
        `Cancelled order ${order.orderNumber} (${reason}); ${rupees(refundable)} to refund`,
        snapshot(order),
        snapshot(next),
      );
      work.mails.push((c) =>
        orderCancelledEmail({
          to: c.email,
          firstname: c.firstname,
          orderNumber: order.orderNumber,
          reason,
          byCustomer: actor.kind === 'customer',
          lapsed,
          refundPaise: refundable,
          orderUrl: orderUrl(order),
          locale: c.language,
        }),
      );
    });
  }

  return {
    cancelOrder: cancel,
    async cancelMine(userId: string, orderId: string, reason: string) {
      await cancel(await customerActor(userId), orderId, reason);
      return deps.lifecycle.mine(userId, orderId);
    },
    cancel: (staff: AuditActor, id: string, reason: string) => cancel({ kind: 'staff', staff }, id, reason),
    /** A cash-on-delivery order never confirmed in time: cancelled by the shop, if still unconfirmed. */
    lapse: (id: string) => cancel({ kind: 'system' }, id, 'Not confirmed with the code in time', true),
  };
}

export type OrderCancellation = ReturnType<typeof createOrderCancellation>;
