import { formatPaise, rupeesToPaise } from '../../shared/money.js';
import type { OrderLineQuantity } from '../db/schema.js';
import type { AuditActor } from '../modules/audit/index.js';
import {
  type LifecycleActor,
  linesOfOrders,
  type OrderChanges,
  type Payout,
  planRefund,
  type Refunds,
} from '../modules/orders/index.js';

const rupees = (paise: number) => formatPaise(paise);

/**
 * Staff refunding an order, in full, by amount or by lines: checked against what is left to
 * refund in the order's transaction, recorded, and asked of the payment provider after the commit
 * (or, for cash on delivery, recorded as paid back by transfer).
 */
export function createOrderRefund(deps: {
  changes: OrderChanges;
  refunds: Pick<Refunds, 'refundablePaise'>;
}) {
  const { refunds } = deps;
  const { audit, snapshot, withOrder, startRefund, lineUsage, checkLines } = deps.changes;

  async function refund(
    actor: LifecycleActor & { kind: 'staff' },
    orderId: string,
    input: {
      reason: string;
      amount?: number | undefined;
      lines?: OrderLineQuantity[] | undefined;
      payout?: Payout | undefined;
    },
  ) {
    await withOrder(actor, orderId, async (tx, order, work) => {
      const refundable = await refunds.refundablePaise(tx, order);
      let amountPaise = refundable;
      if (input.lines) {
        const [lines, usage] = await Promise.all([linesOfOrders(tx, [order.id]), lineUsage(tx, order.id)]);
        amountPaise = checkLines(input.lines, lines, usage.refunded, 'refund');
      } else if (input.amount !== undefined) {
        amountPaise = rupeesToPaise(input.amount);
      }
      planRefund(order, amountPaise, refundable, rupees);
      const recorded = await startRefund(tx, order, actor, work, {
        amountPaise,
        reason: input.reason,
        ...(input.lines ? { lines: input.lines } : {}),
        payout: input.payout,
      });
      await audit(
        tx,
        actor,
        order,
        'order.refund',
        `Refund of ${rupees(amountPaise)} on order ${order.orderNumber}: ${input.reason}`,
        snapshot(order),
        {
          ...snapshot(order),
          refund: { id: recorded.id, amountPaise, lines: input.lines ?? [] },
        },
      );
    });
  }

  return {
    refund: (
      staff: AuditActor,
      id: string,
      input: {
        reason: string;
        amount?: number | undefined;
        lines?: OrderLineQuantity[] | undefined;
        payout?: Payout | undefined;
      },
    ) => refund({ kind: 'staff', staff }, id, input),
  };
}
