import { formatPaise } from '../../shared/money.js';
import type { OrderLineQuantity } from '../db/schema.js';
import { conflict, notFound } from '../lib/errors.js';
import type { AuditActor } from '../modules/audit/index.js';
import {
  insertReturn,
  type LifecycleActor,
  linesOfOrders,
  lockReturn,
  type OrderChanges,
  type OrderLifecycle,
  type Payout,
  planReturnRequest,
  RETURN_NOT_FOUND,
  type Refunds,
  returnApprovedEmail,
  returnDeadline,
  returnRejectedEmail,
  unitsLeftToReturn,
  updateReturn,
} from '../modules/orders/index.js';
import { unitsReturningToOrigin } from '../modules/shipments/index.js';
import { restockOrderUnits, valueOfUnits } from './goods-back.js';

const rupees = (paise: number) => formatPaise(paise);
type ReturnDeps = {
  changes: OrderChanges;
  refunds: Pick<Refunds, 'refundablePaise'>;
  lifecycle: Pick<OrderLifecycle, 'mine'>;
  returnWindowDays: number;
};

/**
 * Units in a parcel that came back to the shop undelivered (returned to origin) never reached the
 * customer: asking to return them is refused, saying so.
 */
function refuseUndelivered(
  chosen: OrderLineQuantity[],
  lines: { id: string; title: string; quantity: number }[],
  returned: Map<string, number>,
  cameBack: Map<string, number>,
) {
  const left = new Map(unitsLeftToReturn(lines, returned, cameBack).map((l) => [l.lineId, l.quantity]));
  for (const pick of chosen) {
    const line = lines.find((l) => l.id === pick.lineId);
    const back = cameBack.get(pick.lineId) ?? 0;
    const units = left.get(pick.lineId) ?? 0;
    if (!line || back === 0 || pick.quantity <= units) continue;
    throw conflict(
      units === 0
        ? `${line.title} never reached you: its parcel came back to us undelivered, so there is nothing of it to return.`
        : `${line.title}: ${back} of ${line.quantity} never reached you (their parcel came back to us undelivered), so only ${units} can be returned.`,
    );
  }
}

/** The customer asks, within the return window, for chosen units of a delivered order. */
function createReturnRequest(deps: ReturnDeps) {
  const config = { returnWindowDays: deps.returnWindowDays };
  const { now, withOrder, event, lineUsage, checkLines } = deps.changes;

  async function requestReturn(
    actor: LifecycleActor & { kind: 'customer' },
    orderId: string,
    input: { lines: OrderLineQuantity[]; reason: string },
  ) {
    await withOrder(actor, orderId, async (tx, order) => {
      if (config.returnWindowDays <= 0) throw conflict('This shop does not take returns.');
      planReturnRequest(order, returnDeadline(order.deliveredAt, config.returnWindowDays), now());
      const [lines, usage, cameBack] = await Promise.all([
        linesOfOrders(tx, [order.id]),
        lineUsage(tx, order.id),
        unitsReturningToOrigin(tx, order.id),
      ]);
      refuseUndelivered(input.lines, lines, usage.returned, cameBack);
      checkLines(input.lines, lines, usage.returned, 'return');
      const created = await insertReturn(tx, {
        orderId: order.id,
        lines: input.lines,
        reason: input.reason,
      });
      await event(tx, order, actor, 'return_requested', {
        note: input.reason,
        data: { returnId: created.id, lines: input.lines },
      });
    });
  }
  return requestReturn;
}

/** Staff approve or reject a requested return; the customer is told either way. */
function createReturnDecision(deps: ReturnDeps) {
  const { now, orderUrl, audit, withOrder, event } = deps.changes;

  async function decideReturn(
    actor: LifecycleActor & { kind: 'staff' },
    orderId: string,
    returnId: string,
    decision: { approve: true; note?: string | undefined } | { approve: false; reason: string },
  ) {
    await withOrder(actor, orderId, async (tx, order, work) => {
      const ret = await lockReturn(tx, order.id, returnId);
      if (!ret) throw notFound(RETURN_NOT_FOUND);
      const to = decision.approve ? 'approved' : 'rejected';
      if (ret.status === to) {
        await audit(
          tx,
          actor,
          order,
          `order.return.${decision.approve ? 'approve' : 'reject'}`,
          `Return on order ${order.orderNumber} already ${to} (no change)`,
          { status: to },
          { status: to },
        );
        return;
      }
      if (ret.status !== 'requested') {
        throw conflict(`This return was already ${ret.status}: it can no longer be ${to}.`);
      }
      const note = decision.approve ? decision.note || null : decision.reason;
      await updateReturn(tx, ret.id, { status: to, decisionNote: note, decidedAt: now() });
      await event(tx, order, actor, decision.approve ? 'return_approved' : 'return_rejected', {
        note,
        data: { returnId: ret.id },
      });
      await audit(
        tx,
        actor,
        order,
        `order.return.${decision.approve ? 'approve' : 'reject'}`,
        `Return on order ${order.orderNumber} ${to}${note ? `: ${note}` : ''}`,
        { status: ret.status },
        { status: to, note },
      );
      if (decision.approve) {
        const lines = await linesOfOrders(tx, [order.id]);
        const byId = new Map(lines.map((l) => [l.id, l]));
        const chosen = ret.lines.map((l) => ({
          title: byId.get(l.lineId)?.title ?? 'Item',
          quantity: l.quantity,
        }));
        work.mails.push((c) =>
          returnApprovedEmail({
            to: c.email,
            firstname: c.firstname,
            locale: c.language,
            orderNumber: order.orderNumber,
            lines: chosen,
            note,
            orderUrl: orderUrl(order),
          }),
        );
      } else {
        const reason = decision.reason;
        work.mails.push((c) =>
          returnRejectedEmail({
            to: c.email,
            firstname: c.firstname,
            locale: c.language,
            orderNumber: order.orderNumber,
            reason,
            orderUrl: orderUrl(order),
          }),
        );
      }
    });
  }
  return decideReturn;
}

