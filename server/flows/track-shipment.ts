import type { Database } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import { findOrder, type OrderLifecycle } from '../modules/orders/index.js';
import {
  type CourierEvent,
  type CourierProvider,
  FROM_EVENT,
  insertShipmentEvent,
  lockShipmentByAwb,
  shipmentsOfOrder,
  slowestStep,
  statusAfterScan,
  updateShipment,
  type WebhookOutcome,
} from '../modules/shipments/index.js';

const ORDER_STEP = ['unfulfilled', 'packed', 'shipped', 'out_for_delivery', 'delivered'];

/**
 * The courier provider's scans, by webhook or polled (crossing shipments and orders): each scan is recorded
 * once (the provider's event id is unique), moves its parcel only forward, and when the order's
 * last parcel is out for delivery or delivered the order moves there through the lifecycle (with
 * its e-mails). NDR and RTO scans are recorded on the parcel only: handling them is later work.
 */
export function createShipmentTracking(deps: {
  db: Database;
  courier: CourierProvider;
  lifecycle: Pick<OrderLifecycle, 'moveFulfilment'>;
  log: { warn(object: object, message: string): void };
}) {
  const { db, courier, lifecycle } = deps;

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
   * its event id, the parcel moved only forward, the order following its slowest parcel.
   */
  async function applyScan(scan: CourierEvent): Promise<WebhookOutcome> {
    const applied = await db.transaction(async (tx) => {
      const shipment = await lockShipmentByAwb(tx, courier.name, scan.awb);
      if (!shipment) return 'unknown-shipment' as const;
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
      if (!recorded) return 'duplicate' as const;
      const next = statusAfterScan(shipment.status, FROM_EVENT[scan.status]);
      await updateShipment(tx, shipment.id, { scannedAt: new Date(), ...(next ? { status: next } : {}) });
      return { orderId: shipment.orderId, moved: next !== undefined };
    });
    if (typeof applied === 'string') return applied;
    if (applied.moved) await moveOrder(applied.orderId);
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
