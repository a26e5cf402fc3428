import type { Locale } from '../../../shared/locales.js';
import { formatPaise } from '../../../shared/money.js';
import type { Executor, Transaction } from '../../db/client.js';
import type { OrderLineQuantity } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Mail } from '../../lib/mailer.js';
import type { ServiceDeps } from '../../service-deps.js';
import { customerContact } from '../accounts/index.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { queueEmail } from '../email-outbox/index.js';
import { derivedStatus } from './order-lifecycle.js';
import type { RefundRow } from './order-lifecycle.repository.js';
import * as repository from './order-lifecycle.repository.js';
import { type OrderUpdate, queueOrderUpdate } from './order-messages.js';
import type { OrderLineTaxRow, OrderRow } from './orders.repository.js';
import type { Payout, Refunds } from './refunds.service.js';

/** Who changes an order: the customer it belongs to, a staff member, or the shop itself. */
export type LifecycleActor =
  | { kind: 'customer'; userId: string; name: string }
  | { kind: 'staff'; staff: AuditActor }
  | { kind: 'system' };

export const ORDER_NOT_FOUND = 'There is no order with that id.';
const PAYOUT_NEEDED =
  'This order was paid in cash on delivery, so no payment provider can refund it: pay the customer back by bank transfer or UPI, then record how, with the transfer reference.';
const NO_PAYOUT =
  'This order was paid online: its refund goes back through the payment provider, so leave out how it was paid back.';
export const RETURN_NOT_FOUND = 'This order has no return with that id.';
const SHOP = 'Bharat Bazaar';

/** Whom an order's e-mail goes to, and the language of their account, which it is written in. */
export type MailRecipient = { email: string; firstname: string; language: Locale };

export type Work = {
  /** Refunds recorded in the transaction, to ask the provider for once it commits. */
  refunds: string[];
  /** Cash-on-delivery refunds paid out and recorded processed: announced once it commits. */
  payouts: { refund: RefundRow; order: OrderRow }[];
  /** E-mails to the customer, rendered and queued in the outbox before the change commits. */
  mails: ((to: MailRecipient, tx: Transaction) => Mail | Promise<Mail>)[];
  /** The same news by SMS and WhatsApp (order-messages.ts), queued with the e-mails. */
  updates: OrderUpdate[];
  stockChanged: boolean;
};

export const rupees = (paise: number) => formatPaise(paise);

/**
 * What the customer paid for `units` of a line: its price less its share of the coupon,
 * pro rata; all units of the line give back exactly what was paid for it.
 */
export function netOfUnits(
  line: Pick<OrderLineTaxRow, 'pricePaise' | 'quantity' | 'discountPaise'>,
  units: number,
): number {
  const paid = line.pricePaise * line.quantity - line.discountPaise;
  return units >= line.quantity ? paid : Math.round((paid * units) / line.quantity);
}

function actorFields(actor: LifecycleActor) {
  if (actor.kind === 'customer')
    return { actorType: 'customer' as const, actorName: actor.name, staffId: null };
  if (actor.kind === 'staff')
    return { actorType: 'staff' as const, actorName: actor.staff.email, staffId: actor.staff.id };
  return { actorType: 'system' as const, actorName: SHOP, staffId: null };
}

/** The statuses an audit record shows before and after a change. */
export const snapshot = (order: OrderRow) => ({
  state: order.state,
  paymentStatus: order.paymentStatus,
  fulfilmentStatus: order.fulfilmentStatus,
  orderStatus: order.orderStatus,
  refundedPaise: order.refundedPaise,
});

/** Units per line already refunded by line (refunds not failed) and in returns not rejected. */
export async function lineUsage(tx: Executor, orderId: string) {
  const [refundRows, returnRows] = await Promise.all([
    repository.refundsOf(tx, orderId),
    repository.returnsOf(tx, orderId),
  ]);
  const refunded = new Map<string, number>();
  for (const refund of refundRows) {
    if (refund.status === 'failed') continue;
    for (const line of refund.lines)
      refunded.set(line.lineId, (refunded.get(line.lineId) ?? 0) + line.quantity);
  }
  const returned = new Map<string, number>();
  const received = new Map<string, number>();
  for (const ret of returnRows) {
    if (ret.status === 'rejected') continue;
    for (const line of ret.lines) {
      returned.set(line.lineId, (returned.get(line.lineId) ?? 0) + line.quantity);
      if (ret.status === 'received')
        received.set(line.lineId, (received.get(line.lineId) ?? 0) + line.quantity);
    }
  }
  return { refunded, returned, received, refundRows, returnRows };
}

/** Checks chosen lines against the order: each line of this order, once, within what is left. */
export function checkLines(
  chosen: OrderLineQuantity[],
  lines: OrderLineTaxRow[],
  used: Map<string, number>,
  what: 'refund' | 'return',
) {
  const byId = new Map(lines.map((line) => [line.id, line]));
  const seen = new Set<string>();
  for (const pick of chosen) {
    const line = byId.get(pick.lineId);
    if (!line)
      throw badRequest('One of the chosen items is not in this order.', {
        lines: 'One of the chosen items is not in this order.',
      });
    if (seen.has(pick.lineId))
      throw badRequest(`${line.title} is chosen twice.`, { lines: `${line.title} is chosen twice.` });
    seen.add(pick.lineId);
    const left = line.quantity - (used.get(line.id) ?? 0);
    if (pick.quantity > left) {
      throw conflict(
        left === 0
          ? `${line.title}: every unit is already ${what === 'refund' ? 'refunded' : 'being returned'}.`
          : `${line.title}: only ${left} of ${line.quantity} can still be ${what === 'refund' ? 'refunded' : 'returned'}.`,
      );
    }
  }
  return chosen.reduce((sum, pick) => sum + netOfUnits(byId.get(pick.lineId)!, pick.quantity), 0);
}

