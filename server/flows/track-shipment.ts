import type { Database, Transaction } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import {
  deliveryFailedEmail,
  findOrder,
  type LifecycleActor,
  type OrderChanges,
  type OrderLifecycle,
  type OrderRow,
  orderUpdates,
  parcelReturningEmail,
  type Work,
} from '../modules/orders/index.js';
import {
  type CourierEvent,
  type CourierProvider,
  closeOpenNdr,
  eventsOfShipment,
  FROM_EVENT,
  findShipmentByAwb,
  insertShipmentEvent,
  lockShipmentByAwb,
  type NdrRow,
  openNdr,
  reattemptDays,
  respondByOf,
  type ShipmentRow,
  shipmentsOfOrder,
  slowestStep,
  statusAfterScan,
  updateShipment,
  type WebhookOutcome,
} from '../modules/shipments/index.js';

const ORDER_STEP = ['unfulfilled', 'packed', 'shipped', 'out_for_delivery', 'delivered'];
const SYSTEM: LifecycleActor = { kind: 'system' };
/** What the customer reads when the courier gave no reason for a failed attempt. */
const NO_REASON = 'The courier did not give a reason.';

type Recorded = { shipment: ShipmentRow; moved: boolean; ndr?: NdrRow; returning?: boolean };
/** Scans that write on the order (its timeline, the customer's e-mail) besides the parcel. */
const ON_ORDER = new Set<CourierEvent['status']>(['ndr', 'rto-initiated', 'rto-delivered']);

const atDoorstep = (status: string) => status === 'ndr' || status === 'out_for_delivery';

/**
 * A parcel's return to origin, on its order: the timeline says so, and when the courier starts
 * bringing it back the customer is told what becomes of their money (prepaid: refunded once it is
 * back; cash on delivery: nothing to pay). Back at the shop, it waits in the console's list of
 * parcels to receive (receive-rto.ts).
 */
async function recordReturn(
  changes: Pick<OrderChanges, 'event' | 'orderUrl'>,
  tx: Transaction,
  order: OrderRow,
  work: Work,
  parcel: ShipmentRow & { awb: string },
  scan: CourierEvent,
) {
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
      locale: c.language,
      orderNumber: order.orderNumber,
      awb: parcel.awb,
      reason: scan.description,
      paymentMethod: order.paymentMethod,
      orderUrl: changes.orderUrl(order),
    }),
  );
}

/**
 * The courier provider's scans, by webhook or polled (crossing shipments and orders): each scan is recorded
 * once (the provider's event id is unique), moves its parcel only forward, and when the order's
 * last parcel is out for delivery or delivered the order moves there through the lifecycle (with
 * its e-mails). An NDR scan (a failed delivery attempt) opens the parcel's next failed attempt,
 * under the order's lock: the order's timeline says so and the customer is e-mailed to answer
 * (server/flows/answer-failed-delivery.ts); the parcel moving on closes it. A return to origin goes
 * on the order's timeline (and, when it starts, to the customer) the same way.
 */
