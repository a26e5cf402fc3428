import type { ApiRtoParcel, ApiShipment, RtoCondition } from '../../shared/api/shipments.schemas.js';
import { formatPaise, paiseToRupees } from '../../shared/money.js';
import type { Database, Transaction } from '../db/client.js';
import type { OrderLineQuantity } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import type { AuditActor } from '../modules/audit/index.js';
import {
  findOrder,
  type LifecycleActor,
  linesOfOrders,
  type OrderChanges,
  type OrderLifecycle,
  type OrderRow,
  type Refunds,
  type Work,
} from '../modules/orders/index.js';
import {
  findShipment,
  isActive,
  lockShipment,
  parcelsReturningToOrigin,
  presentShipment,
  type ShipmentWithLines,
  shipmentsOfOrder,
  updateShipment,
} from '../modules/shipments/index.js';
import { SHIPMENT_NOT_FOUND } from './cancel-shipment.js';
import { settleCodIfComplete } from './cod-settlement.js';
import { restockOrderUnits, valueOfUnits } from './goods-back.js';

type ReceiptInput = {
  condition: RtoCondition;
  restock: 'all' | OrderLineQuantity[];
  note?: string | undefined;
};

type Deps = {
  db: Database;
  changes: OrderChanges;
  refunds: Pick<Refunds, 'refundablePaise' | 'recordUncollected'>;
  lifecycle: Pick<OrderLifecycle, 'collectCashIn'>;
};

const STATUS_WORDS: Record<string, string> = {
  pending: 'waiting for the courier’s answer',
  booked: 'booked, not yet picked up',
  picked_up: 'picked up',
  in_transit: 'in transit',
  out_for_delivery: 'out for delivery',
  ndr: 'waiting after a failed delivery attempt',
  delivered: 'delivered',
  rto_initiated: 'still on its way back to the shop',
  cancelled: 'cancelled',
  failed: 'refused by the courier',
};

/** The units to put back in stock: every unit of the parcel, or those named (checked against it). */
function unitsToRestock(parcel: ShipmentWithLines, restock: ReceiptInput['restock']): OrderLineQuantity[] {
  if (restock === 'all') return parcel.lines;
  const inParcel = new Map(parcel.lines.map((l) => [l.lineId, l.quantity]));
  const seen = new Set<string>();
  for (const pick of restock) {
    const units = inParcel.get(pick.lineId);
    const problem =
      units === undefined
        ? 'One of the items to restock is not in this parcel.'
        : seen.has(pick.lineId)
          ? 'An item to restock is named twice.'
          : pick.quantity > units
            ? `Only ${units} of that item ${units === 1 ? 'was' : 'were'} in this parcel.`
            : undefined;
    if (problem) throw badRequest(problem, { restock: problem });
    seen.add(pick.lineId);
  }
  return restock;
}

/**
 * The money of a parcel back from the courier. Prepaid: refunded through the provider, what was
 * paid for the parcel's units, or everything left (delivery included) when the whole order came
 * back. Cash on delivery not yet paid: that much is never to be collected (a processed
 * `not_collected` refund, with its credit note). A COD order already marked paid is refunded by
 * staff by hand (they pay it out): nothing automatic.
 */
