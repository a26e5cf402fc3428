import type { Database, Transaction } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import {
  findOrder,
  type OrderChanges,
  type OrderLifecycle,
  type OrderRow,
  parcelReturningEmail,
  type Work,
} from '../modules/orders/index.js';
import {
  type CourierEvent,
  type CourierProvider,
  FROM_EVENT,
  findShipmentByAwb,
  insertShipmentEvent,
  lockShipmentByAwb,
  type ShipmentRow,
  shipmentsOfOrder,
  slowestStep,
  statusAfterScan,
  updateShipment,
  type WebhookOutcome,
} from '../modules/shipments/index.js';

const ORDER_STEP = ['unfulfilled', 'packed', 'shipped', 'out_for_delivery', 'delivered'];

type TrackingDeps = {
  db: Database;
  courier: CourierProvider;
  changes: Pick<OrderChanges, 'withOrder' | 'event' | 'orderUrl'>;
  lifecycle: Pick<OrderLifecycle, 'moveFulfilment'>;
  log: { warn(object: object, message: string): void };
};

/**
 * A parcel's return to origin, on its order: the timeline says so, and when the courier starts
 * bringing it back the customer is told what becomes of their money (prepaid: refunded once it is
 * back; cash on delivery: nothing to pay). Back at the shop, it waits in the console's list of
 * parcels to receive (receive-rto.ts).
 */
async function recordReturn(
  deps: Pick<TrackingDeps, 'changes'>,
  tx: Transaction,
  order: OrderRow,
  work: Work,
  parcel: ShipmentRow & { awb: string },
  scan: CourierEvent,
) {
  const { changes } = deps;
  const data = { shipmentId: parcel.id, awb: parcel.awb };
  if (scan.status === 'rto-delivered') {
    await changes.event(tx, order, { kind: 'system' }, 'rto_delivered', { data });
    return;
  }
  await changes.event(tx, order, { kind: 'system' }, 'rto_initiated', { note: scan.description, data });
  work.mails.push((c) =>
    parcelReturningEmail({
      to: c.email,
      firstname: c.firstname,
      orderNumber: order.orderNumber,
      awb: parcel.awb,
      reason: scan.description,
      paymentMethod: order.paymentMethod,
      orderUrl: changes.orderUrl(order),
    }),
  );
}

/**
 * The courier provider's scans, by webhook (crossing shipments and orders): each scan is recorded
 * once (the provider's event id is unique), moves its parcel only forward, and when the order's
 * last parcel is out for delivery or delivered the order moves there through the lifecycle (with
 * its e-mails). A return to origin goes on the order's timeline (and, when it starts, to the
 * customer) in the scan's own transaction. NDR scans are recorded on the parcel only.
 */
export function createShipmentTracking(deps: TrackingDeps) {
  const { db, courier, lifecycle, changes } = deps;

  async function handleWebhook(
    raw: Buffer,
    headers: Record<string, string | undefined>,
  ): Promise<WebhookOutcome | 'invalid'> {
    const scan = courier.parseWebhook(raw, headers);
    if (!scan) return 'invalid';
    const found = await findShipmentByAwb(db, courier.name, scan.awb);
    if (!found) return 'unknown-shipment';
    const result: { outcome: 'duplicate' | 'moved' | 'recorded' } = { outcome: 'recorded' };
    // The order's lock first, then the parcel's, as booking and cancelling take them.
    await changes.withOrder({ kind: 'system' }, found.orderId, async (tx, order, work) => {
      const shipment = await lockShipmentByAwb(tx, courier.name, scan.awb);
      if (!shipment) return;
      const recorded = await insertShipmentEvent(tx, {
        shipmentId: shipment.id,
        provider: courier.name,
        providerEventId: scan.eventId,
        status: scan.status,
        occurredAt: scan.occurredAt,
        location: scan.location,
        description: scan.description,
        raw: scan.raw,
      });
      if (!recorded) {
        result.outcome = 'duplicate';
        return;
      }
      const next = statusAfterScan(shipment.status, FROM_EVENT[scan.status]);
      if (!next) return;
      await updateShipment(tx, shipment.id, { status: next });
      result.outcome = 'moved';
      if (next === 'rto_initiated' || next === 'rto_delivered')
        await recordReturn(deps, tx, order, work, { ...shipment, awb: scan.awb }, scan);
    });
    if (result.outcome === 'duplicate') return 'duplicate';
    if (result.outcome === 'moved') await moveOrder(found.orderId);
    return 'processed';
  }

  /** The order follows its slowest parcel, once every unit is in one (the order has shipped). */
  async function moveOrder(orderId: string) {
    const order = await findOrder(db, orderId);
    if (!order || order.state === 'cancelled') return;
    const current = ORDER_STEP.indexOf(order.fulfilmentStatus);
    if (current < ORDER_STEP.indexOf('shipped')) return;
    const step = slowestStep((await shipmentsOfOrder(db, orderId)).map((p) => p.status));
    if (!step || ORDER_STEP.indexOf(step) <= current) return;
    try {
      await lifecycle.moveFulfilment({ kind: 'system' }, orderId, step);
    } catch (error) {
      // Another scan moved it meanwhile, or staff did: the order is where it should be.
      if (!(error instanceof AppError && error.statusCode === 409)) throw error;
      deps.log.warn({ orderId, step, err: error }, 'order not moved by a courier scan');
    }
  }

  return { handleWebhook };
}
