import type { Database } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import { findOrder, type OrderLifecycle } from '../modules/orders/index.js';
import {
  type CourierEvent,
  type CourierProvider,
  pendingShipments,
  quietShipments,
  shipmentsOfOrder,
  updateShipment,
  type WebhookOutcome,
} from '../modules/shipments/index.js';
import type { Seller } from '../seller-setting.js';
import { createBooking } from './book-shipment.js';
import { createParcelPlanner, type ParcelShipping, refuseToShip } from './shipment-parcels.js';

/** A booking asked this long ago with no answer stored was lost (a crash, a dropped connection). */
const PENDING_AFTER_MS = 2 * 60_000;
/** A parcel on its way with no scan for this long is asked about (its webhooks may be lost). */
const QUIET_AFTER_MS = 6 * 3_600_000;
/** Parcels looked at per run, each kind, so a provider outage costs a bounded number of calls. */
const BATCH = 25;

/**
 * The reconciliation of parcels with the courier provider (crossing shipments and orders), run
 * periodically: (a) a parcel left `pending` (the provider's answer to its booking was lost) is
 * asked for again with the same idempotency key and completed exactly as "Ship" completes it; (b)
 * a parcel on its way that has been quiet for hours has its tracking polled, and the scans found go
 * through the same path as a webhook's (recorded once by event id, moving the parcel forward only).
 */
export function createShipmentReconciliation(deps: {
  db: Database;
  courier: CourierProvider;
  lifecycle: Pick<OrderLifecycle, 'moveFulfilment'>;
  seller: Seller;
  shipping: ParcelShipping;
  tracking: { applyScan(scan: CourierEvent): Promise<WebhookOutcome> };
  log: { warn(object: object, message: string): void };
}) {
  const { db, courier, log } = deps;
  const planner = createParcelPlanner(deps);
  const { book } = createBooking({ ...deps, planner });

  /** Pending parcels booked again with their own id as the key: booked, refused, or still waiting. */
  async function completePending(now: number) {
    const result = { booked: 0, refused: 0, waiting: 0 };
    for (const shipment of await pendingShipments(
      db,
      courier.name,
      new Date(now - PENDING_AFTER_MS),
      BATCH,
    )) {
      const order = await findOrder(db, shipment.orderId);
      try {
        if (!order) throw new AppError(409, 'Its order is gone.');
        // An order cancelled (or delivered otherwise) meanwhile is not shipped by a retry.
        refuseToShip(order, await shipmentsOfOrder(db, order.id));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await updateShipment(db, shipment.id, { status: 'failed', failureReason: `Not booked: ${reason}` });
        log.warn(
          { shipmentId: shipment.id, reason },
          'pending parcel of an order that cannot ship now released',
        );
        result.refused += 1;
        continue;
      }
      try {
        await book({ kind: 'system' }, shipment, order);
        result.booked += 1;
      } catch (error) {
        // A refusal has marked it failed (its units free); no answer leaves it for the next run.
        const refused = error instanceof AppError && error.statusCode === 400;
        result[refused ? 'refused' : 'waiting'] += 1;
        log.warn({ shipmentId: shipment.id, err: error }, 'pending parcel not booked by the reconciliation');
      }
    }
    return result;
  }

  /** Quiet parcels' tracking polled; answers how many were asked and how many scans were new. */
  async function pollQuiet(now: number) {
    const result = { polled: 0, scans: 0 };
    for (const shipment of await quietShipments(db, courier.name, new Date(now - QUIET_AFTER_MS), BATCH)) {
      try {
        const events = await courier.track(shipment.awb!);
        for (const event of events) {
          if (event.awb !== shipment.awb) continue;
          if ((await deps.tracking.applyScan(event)) === 'processed') result.scans += 1;
        }
        await updateShipment(db, shipment.id, { scannedAt: new Date(now) });
        result.polled += 1;
      } catch (error) {
        // Asked again on the next run: it is still the quietest.
        log.warn({ shipmentId: shipment.id, err: error }, 'parcel tracking not polled');
      }
    }
    return result;
  }

  async function reconcile(now = Date.now()) {
    return { ...(await completePending(now)), ...(await pollQuiet(now)) };
  }

  return { reconcile };
}

export type ShipmentReconciliation = ReturnType<typeof createShipmentReconciliation>;