/** Staff receive the goods: resellable units back in stock, the order returned when all are back, the refund. */
function createReturnReceipt(deps: ReturnDeps) {
  const { refunds } = deps;
  const { now, audit, snapshot, withOrder, event, startRefund, lineUsage, write } = deps.changes;

  async function receiveReturn(
    actor: LifecycleActor & { kind: 'staff' },
    orderId: string,
    returnId: string,
    input: {
      restockable: boolean;
      refund?: boolean | undefined;
      payout?: Payout | undefined;
      note?: string | undefined;
    },
  ) {
    await withOrder(actor, orderId, async (tx, order, work) => {
      const ret = await lockReturn(tx, order.id, returnId);
      if (!ret) throw notFound(RETURN_NOT_FOUND);
      if (ret.status === 'received') {
        await audit(
          tx,
          actor,
          order,
          'order.return.receive',
          `Return on order ${order.orderNumber} already received (no change)`,
          { status: 'received' },
          { status: 'received' },
        );
        return;
      }
      if (ret.status === 'rejected')
        throw conflict('This return was rejected: reopen it by asking the customer to request a new one.');
      const at = now();
      await updateReturn(tx, ret.id, {
        status: 'received',
        restockable: input.restockable,
        receivedAt: at,
        ...(ret.decidedAt ? {} : { decidedAt: at }),
      });
      const lines = await linesOfOrders(tx, [order.id]);
      if (input.restockable) {
        const ledger = { note: `Return on order ${order.orderNumber}`, staffId: actor.staff.id };
        if (await restockOrderUnits(tx, lines, ret.lines, ledger)) work.stockChanged = true;
      }
      await event(tx, order, actor, 'return_received', {
        note: input.note || null,
        data: { returnId: ret.id, restockable: input.restockable },
      });
      // Every unit of every line back: the order is returned.
      const usage = await lineUsage(tx, order.id);
      const allBack = lines.every((line) => (usage.received.get(line.id) ?? 0) >= line.quantity);
      let next = order;
      if (allBack) {
        next = await write(tx, order, { fulfilmentStatus: 'returned' });
        await event(tx, order, { kind: 'system' }, 'returned');
      }
      let refundPaise = 0;
      if (input.refund ?? true) {
        const refundable = await refunds.refundablePaise(tx, next);
        refundPaise = Math.min(valueOfUnits(lines, ret.lines), refundable);
        if (refundPaise > 0) {
          await startRefund(tx, next, actor, work, {
            amountPaise: refundPaise,
            reason: `Return received: ${ret.reason}`,
            lines: ret.lines,
            returnId: ret.id,
            payout: input.payout,
          });
        }
      }
      await audit(
        tx,
        actor,
        order,
        'order.return.receive',
        `Return on order ${order.orderNumber} received (${input.restockable ? 'restocked' : 'not resellable'}); ${rupees(refundPaise)} to refund`,
        { status: ret.status, ...snapshot(order) },
        { status: 'received', restockable: input.restockable, ...snapshot(next) },
      );
    });
  }
  return receiveReturn;
}

/**
 * Returns: the customer asks within the return window, staff approve or reject, and receive the
 * goods: resellable units go back to catalog's stock, what was paid for them is refunded.
 */
export function createOrderReturns(deps: ReturnDeps) {
  const { customerActor } = deps.changes;
  const requestReturn = createReturnRequest(deps);
  const decideReturn = createReturnDecision(deps);
  const receiveReturn = createReturnReceipt(deps);

  return {
    async returnMine(userId: string, orderId: string, input: { lines: OrderLineQuantity[]; reason: string }) {
      await requestReturn(await customerActor(userId), orderId, input);
      return deps.lifecycle.mine(userId, orderId);
    },
    approveReturn: (staff: AuditActor, id: string, returnId: string, note?: string) =>
      decideReturn({ kind: 'staff', staff }, id, returnId, { approve: true, note }),
    rejectReturn: (staff: AuditActor, id: string, returnId: string, reason: string) =>
      decideReturn({ kind: 'staff', staff }, id, returnId, { approve: false, reason }),
    receiveReturn: (
      staff: AuditActor,
      id: string,
      returnId: string,
      input: {
        restockable: boolean;
        refund?: boolean | undefined;
        payout?: Payout | undefined;
        note?: string | undefined;
      },
    ) => receiveReturn({ kind: 'staff', staff }, id, returnId, input),
  };
}