/**
 * What every change of an order after payment is made of (the lifecycle here, and the flows that
 * cancel, refund and return orders): the order locked in one transaction with its e-mails queued,
 * its event and audit record written, refunds recorded; after the commit the provider is asked
 * for the refunds and the catalogue told that stock changed.
 */
export function createOrderChanges(deps: ServiceDeps & { refunds: Refunds }) {
  const { db, refunds, catalog, config } = deps;
  const now = () => new Date();
  const orderUrl = (order: OrderRow) => `${config.publicUrl}/my-orders/${order.id}`;

  async function audit(
    tx: Transaction,
    actor: LifecycleActor,
    order: OrderRow,
    action: string,
    summary: string,
    before: object,
    after: object,
  ) {
    if (actor.kind !== 'staff') return;
    await recordAudit(tx, actor.staff, {
      action,
      entityType: 'order',
      entityId: order.id,
      summary,
      before,
      after,
    });
  }

  /**
   * Runs `change` on the locked order and queues its e-mails in the same transaction; afterwards
   * asks the provider for the refunds it recorded. A customer only reaches their own orders (anyone else's is a 404).
   */
  async function withOrder(
    actor: LifecycleActor,
    orderId: string,
    change: (tx: Transaction, order: OrderRow, work: Work) => Promise<void>,
  ): Promise<void> {
    const work: Work = { refunds: [], payouts: [], mails: [], updates: [], stockChanged: false };
    await db.transaction(async (tx) => {
      const locked = await repository.lockOrder(tx, orderId);
      if (!locked || (actor.kind === 'customer' && locked.userId !== actor.userId))
        throw notFound(ORDER_NOT_FOUND);
      await change(tx, locked, work);
      // The e-mails commit with the change (the outbox, decision 019): none for a change rolled
      // back, none lost for one that stands.
      if (work.mails.length) {
        const contact = await customerContact(tx, locked.userId);
        if (contact) {
          for (const mail of work.mails) {
            await queueEmail(
              tx,
              await mail(
                { email: contact.email, firstname: contact.firstname, language: contact.language },
                tx,
              ),
              'order lifecycle',
            );
          }
        }
      }
      for (const update of work.updates) await queueOrderUpdate(tx, locked, update, config.publicUrl);
    });
    if (work.stockChanged) catalog.invalidateStock();
    for (const refundId of work.refunds) await refunds.request(refundId);
    for (const payout of work.payouts) refunds.announce(payout.refund, payout.order);
  }

  async function event(
    tx: Transaction,
    order: OrderRow,
    actor: LifecycleActor,
    type: string,
    extra: { note?: string | null | undefined; data?: Record<string, unknown> } = {},
  ) {
    await repository.insertEvent(tx, {
      orderId: order.id,
      type,
      ...actorFields(actor),
      note: extra.note || null,
      data: extra.data ?? null,
    });
  }

  /**
   * Records a refund (pending) and its event; the provider is asked after the commit. A cash-on-
   * delivery order has no provider payment to refund: staff pay the customer back themselves and
   * `payout` records how, processed at once (refunds.service.ts recordPayout).
   */
  async function startRefund(
    tx: Transaction,
    order: OrderRow,
    actor: LifecycleActor,
    work: Work,
    request: {
      amountPaise: number;
      reason: string;
      lines?: OrderLineQuantity[];
      returnId?: string | null;
      payout?: Payout | undefined;
    },
  ) {
    if (order.paymentMethod === 'cod') {
      if (!request.payout || actor.kind !== 'staff')
        throw badRequest(PAYOUT_NEEDED, { payout: PAYOUT_NEEDED });
      const paid = await refunds.recordPayout(tx, order, {
        ...request,
        payout: request.payout,
        staffId: actor.staff.id,
        staffName: actor.staff.email,
      });
      work.payouts.push(paid);
      return paid.refund;
    }
    if (request.payout) throw badRequest(NO_PAYOUT, { payout: NO_PAYOUT });
    const refund = await refunds.record(tx, order, {
      ...request,
      staffId: actor.kind === 'staff' ? actor.staff.id : null,
    });
    await event(tx, order, actor, 'refund_requested', {
      note: request.reason,
      data: { refundId: refund.id, amountPaise: refund.amountPaise },
    });
    work.refunds.push(refund.id);
    return refund;
  }

  function write(tx: Transaction, order: OrderRow, values: repository.LifecycleUpdate) {
    const next = { ...order, ...values };
    return repository.updateOrder(tx, order.id, { ...values, orderStatus: derivedStatus(next) });
  }

  /** The customer as the timeline names them (their name as it is today). */
  async function customerActor(userId: string): Promise<LifecycleActor & { kind: 'customer' }> {
    const contact = await customerContact(db, userId);
    const name = contact ? `${contact.firstname} ${contact.lastname}`.trim() : 'Customer';
    return { kind: 'customer', userId, name };
  }

  return {
    now,
    orderUrl,
    audit,
    snapshot,
    withOrder,
    event,
    startRefund,
    lineUsage,
    checkLines,
    write,
    customerActor,
  };
}

export type OrderChanges = ReturnType<typeof createOrderChanges>;
