import type { Database } from '../db/client.js';
import { badRequest } from '../lib/errors.js';
import {
  findOrder,
  type LifecycleActor,
  linesOfOrders,
  type OrderLifecycle,
  type OrderRow,
} from '../modules/orders/index.js';
import {
  type CourierProvider,
  CourierProviderError,
  isActive,
  lockShipment,
  type Parcel,
  presentShipment,
  type ShipmentWithLines,
  shipmentsOfOrder,
  updateShipment,
} from '../modules/shipments/index.js';
import { type createParcelPlanner, providerFailure } from './shipment-parcels.js';

/**
 * Booking a parcel with the provider (its id the idempotency key) and shipping the order through the
 * lifecycle once every unit is in a booked parcel. "Ship" (ship-order.ts) books a parcel it has just
 * made; the reconciliation (reconcile-shipments.ts) completes one whose answer was lost, the same way.
 */
export function createBooking(deps: {
  db: Database;
  lifecycle: Pick<OrderLifecycle, 'moveFulfilment'>;
  courier: CourierProvider;
  planner: Pick<ReturnType<typeof createParcelPlanner>, 'parcelOf'>;
}) {
  const { db, lifecycle, courier } = deps;
  const { parcelOf } = deps.planner;

  /** Asks the provider for the parcel's AWB (its id the idempotency key); ships the order when complete. */
  async function book(actor: LifecycleActor, shipment: ShipmentWithLines, order: OrderRow, known?: Parcel) {
    const lines = await linesOfOrders(db, [order.id]);
    const others = (await shipmentsOfOrder(db, order.id)).filter((p) => p.id !== shipment.id);
    const parcel = known ?? (await parcelOf(order, lines, shipment.lines, others));
    let booking: Awaited<ReturnType<CourierProvider['createShipment']>>;
    try {
      booking = await courier.createShipment(parcel, shipment.courier, shipment.id);
    } catch (error) {
      if (error instanceof CourierProviderError && error.statusCode && error.statusCode < 500) {
        // A definite refusal: the units are free to go in another parcel.
        await updateShipment(db, shipment.id, { status: 'failed', failureReason: error.message });
        throw badRequest(`The courier refused the parcel: ${error.message}`);
      }
      throw providerFailure(error, 'book');
    }
    const pickup = await courier.requestPickup([booking.awb], tomorrowInIndia()).catch(() => undefined);
    const booked = await db.transaction(async (tx) => {
      const locked = await lockShipment(tx, shipment.id);
      if (locked?.status !== 'pending') return locked;
      return updateShipment(tx, shipment.id, {
        awb: booking.awb,
        courier: booking.courier,
        status: 'booked',
        trackingUrl: booking.trackingUrl,
        chargePaise: booking.chargePaise,
        pickupDate: pickup?.pickupDate ?? null,
      });
    });
    await shipWhenComplete(actor, order.id);
    return presentShipment({ ...booked!, lines: shipment.lines });
  }

  /** Every unit in a booked parcel: the order ships, with its parcels' couriers and AWBs. */
  async function shipWhenComplete(actor: LifecycleActor, orderId: string) {
    const [lines, parcels] = await Promise.all([linesOfOrders(db, [orderId]), shipmentsOfOrder(db, orderId)]);
    const active = parcels.filter((p) => isActive(p.status));
    if (active.some((p) => !p.awb)) return;
    const units = new Map<string, number>();
    for (const p of active)
      for (const l of p.lines) units.set(l.lineId, (units.get(l.lineId) ?? 0) + l.quantity);
    if (lines.some((line) => (units.get(line.id) ?? 0) < line.quantity)) return;
    const order = await findOrder(db, orderId);
    if (!order || (order.fulfilmentStatus !== 'unfulfilled' && order.fulfilmentStatus !== 'packed')) return;
    await lifecycle.moveFulfilment(actor, orderId, 'shipped', {
      shipment: {
        carrier: [...new Set(active.map((p) => p.courier))].join(', '),
        awb: active.map((p) => p.awb).join(', '),
        trackingUrl: active.length === 1 ? active[0]!.trackingUrl : null,
      },
    });
  }

  return { book };
}

/** The next day in India time, YYYY-MM-DD: the first day a parcel booked now can be collected. */
function tomorrowInIndia(): string {
  const ist = new Date(Date.now() + 5.5 * 3_600_000 + 86_400_000);
  return ist.toISOString().slice(0, 10);
}