export function createShipmentTracking(deps: {
  db: Database;
  courier: CourierProvider;
  lifecycle: Pick<OrderLifecycle, 'moveFulfilment'>;
  changes: Pick<OrderChanges, 'withOrder' | 'event' | 'orderUrl'>;
  log: { warn(object: object, message: string): void };
}) {
  const { db, courier, lifecycle, changes } = deps;

  /** Records a scan on its parcel, locked: once, forward only; an NDR opens an attempt, moving on closes it. */
  async function recordScan(
    tx: Transaction,
    scan: CourierEvent,
  ): Promise<Recorded | 'unknown-shipment' | 'duplicate'> {
    const shipment = await lockShipmentByAwb(tx, courier.name, scan.awb);
    if (!shipment) return 'unknown-shipment';
    const earlier = await eventsOfShipment(tx, shipment.id);
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
    if (!recorded) return 'duplicate';
    const scanned = FROM_EVENT[scan.status];
    // An NDR and the next attempt out for delivery follow each other: a scan of an earlier attempt
    // arriving late moves nothing and opens nothing.
    const stale =
      atDoorstep(shipment.status) &&
      atDoorstep(scanned) &&
      earlier.some((event) => event.occurredAt.getTime() > scan.occurredAt.getTime());
    const next = stale ? undefined : statusAfterScan(shipment.status, scanned);
    await updateShipment(tx, shipment.id, { scannedAt: new Date(), ...(next ? { status: next } : {}) });
    if (!stale && scanned === 'ndr' && (next === 'ndr' || shipment.status === 'ndr')) {
      const ndr = await openNdr(tx, {
        shipmentId: shipment.id,
        reason: scan.description?.trim() || NO_REASON,
        failedAt: scan.occurredAt,
        respondBy: respondByOf(scan.occurredAt),
        providerEventId: scan.eventId,
      });
      return { shipment, moved: next !== undefined, ndr };
    }
    if (next) await closeOpenNdr(tx, shipment.id, next, scan.occurredAt);
    const returning = next === 'rto_initiated' || next === 'rto_delivered';
    return { shipment, moved: next !== undefined, returning };
  }

  /**
   * An NDR or a return-to-origin scan, under the order's lock (then the parcel's, as booking and
   * cancelling take them): recorded, on the order's timeline, and the customer e-mailed.
   */
  async function recordOnOrder(orderId: string, scan: CourierEvent) {
    // Assigned inside the transaction (a type assertion, so TypeScript does not narrow it to 'duplicate').
    let applied = 'duplicate' as Awaited<ReturnType<typeof recordScan>>;
    await changes.withOrder(SYSTEM, orderId, async (tx, order, work) => {
      applied = await recordScan(tx, scan);
      if (typeof applied === 'string') return;
      if (applied.returning) {
        const parcel = { ...applied.shipment, awb: scan.awb };
        await recordReturn(changes, tx, order, work, parcel, scan);
      }
      if (!applied.ndr) return;
      const { shipment, ndr } = applied;
      const awb = shipment.awb ?? '';
      await changes.event(tx, order, SYSTEM, 'delivery_failed', {
        note: ndr.reason,
        data: { shipmentId: shipment.id, awb, attempt: ndr.attempt, respondBy: ndr.respondBy.toISOString() },
      });
      if (order.state === 'cancelled') return;
      work.mails.push((to) =>
        deliveryFailedEmail({
          to: to.email,
          firstname: to.firstname,
          locale: to.language,
          orderNumber: order.orderNumber,
          courier: shipment.courier,
          awb,
          // The placeholder stored for a scan without a reason is said in the customer's language.
          reason: ndr.reason === NO_REASON ? null : ndr.reason,
          attempt: ndr.attempt,
          respondBy: ndr.respondBy,
          days: reattemptDays(new Date()),
          orderUrl: changes.orderUrl(order),
        }),
      );
      work.updates.push(
        orderUpdates.deliveryFailed(order, {
          shipmentId: shipment.id,
          attempt: ndr.attempt,
          reason: ndr.reason === NO_REASON ? null : ndr.reason,
        }),
      );
    });
    return applied;
  }

  async function handleWebhook(
    raw: Buffer,
    headers: Record<string, string | undefined>,
  ): Promise<WebhookOutcome | 'invalid'> {
    const scan = courier.parseWebhook(raw, headers);
    if (!scan) return 'invalid';
    if (scan === 'ignored') return 'ignored';
    return applyScan(scan);
  }

  /**
   * One scan, from a webhook or a poll of the provider's tracking (the same path): recorded once by
   * its event id, the parcel moved only forward, the order following its slowest parcel; an NDR
   * under the order's lock.
   */
  async function applyScan(scan: CourierEvent): Promise<WebhookOutcome> {
    const found = await findShipmentByAwb(db, courier.name, scan.awb);
    if (!found) return 'unknown-shipment';
    const applied = ON_ORDER.has(scan.status)
      ? await recordOnOrder(found.orderId, scan)
      : await db.transaction((tx) => recordScan(tx, scan));
    if (typeof applied === 'string') return applied;
    if (applied.moved) await moveOrder(applied.shipment.orderId);
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

  return { handleWebhook, applyScan };
}
