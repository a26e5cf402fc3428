import type { ApiMyOrder, ApiRefund, ApiReturn, OrderStatus } from '../../../shared/api/orders.schemas.js';
import { formatPaise, paiseToRupees, rupeesToPaise } from '../../../shared/money.js';
import type { ShippingAddress } from '../../../shared/schemas/address.js';
import type { Transaction } from '../../db/client.js';
import type { OrderLineQuantity, Shipment, ShippingInfo } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Mail } from '../../lib/mailer.js';
import type { ServiceDeps } from '../../service-deps.js';
import { customerContact } from '../accounts/index.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { restockUnits } from '../catalog/index.js';
import { releaseCouponUseOfOrder } from '../coupons/index.js';
import { queueEmail } from '../email-outbox/index.js';
import { checkDeliveryPincode } from '../pincodes/index.js';
import { MAX_CODE_SENDS, RESEND_SECONDS } from './cod-codes.js';
import { findConfirmation } from './cod-confirmations.repository.js';
import { takeDocumentNumber } from './document-numbers.js';
import * as emails from './lifecycle.emails.js';
import { orderBreakupAnswer } from './order-breakup.js';
import { presentEvents } from './order-events.js';
import {
  canCancel,
  derivedStatus,
  type FulfilmentStep,
  type Lifecycle,
  planCancel,
  planCollectCash,
  planFulfilment,
  planRefund,
  planReturnRequest,
  returnDeadline,
} from './order-lifecycle.js';
import type { RefundRow } from './order-lifecycle.repository.js';
import * as repository from './order-lifecycle.repository.js';
import { presentCustomerOrders } from './order-presenter.js';
import { presentOrderTax } from './order-tax.js';
import type { OrderLineTaxRow, OrderRow } from './orders.repository.js';
import { linesOfOrders } from './orders.repository.js';
import type { Payout, Refunds } from './refunds.service.js';
import { createTaxDocuments } from './tax-documents.service.js';

/** Who changes an order: the customer it belongs to, a staff member, or the shop itself. */
export type LifecycleActor =
  | { kind: 'customer'; userId: string; name: string }
  | { kind: 'staff'; staff: AuditActor }
  | { kind: 'system' };

const ORDER_NOT_FOUND = 'There is no order with that id.';
const PAYOUT_NEEDED =
  'This order was paid in cash on delivery, so no payment provider can refund it: pay the customer back by bank transfer or UPI, then record how, with the transfer reference.';
const NO_PAYOUT =
  'This order was paid online: its refund goes back through the payment provider, so leave out how it was paid back.';
const RETURN_NOT_FOUND = 'This order has no return with that id.';
const SHOP = 'Bharat Bazaar';

type Work = {
  /** Refunds recorded in the transaction, to ask the provider for once it commits. */
  refunds: string[];
  /** Cash-on-delivery refunds paid out and recorded processed: announced once it commits. */
  payouts: { refund: RefundRow; order: OrderRow }[];
  /** E-mails to the customer, rendered and queued in the outbox before the change commits. */
  mails: ((to: { email: string; firstname: string }, tx: Transaction) => Mail | Promise<Mail>)[];
  stockChanged: boolean;
};

const rupees = (paise: number) => formatPaise(paise);

/**
 * What the customer paid for `units` of a line: its price less its share of the coupon (issue 15),
 * pro rata; all units of the line give back exactly what was paid for it.
 */
function netOfUnits(
  line: Pick<OrderLineTaxRow, 'pricePaise' | 'quantity' | 'discountPaise'>,
  units: number,
): number {
  const paid = line.pricePaise * line.quantity - line.discountPaise;
  return units >= line.quantity ? paid : Math.round((paid * units) / line.quantity);
}

/**
 * The order lifecycle (issue 14): every change after payment, for customers (cancel, ask for a
 * return) and staff (pack, ship, deliver, cancel, refund, decide and receive returns, notes).
 *
 * Each change runs in one transaction holding the order's row lock: the state machine of
 * order-lifecycle.ts checks it against the order as it is now (so a customer cancelling while staff
 * ship are served one after the other, and the second gets a 409 naming why), the statuses and the
 * derived `orderStatus` are written, the order event and (for staff) the audit record are inserted,
 * stock goes back and refunds are recorded. Only after the commit is the payment provider asked
 * (refunds.service.ts) and the customer e-mailed.
 */