async function settleParcelMoney(
  deps: Deps,
  tx: Transaction,
  order: OrderRow,
  actor: LifecycleActor & { kind: 'staff' },
  work: Work,
  parcel: ShipmentWithLines & { awb: string },
  whole: boolean,
) {
  const lines = await linesOfOrders(tx, [order.id]);
  const reason = `Returned to origin: parcel ${parcel.awb} came back undelivered`;
  // The whole order with nothing given back before: no lines named, so the credit note reverses
  // the invoice exactly (delivery included); otherwise the parcel's lines.
  const total = order.totalPriceAfterDiscountPaise;
  if (order.paymentMethod === 'online') {
    const refundable = await deps.refunds.refundablePaise(tx, order);
    const amountPaise = whole ? refundable : Math.min(valueOfUnits(lines, parcel.lines), refundable);
    if (amountPaise <= 0) return { order, refundedPaise: 0, uncollectedPaise: 0 };
    const named = whole && refundable === total ? [] : parcel.lines;
    await deps.changes.startRefund(tx, order, actor, work, { amountPaise, reason, lines: named });
    return { order, refundedPaise: amountPaise, uncollectedPaise: 0 };
  }
  if (order.paymentStatus !== 'unpaid') return { order, refundedPaise: 0, uncollectedPaise: 0 };
  const left = total - order.refundedPaise;
  const amountPaise = whole ? left : Math.min(parcel.codAmountPaise, left);
  if (amountPaise <= 0) return { order, refundedPaise: 0, uncollectedPaise: 0 };
  const forgone = await deps.refunds.recordUncollected(tx, order, {
    amountPaise,
    reason,
    lines: whole && left === total ? [] : parcel.lines,
    reference: parcel.awb,
    staffId: actor.staff.id,
    actorName: actor.staff.email,
  });
  return { order: forgone.order, refundedPaise: 0, uncollectedPaise: amountPaise };
}

/** Whether every unit of the order went in a parcel and every parcel came back and was received. */
async function wholeOrderBack(tx: Transaction, order: OrderRow) {
  const [lines, parcels] = await Promise.all([linesOfOrders(tx, [order.id]), shipmentsOfOrder(tx, order.id)]);
  const active = parcels.filter((p) => isActive(p.status));
  const units = new Map<string, number>();
  for (const p of active)
    for (const l of p.lines) units.set(l.lineId, (units.get(l.lineId) ?? 0) + l.quantity);
  return (
    active.length > 0 &&
    lines.every((line) => (units.get(line.id) ?? 0) >= line.quantity) &&
    active.every((p) => p.status === 'rto_delivered' && p.rtoReceivedAt !== null)
  );
}

/**
 * Receiving back a parcel returned to origin (crossing shipments, orders and catalog), under the
 * order's lock: the receipt is recorded on the parcel once, its resellable units go back to stock,
 * the timeline and the audit trail say so, and the money is settled exactly once (a second receipt,
 * or a second person at the same moment, finds it received and changes nothing). When every parcel
 * of the order came back, the order closes: returned, and cancelled (nothing was sold).
 */
