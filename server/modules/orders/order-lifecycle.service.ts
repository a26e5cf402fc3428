import type { ApiMyOrder, ApiRefund, ApiReturn } from '../../../shared/api/orders.schemas.js';
import { paiseToRupees } from '../../../shared/money.js';
import type { ShippingAddress } from '../../../shared/schemas/address.js';
import type { Transaction } from '../../db/client.js';
import type { Shipment, ShippingInfo } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { ServiceDeps } from '../../service-deps.js';
import type { AuditActor } from '../audit/index.js';
import { checkDeliveryPincode } from '../pincodes/index.js';
import { unitsReturningToOrigin } from '../shipments/index.js';
import { MAX_CODE_SENDS, RESEND_SECONDS } from './cod-codes.js';
import { findConfirmation } from './cod-confirmations.repository.js';
import { takeDocumentNumber } from './document-numbers.js';
import * as emails from './lifecycle.emails.js';
import { orderBreakupAnswer } from './order-breakup.js';
import { type LifecycleActor, ORDER_NOT_FOUND, type OrderChanges, rupees } from './order-changes.js';
import { presentEvents } from './order-events.js';
import {
  canCancel,
  type FulfilmentStep,
  type Lifecycle,
  planCollectCash,
  planFulfilment,
  returnDeadline,
} from './order-lifecycle.js';
import * as repository from './order-lifecycle.repository.js';
import { orderUpdates } from './order-messages.js';
import { presentCustomerOrders } from './order-presenter.js';
import { presentOrderTax } from './order-tax.js';
import type { OrderRow } from './orders.repository.js';
import { linesOfOrders } from './orders.repository.js';
import { createTaxDocuments } from './tax-documents.service.js';

type LifecycleDeps = ServiceDeps & { changes: OrderChanges };

/** Packing, shipping, delivering (with the invoice of a cash-on-delivery order), cash collected, notes. */
function createFulfilment(deps: LifecycleDeps) {
  const { config, changes } = deps;
  const { now, orderUrl, audit, snapshot, withOrder, event, write } = changes;

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
            locale: c.language,
            orderNumber: order.orderNumber,
            carrier: shipment.carrier,
            awb: shipment.awb,
            trackingUrl: shipment.trackingUrl,
            orderUrl: orderUrl(order),
          }),
        );
        work.updates.push(orderUpdates.shipped(order, shipment));
      }
      if (to === 'out_for_delivery') work.updates.push(orderUpdates.outForDelivery(next));
      if (to === 'delivered') {
        work.updates.push(orderUpdates.delivered(order));
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
              locale: c.language,
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

  async function addNote(actor: LifecycleActor & { kind: 'staff' }, orderId: string, note: string) {
    await withOrder(actor, orderId, async (tx, order) => {
      await event(tx, order, actor, 'note', { note });
      await audit(tx, actor, order, 'order.note', `Note on order ${order.orderNumber}`, {}, { note });
    });
  }

  return { moveFulfilment, addNote };
}

/** Cash on delivery collected: by hand (staff), or as the courier's remittance says (a flow). */
function createCashCollection(deps: LifecycleDeps) {
  const { now, audit, snapshot, withOrder, event, write } = deps.changes;

  /**
   * Cash on delivery: the cash was collected (by hand, or the courier's remittance: `reference`);
   * the order is paid from now. Runs in the caller's transaction, under the order's lock. What was
   * collected is the total less what will never be collected (parcels that came back).
   */
  async function collectCashIn(
    tx: Transaction,
    actor: LifecycleActor,
    order: OrderRow,
    extra: { note?: string | undefined; reference?: string | undefined } = {},
  ) {
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
      return order;
    }
    const amountPaise = order.totalPriceAfterDiscountPaise - order.refundedPaise;
    const next = await write(tx, order, { paymentStatus: 'paid', paidAt: now() });
    await event(tx, order, actor, 'cash_collected', {
      note: extra.note,
      data: { amountPaise, ...(extra.reference ? { reference: extra.reference } : {}) },
    });
    await audit(
      tx,
      actor,
      order,
      'order.collect_cash',
      `Cash of ${rupees(amountPaise)} collected for order ${order.orderNumber}${extra.reference ? ` (remittance ${extra.reference})` : ''}`,
      snapshot(order),
      snapshot(next),
    );
    return next;
  }

  async function collectCash(actor: LifecycleActor & { kind: 'staff' }, orderId: string, note?: string) {
    await withOrder(actor, orderId, async (tx, order) => {
      await collectCashIn(tx, actor, order, { note });
    });
  }

  return { collectCash, collectCashIn };
}

/**
 * The units of each line the customer can still ask to return: bought, less those in a return
 * not rejected and those in a parcel that came back to the shop undelivered (they never arrived).
 */
export function unitsLeftToReturn(
  lines: { id: string; quantity: number }[],
  returned: Map<string, number>,
  cameBack: Map<string, number>,
) {
  return lines
    .map((line) => ({
      lineId: line.id,
      quantity: Math.max(0, line.quantity - (returned.get(line.id) ?? 0) - (cameBack.get(line.id) ?? 0)),
    }))
    .filter((line) => line.quantity > 0);
}

type UsageRows = Awaited<ReturnType<OrderChanges['lineUsage']>>;

const presentRefund = (r: UsageRows['refundRows'][number]): ApiRefund => ({
  _id: r.id,
  amount: paiseToRupees(r.amountPaise),
  status: r.status,
  method: r.method,
  reference: r.providerRefundId ?? r.payoutReference,
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
  processedAt: r.processedAt?.toISOString() ?? null,
});