export function createOrderLifecycle(deps: ServiceDeps & { refunds: Refunds }) {
  const { db, refunds, catalog, config } = deps;
  const now = () => new Date();
  const orderUrl = (order: OrderRow) => `${config.publicUrl}/my-orders/${order.id}`;
  // The order pages list the tax invoice and the credit notes.
  const taxDocuments = createTaxDocuments({ db, seller: config.seller });

  function actorFields(actor: LifecycleActor) {
    if (actor.kind === 'customer')
      return { actorType: 'customer' as const, actorName: actor.name, staffId: null };
    if (actor.kind === 'staff')
      return { actorType: 'staff' as const, actorName: actor.staff.email, staffId: actor.staff.id };
    return { actorType: 'system' as const, actorName: SHOP, staffId: null };
  }

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

  const snapshot = (order: OrderRow) => ({
    state: order.state,
    paymentStatus: order.paymentStatus,
    fulfilmentStatus: order.fulfilmentStatus,
    orderStatus: order.orderStatus,
    refundedPaise: order.refundedPaise,
  });

  /**
   * Runs `change` on the locked order and queues its e-mails in the same transaction; afterwards
   * asks the provider for the refunds it recorded. A customer only reaches their own orders (anyone else's is a 404).
   */
  async function withOrder(
    actor: LifecycleActor,
    orderId: string,
    change: (tx: Transaction, order: OrderRow, work: Work) => Promise<void>,
  ): Promise<void> {
    const work: Work = { refunds: [], payouts: [], mails: [], stockChanged: false };
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
              await mail({ email: contact.email, firstname: contact.firstname }, tx),
              'order lifecycle',
            );
          }
        }
      }
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

  /** Units per line already refunded by line (refunds not failed) and in returns not rejected. */
  async function lineUsage(tx: Transaction | typeof db, orderId: string) {
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
  function checkLines(
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

  function write(tx: Transaction, order: OrderRow, values: repository.LifecycleUpdate) {
    const next = { ...order, ...values };
    return repository.updateOrder(tx, order.id, { ...values, orderStatus: derivedStatus(next) });
  }

  const STEP_EVENT: Record<FulfilmentStep, string> = {
    packed: 'packed',
    shipped: 'shipped',
    out_for_delivery: 'out_for_delivery',
    delivered: 'delivered',
  };

  async function moveFulfilment(
    actor: LifecycleActor,
    orderId: string,
    to: FulfilmentStep,
    extra: { note?: string | undefined; shipment?: Shipment | undefined } = {},
  ) {
    await withOrder(actor, orderId, async (tx, order, work) => {
      if (!planFulfilment(order, to)) {
        await audit(
          tx,
          actor,
          order,
          `order.${to}`,
          `Order ${order.orderNumber} already ${to.replace(/_/g, ' ')} (no change)`,
          snapshot(order),
          snapshot(order),
        );
        return;
      }
      const at = now();
      const values: repository.LifecycleUpdate = { fulfilmentStatus: to };
      if (to === 'packed') values.packedAt = at;
      if (to === 'shipped') {
        values.shippedAt = at;
        values.packedAt = order.packedAt ?? at;
        values.shipment = extra.shipment ?? null;
      }
      if (to === 'out_for_delivery' || to === 'delivered') values.shippedAt = order.shippedAt ?? at;
      // A cash-on-delivery order is invoiced as its goods leave (CGST rule 46 and section 31: at
      // the removal of goods), not when placed: one that lapses or is cancelled before never had
      // an invoice to cancel (decision 014).
      const invoiceNow = to === 'shipped' && order.paymentMethod === 'cod' && !order.invoiceNumber;
      if (to === 'delivered') {
        values.deliveredAt = at;
        values.state = 'completed';
      }
      if (invoiceNow) {
        values.invoiceNumber = await takeDocumentNumber(tx, 'INV', at);
        values.invoiceDate = at;
      }
      const next = await write(tx, order, values);
      await event(tx, order, actor, STEP_EVENT[to], {
        note: extra.note,
        data: extra.shipment ? { ...extra.shipment } : {},
      });
      await audit(
        tx,
        actor,
        order,
        `order.${to}`,
        `Order ${order.orderNumber}: ${order.orderStatus} → ${next.orderStatus}${extra.shipment ? ` (${extra.shipment.carrier}, AWB ${extra.shipment.awb})` : ''}`,
        snapshot(order),
        { ...snapshot(next), ...(extra.shipment ? { shipment: extra.shipment } : {}) },
      );
      if (to === 'shipped' && extra.shipment) {
        const shipment = extra.shipment;
        work.mails.push((c) =>
          emails.orderShippedEmail({
            to: c.email,
            firstname: c.firstname,
            orderNumber: order.orderNumber,
            carrier: shipment.carrier,
            awb: shipment.awb,
            trackingUrl: shipment.trackingUrl,
            orderUrl: orderUrl(order),
          }),
        );
      }
      if (to === 'delivered') {
        const until = config.returnWindowDays > 0 ? returnDeadline(at, config.returnWindowDays) : null;
        // The invoice as it stands now, drawn in this transaction: the e-mail carries what was true
        // when the order was delivered, whenever the mail server takes it.
        work.mails.push(async (c, tx) => {
          const invoice = await createTaxDocuments({ db: tx, seller: config.seller }).invoiceAttachment(
            order.id,
          );
          return {
            ...emails.orderDeliveredEmail({
              to: c.email,
              firstname: c.firstname,
              orderNumber: order.orderNumber,
              orderUrl: orderUrl(order),
              returnUntil: until,
              invoiceNumber: invoice ? order.invoiceNumber : null,
            }),
            ...(invoice ? { attachments: [invoice] } : {}),
          };
        });
      }
    });
  }

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
        emails.orderCancelledEmail({
          to: c.email,
          firstname: c.firstname,
          orderNumber: order.orderNumber,
          reason,
          byCustomer: actor.kind === 'customer',
          lapsed,
          refundPaise: refundable,
          orderUrl: orderUrl(order),
        }),
      );
    });
  }

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

  /** Cash on delivery: the cash was collected; the order is paid from now. */
  async function collectCash(actor: LifecycleActor & { kind: 'staff' }, orderId: string, note?: string) {
    await withOrder(actor, orderId, async (tx, order) => {
      if (!planCollectCash(order)) {
        await audit(
          tx,
          actor,
          order,
          'order.collect_cash',
          `Cash for order ${order.orderNumber} already collected (no change)`,
          snapshot(order),
          snapshot(order),
        );
        return;
      }
      const next = await write(tx, order, { paymentStatus: 'paid', paidAt: now() });
      await event(tx, order, actor, 'cash_collected', {
        note,
        data: { amountPaise: order.totalPriceAfterDiscountPaise },
      });
      await audit(
        tx,
        actor,
        order,
        'order.collect_cash',
        `Cash of ${rupees(order.totalPriceAfterDiscountPaise)} collected for order ${order.orderNumber}`,
        snapshot(order),
        snapshot(next),
      );
    });
  }

  async function addNote(actor: LifecycleActor & { kind: 'staff' }, orderId: string, note: string) {
    await withOrder(actor, orderId, async (tx, order) => {
      await event(tx, order, actor, 'note', { note });
      await audit(tx, actor, order, 'order.note', `Note on order ${order.orderNumber}`, {}, { note });
    });
  }

  async function requestReturn(
    actor: LifecycleActor & { kind: 'customer' },
    orderId: string,
    input: { lines: OrderLineQuantity[]; reason: string },
  ) {
    await withOrder(actor, orderId, async (tx, order) => {
      if (config.returnWindowDays <= 0) throw conflict('This shop does not take returns.');
      planReturnRequest(order, returnDeadline(order.deliveredAt, config.returnWindowDays), now());
      const [lines, usage] = await Promise.all([linesOfOrders(tx, [order.id]), lineUsage(tx, order.id)]);
      checkLines(input.lines, lines, usage.returned, 'return');
      const created = await repository.insertReturn(tx, {
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

  async function decideReturn(
    actor: LifecycleActor & { kind: 'staff' },
    orderId: string,
    returnId: string,
    decision: { approve: true; note?: string | undefined } | { approve: false; reason: string },
  ) {
    await withOrder(actor, orderId, async (tx, order, work) => {
      const ret = await repository.lockReturn(tx, order.id, returnId);
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
      await repository.updateReturn(tx, ret.id, { status: to, decisionNote: note, decidedAt: now() });
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
          emails.returnApprovedEmail({
            to: c.email,
            firstname: c.firstname,
            orderNumber: order.orderNumber,
            lines: chosen,
            note,
            orderUrl: orderUrl(order),
          }),
        );
      } else {
        const reason = decision.reason;
        work.mails.push((c) =>
          emails.returnRejectedEmail({
            to: c.email,
            firstname: c.firstname,
            orderNumber: order.orderNumber,
            reason,
            orderUrl: orderUrl(order),
          }),
        );
      }
    });
  }

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
      const ret = await repository.lockReturn(tx, order.id, returnId);
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
      await repository.updateReturn(tx, ret.id, {
        status: 'received',
        restockable: input.restockable,
        receivedAt: at,
        ...(ret.decidedAt ? {} : { decidedAt: at }),
      });
      const lines = await linesOfOrders(tx, [order.id]);
      const byId = new Map(lines.map((l) => [l.id, l]));
      if (input.restockable) {
        await restockUnits(
          tx,
          ret.lines.flatMap((l) => {
            const line = byId.get(l.lineId);
            return line ? [{ productId: line.productId, quantity: l.quantity }] : [];
          }),
          { reason: 'returned', note: `Return on order ${order.orderNumber}`, staffId: actor.staff.id },
        );
        work.stockChanged = true;
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
        const value = ret.lines.reduce(
          (sum, l) => sum + (byId.has(l.lineId) ? netOfUnits(byId.get(l.lineId)!, l.quantity) : 0),
          0,
        );
        refundPaise = Math.min(value, refundable);
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

  /** The statuses, timeline and money of an order, for the customer's page or the console's. */
  async function lifecycleOf(order: OrderRow, forStaff: boolean) {
    const [events, usage, lines, documents, confirmation] = await Promise.all([
      repository.eventsOf(db, order.id),
      lineUsage(db, order.id),
      linesOfOrders(db, [order.id]),
      taxDocuments.listed(order),
      order.paymentMethod === 'cod' ? findConfirmation(db, order.id) : undefined,
    ]);
    const committed = usage.refundRows
      .filter((r) => r.status !== 'failed')
      .reduce((sum, r) => sum + r.amountPaise, 0);
    // Cash on delivery not collected: nothing paid, nothing to refund (as refunds.refundablePaise).
    const refundablePaise =
      order.paymentStatus === 'unpaid' ? 0 : Math.max(0, order.totalPriceAfterDiscountPaise - committed);
    const deadline =
      config.returnWindowDays > 0 ? returnDeadline(order.deliveredAt, config.returnWindowDays) : null;
    const unitsLeftToReturn = lines.some((line) => line.quantity > (usage.returned.get(line.id) ?? 0));
    const canReturn =
      order.state !== 'cancelled' &&
      order.fulfilmentStatus === 'delivered' &&
      deadline !== null &&
      now() <= deadline &&
      unitsLeftToReturn;
    const refundList: ApiRefund[] = usage.refundRows.map((r) => ({
      _id: r.id,
      amount: paiseToRupees(r.amountPaise),
      status: r.status,
      method: r.method,
      reference: r.providerRefundId ?? r.payoutReference,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
      processedAt: r.processedAt?.toISOString() ?? null,
    }));
    const returnList: ApiReturn[] = usage.returnRows.map((r) => ({
      _id: r.id,
      status: r.status,
      lines: r.lines,
      reason: r.reason,
      decisionNote: r.decisionNote,
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
      receivedAt: r.receivedAt?.toISOString() ?? null,
    }));
    const step = (to: FulfilmentStep) => {
      try {
        return order.fulfilmentStatus !== to && planFulfilment(order, to);
      } catch {
        return false;
      }
    };
    const cashCollectable = (() => {
      try {
        return planCollectCash(order);
      } catch {
        return false;
      }
    })();
    // Cash on delivery: when the next code may be sent (a minute after the last, while any is left).
    const nextCodeAt =
      order.state === 'unconfirmed' &&
      confirmation !== undefined &&
      now() < confirmation.confirmBy &&
      confirmation.sends < MAX_CODE_SENDS
        ? new Date(confirmation.lastSentAt.getTime() + RESEND_SECONDS * 1000)
        : null;
    return {
      fields: {
        cod: confirmation
          ? {
              confirmed: confirmation.confirmedAt !== null,
              confirmedAt: confirmation.confirmedAt?.toISOString() ?? null,
              confirmBy: confirmation.confirmBy.toISOString(),
              sentTo: confirmation.sentTo,
              channel: confirmation.channel,
              nextCodeAt: nextCodeAt?.toISOString() ?? null,
              amountDue:
                order.paymentStatus === 'unpaid' && order.state !== 'cancelled'
                  ? paiseToRupees(order.totalPriceAfterDiscountPaise)
                  : 0,
            }
          : null,
        state: order.state,
        paymentStatus: order.paymentStatus,
        fulfilmentStatus: order.fulfilmentStatus,
        shipment: order.shipment ?? null,
        tax: presentOrderTax(order, lines, config.seller),
        events: presentEvents(events, forStaff),
        refunds: refundList,
        returns: returnList,
        refunded: paiseToRupees(order.refundedPaise),
        refundable: paiseToRupees(refundablePaise),
        invoice: documents.invoice,
        creditNotes: documents.creditNotes,
      },
      allowed: {
        cancel: canCancel(order),
        return: canReturn,
        returnUntil: deadline?.toISOString() ?? null,
        resendCode: nextCodeAt !== null,
        changeAddress: addressChangeRefusal(order) === undefined,
      },
      actions: {
        pack: step('packed'),
        ship: step('shipped'),
        outForDelivery: step('out_for_delivery'),
        deliver: step('delivered'),
        cancel: canCancel(order),
        refund: refundablePaise > 0,
        collectCash: cashCollectable,
      },
      lineQuantities: new Map(
        lines.map((line) => [
          line.id,
          {
            refundedQuantity: usage.refunded.get(line.id) ?? 0,
            returnedQuantity: usage.returned.get(line.id) ?? 0,
          },
        ]),
      ),
    };
  }

  /**
   * Correction (issue 17): the customer fixes the delivery address of an order the shop has not
   * started on and whose tax invoice is not issued yet (a cash-on-delivery order is invoiced when it
   * ships; an order paid online at placement, and its invoice prints the address: tax law fixes it).
   * The state stays: it is the place of supply that decided the tax.
   */
  async function changeAddress(actor: LifecycleActor, orderId: string, address: ShippingAddress) {
    await withOrder(actor, orderId, async (tx, order) => {
      const refusal = addressChangeRefusal(order);
      if (refusal) throw conflict(refusal);
      if (address.state !== order.shippingInfo.state) {
        const message = `This order is taxed for delivery in ${order.shippingInfo.state}. To deliver to ${address.state}, cancel it and order again.`;
        throw badRequest(message, { 'shippingInfo.state': message });
      }
      await checkDeliveryPincode(tx, address.pincode, address.state, {
        cashOnDelivery: order.paymentMethod === 'cod',
      });
      const shippingInfo: ShippingInfo = {
        ...address,
        mobile: address.mobile ?? order.shippingInfo.mobile,
      };
      await write(tx, order, { shippingInfo });
      await event(tx, order, actor, 'address_changed', {
        data: { city: address.city, pincode: address.pincode },
      });
      await audit(
        tx,
        actor,
        order,
        'order.address',
        `Delivery address of order ${order.orderNumber} changed to ${address.city} ${address.pincode}`,
        { shippingInfo: order.shippingInfo },
        { shippingInfo },
      );
    });
  }

  /** The customer as the timeline names them (their name as it is today). */
  async function customerActor(userId: string): Promise<LifecycleActor & { kind: 'customer' }> {
    const contact = await customerContact(db, userId);
    const name = contact ? `${contact.firstname} ${contact.lastname}`.trim() : 'Customer';
    return { kind: 'customer', userId, name };
  }

  async function mine(userId: string, orderId: string): Promise<ApiMyOrder> {
    const order = await repository.findOrder(db, orderId);
    if (!order || order.userId !== userId) throw notFound(ORDER_NOT_FOUND);
    const [[base], lifecycle, breakup] = await Promise.all([
      presentCustomerOrders(db, catalog, [order]),
      lifecycleOf(order, false),
      orderBreakupAnswer(db, order),
    ]);
    return { ...base!, ...lifecycle.fields, allowed: lifecycle.allowed, breakup };
  }

  /** The original clients' one-word statuses, mapped onto the state machine. */
  async function changeStatus(actor: LifecycleActor & { kind: 'staff' }, orderId: string, to: OrderStatus) {
    switch (to) {
      case 'Processing':
        return moveFulfilment(actor, orderId, 'packed');
      case 'Shipped':
        return moveFulfilment(actor, orderId, 'shipped');
      case 'Out for delivery':
        return moveFulfilment(actor, orderId, 'out_for_delivery');
      case 'Delivered':
        return moveFulfilment(actor, orderId, 'delivered');
      case 'Cancelled':
        return cancel(actor, orderId, 'Cancelled by the shop');
      case 'Ordered': {
        const order = await repository.findOrder(db, orderId);
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

  return {
    /** The customer's own order (404 for anyone else's). */
    mine,
    async cancelMine(userId: string, orderId: string, reason: string) {
      await cancel(await customerActor(userId), orderId, reason);
      return mine(userId, orderId);
    },
    async changeAddressMine(userId: string, orderId: string, address: ShippingAddress) {
      await changeAddress(await customerActor(userId), orderId, address);
      return mine(userId, orderId);
    },
    async returnMine(userId: string, orderId: string, input: { lines: OrderLineQuantity[]; reason: string }) {
      await requestReturn(await customerActor(userId), orderId, input);
      return mine(userId, orderId);
    },
    lifecycleOf,
    changeStatus,
    pack: (staff: AuditActor, id: string, note?: string) =>
      moveFulfilment({ kind: 'staff', staff }, id, 'packed', { note }),
    ship: (
      staff: AuditActor,
      id: string,
      input: { carrier: string; awb: string; trackingUrl?: string | undefined; note?: string | undefined },
    ) =>
      moveFulfilment({ kind: 'staff', staff }, id, 'shipped', {
        note: input.note,
        shipment: { carrier: input.carrier, awb: input.awb, trackingUrl: input.trackingUrl || null },
      }),
    outForDelivery: (staff: AuditActor, id: string, note?: string) =>
      moveFulfilment({ kind: 'staff', staff }, id, 'out_for_delivery', { note }),
    deliver: (staff: AuditActor, id: string, note?: string) =>
      moveFulfilment({ kind: 'staff', staff }, id, 'delivered', { note }),
    cancel: (staff: AuditActor, id: string, reason: string) => cancel({ kind: 'staff', staff }, id, reason),
    /** A cash-on-delivery order never confirmed in time: cancelled by the shop, if still unconfirmed. */
    lapse: (id: string) => cancel({ kind: 'system' }, id, 'Not confirmed with the code in time', true),
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
    collectCash: (staff: AuditActor, id: string, note?: string) =>
      collectCash({ kind: 'staff', staff }, id, note),
    addNote: (staff: AuditActor, id: string, note: string) => addNote({ kind: 'staff', staff }, id, note),
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

/** Why the customer cannot change the order's delivery address now, or undefined when they can. */
function addressChangeRefusal(order: OrderRow): string | undefined {
  if (order.state === 'cancelled' || order.state === 'completed')
    return `Order ${order.orderNumber} is ${order.state}.`;
  if (order.fulfilmentStatus !== 'unfulfilled')
    return `Order ${order.orderNumber} is already ${order.fulfilmentStatus === 'packed' ? 'packed' : 'on its way'}: please contact us to change where it goes.`;
  if (order.invoiceNumber)
    return `The tax invoice of order ${order.orderNumber} was issued with this address when you paid, and tax law fixes it. To deliver elsewhere, cancel the order (you are refunded in full) and order again.`;
  return undefined;
}

export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;
export type { Lifecycle };