export function createRtoReceiving(deps: Deps) {
  const { db, changes } = deps;

  async function receive(staff: AuditActor, shipmentId: string, input: ReceiptInput) {
    const found = await findShipment(db, shipmentId);
    if (!found) throw notFound(SHIPMENT_NOT_FOUND);
    const actor = { kind: 'staff' as const, staff };
    const result = { refunded: 0, notCollected: 0, orderReturned: false, alreadyReceived: false };
    await changes.withOrder(actor, found.orderId, async (tx, order, work) => {
      const locked = await lockShipment(tx, shipmentId);
      if (!locked) throw notFound(SHIPMENT_NOT_FOUND);
      const awb = locked.awb ?? '';
      if (locked.rtoReceivedAt) {
        result.alreadyReceived = true;
        await changes.audit(
          tx,
          actor,
          order,
          'shipment.rto_receive',
          `Parcel ${awb} of order ${order.orderNumber} already received back (no change)`,
          {},
          {},
        );
        return;
      }
      if (locked.status !== 'rto_delivered')
        throw conflict(
          `Parcel ${awb} is ${STATUS_WORDS[locked.status] ?? locked.status} (${locked.status}): only a parcel returned to origin and back at the shop (rto_delivered) can be received.`,
        );
      const parcel = { ...found, ...locked, awb };
      const restocked = unitsToRestock(parcel, input.restock);
      const at = changes.now();
      await updateShipment(tx, shipmentId, {
        rtoCondition: input.condition,
        rtoRestocked: restocked,
        rtoNote: input.note || null,
        rtoReceivedAt: at,
        rtoReceivedBy: staff.id,
      });
      const lines = await linesOfOrders(tx, [order.id]);
      const ledger = {
        note: `Parcel ${awb} of order ${order.orderNumber} returned to origin`,
        staffId: staff.id,
      };
      if (await restockOrderUnits(tx, lines, restocked, ledger)) work.stockChanged = true;
      await changes.event(tx, order, actor, 'rto_received', {
        note: input.note || null,
        data: { shipmentId, awb, condition: input.condition, restocked },
      });
      const whole = await wholeOrderBack(tx, order);
      const money = await settleParcelMoney(deps, tx, order, actor, work, parcel, whole);
      result.refunded = money.refundedPaise;
      result.notCollected = money.uncollectedPaise;
      let next = money.order;
      if (whole) {
        next = await changes.write(tx, next, {
          fulfilmentStatus: 'returned',
          state: 'cancelled',
          cancelledAt: at,
        });
        await changes.event(tx, next, { kind: 'system' }, 'returned_to_origin');
        result.orderReturned = true;
      } else {
        next = await settleCodIfComplete(deps, tx, next, actor);
      }
      const restockedUnits = restocked.reduce((sum, l) => sum + l.quantity, 0);
      await changes.audit(
        tx,
        actor,
        order,
        'shipment.rto_receive',
        `Parcel ${awb} of order ${order.orderNumber} received back (${input.condition}, ${restockedUnits} units restocked); ${formatPaise(money.refundedPaise)} to refund, ${formatPaise(money.uncollectedPaise)} not to collect${whole ? '; order closed as returned' : ''}`,
        { shipmentId, status: locked.status, ...changes.snapshot(order) },
        {
          shipmentId,
          condition: input.condition,
          restocked,
          note: input.note ?? null,
          ...changes.snapshot(next),
        },
      );
    });
    const shipment = (await findShipment(db, shipmentId))!;
    return {
      shipment: presentShipment(shipment),
      refunded: paiseToRupees(result.refunded),
      notCollected: paiseToRupees(result.notCollected),
      orderReturned: result.orderReturned,
      alreadyReceived: result.alreadyReceived,
    };
  }

  /** Parcels on their way back and back at the shop awaiting receipt, with their orders. */
  async function returning(): Promise<{ toReceive: ApiRtoParcel[]; comingBack: ApiRtoParcel[] }> {
    const parcels = await parcelsReturningToOrigin(db);
    const orderIds = [...new Set(parcels.map((p) => p.orderId))];
    const [orders, lines] = await Promise.all([
      Promise.all(orderIds.map((id) => findOrder(db, id))),
      linesOfOrders(db, orderIds),
    ]);
    const byId = new Map(orders.flatMap((o) => (o ? [[o.id, o] as const] : [])));
    const listed = parcels.flatMap((parcel): (ApiRtoParcel & { status: string })[] => {
      const order = byId.get(parcel.orderId);
      if (!order) return [];
      const to = order.shippingInfo;
      const shipment: ApiShipment = presentShipment(parcel);
      const ofOrder = lines.filter((l) => l.orderId === order.id);
      const titleOf = (lineId: string) => {
        const line = ofOrder.find((l) => l.id === lineId);
        return line ? (line.variantTitle ? `${line.title}, ${line.variantTitle}` : line.title) : 'An item';
      };
      return [
        {
          status: parcel.status,
          shipment,
          orderNumber: order.orderNumber,
          customerName: `${to.firstName} ${to.lastName}`.trim() || 'Customer',
          paymentMethod: order.paymentMethod,
          items: parcel.lines.map((l) => ({ ...l, title: titleOf(l.lineId) })),
          value: paiseToRupees(valueOfUnits(ofOrder, parcel.lines)),
          since: parcel.since.toISOString(),
        },
      ];
    });
    const strip = ({ status: _status, ...rest }: ApiRtoParcel & { status: string }) => rest;
    return {
      toReceive: listed.filter((p) => p.status === 'rto_delivered').map(strip),
      comingBack: listed.filter((p) => p.status === 'rto_initiated').map(strip),
    };
  }

  return { receive, returning };
}

export type RtoReceiving = ReturnType<typeof createRtoReceiving>;