const presentReturn = (r: UsageRows['returnRows'][number]): ApiReturn => ({
  _id: r.id,
  status: r.status,
  lines: r.lines,
  reason: r.reason,
  decisionNote: r.decisionNote,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
  receivedAt: r.receivedAt?.toISOString() ?? null,
});

/** The order as the customer's page and the console's show it: statuses, timeline, money, actions. */
function createOrderView(deps: LifecycleDeps) {
  const { db, catalog, config, changes } = deps;
  const { now, lineUsage } = changes;
  // The order pages list the tax invoice and the credit notes.
  const taxDocuments = createTaxDocuments({ db, seller: config.seller });

  async function lifecycleOf(order: OrderRow, forStaff: boolean) {
    const [events, usage, lines, documents, confirmation, cameBack] = await Promise.all([
      repository.eventsOf(db, order.id),
      lineUsage(db, order.id),
      linesOfOrders(db, [order.id]),
      taxDocuments.listed(order),
      order.paymentMethod === 'cod' ? findConfirmation(db, order.id) : undefined,
      // Only a delivered order can be returned; its parcels are read only then.
      order.fulfilmentStatus === 'delivered'
        ? unitsReturningToOrigin(db, order.id)
        : new Map<string, number>(),
    ]);
    const committed = usage.refundRows
      .filter((r) => r.status !== 'failed')
      .reduce((sum, r) => sum + r.amountPaise, 0);
    // Cash on delivery that will never be collected (its parcel came back) is not money given back.
    const uncollected = usage.refundRows
      .filter((r) => r.method === 'not_collected')
      .reduce((sum, r) => sum + r.amountPaise, 0);
    // Cash on delivery not collected: nothing paid, nothing to refund (as refunds.refundablePaise).
    const refundablePaise =
      order.paymentStatus === 'unpaid' ? 0 : Math.max(0, order.totalPriceAfterDiscountPaise - committed);
    const deadline =
      config.returnWindowDays > 0 ? returnDeadline(order.deliveredAt, config.returnWindowDays) : null;
    const returnable = unitsLeftToReturn(lines, usage.returned, cameBack);
    const canReturn =
      order.state !== 'cancelled' &&
      order.fulfilmentStatus === 'delivered' &&
      deadline !== null &&
      now() <= deadline &&
      returnable.length > 0;
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
                  ? paiseToRupees(order.totalPriceAfterDiscountPaise - order.refundedPaise)
                  : 0,
            }
          : null,
        state: order.state,
        paymentStatus: order.paymentStatus,
        fulfilmentStatus: order.fulfilmentStatus,
        shipment: order.shipment ?? null,
        tax: presentOrderTax(order, lines, config.seller),
        events: presentEvents(events, forStaff),
        refunds: usage.refundRows.map(presentRefund),
        returns: usage.returnRows.map(presentReturn),
        refunded: paiseToRupees(order.refundedPaise - uncollected),
        refundable: paiseToRupees(refundablePaise),
        invoice: documents.invoice,
        creditNotes: documents.creditNotes,
      },
      allowed: {
        cancel: canCancel(order),
        return: canReturn,
        returnUntil: deadline?.toISOString() ?? null,
        returnable: canReturn ? returnable : [],
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
  return { lifecycleOf, mine };
}

/** The customer's fix of the delivery address, while nothing has shipped or been invoiced. */
function createAddressChange(deps: LifecycleDeps) {
  const { changes } = deps;
  const { audit, withOrder, event, write } = changes;

  /**
   * Correction: the customer fixes the delivery address of an order the shop has not
   * started on and whose tax invoice is not issued yet (a cash-on-delivery order is invoiced when it
   * ships; an order paid online at placement, and its invoice prints the address: tax law fixes it).
   * The state stays: it is the place of supply that decided the tax.
   */ async function changeAddress(actor: LifecycleActor, orderId: string, address: ShippingAddress) {
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
  return { changeAddress };
}

/**
 * The order lifecycle: the changes after payment that stay within orders (pack, ship, deliver,
 * collect cash, notes, the customer's address fix) and the order as its pages show it. Cancelling,
 * refunding and returning cross modules: they are flows (server/flows/cancel-order.ts,
 * refund-order.ts, return-order.ts) made of the same parts (order-changes.ts).
 *
 * Each change runs in one transaction holding the order's row lock: the state machine of
 * order-lifecycle.ts checks it against the order as it is now (so a customer cancelling while staff
 * ship are served one after the other, and the second gets a 409 naming why), the statuses and the
 * derived `orderStatus` are written, the order event and (for staff) the audit record are inserted,
 * stock goes back and refunds are recorded. Only after the commit is the payment provider asked
 * (refunds.service.ts) and the customer e-mailed.
 */
export function createOrderLifecycle(deps: LifecycleDeps) {
  const { customerActor } = deps.changes;
  const { moveFulfilment, addNote } = createFulfilment(deps);
  const { collectCash, collectCashIn } = createCashCollection(deps);
  const { lifecycleOf, mine } = createOrderView(deps);
  const { changeAddress } = createAddressChange(deps);

  return {
    /** The customer's own order (404 for anyone else's). */
    mine,
    async changeAddressMine(userId: string, orderId: string, address: ShippingAddress) {
      await changeAddress(await customerActor(userId), orderId, address);
      return mine(userId, orderId);
    },
    lifecycleOf,
    moveFulfilment,
    collectCashIn,
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
    collectCash: (staff: AuditActor, id: string, note?: string) =>
      collectCash({ kind: 'staff', staff }, id, note),
    addNote: (staff: AuditActor, id: string, note: string) => addNote({ kind: 'staff', staff }, id, note),
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
export type { Lifecycle, LifecycleActor };
