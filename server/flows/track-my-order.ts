import type { ApiParcelTracking } from '../../shared/api/shipments.schemas.js';
import type { Database } from '../db/client.js';
import { notFound } from '../lib/errors.js';
import { findOrder, linesOfOrders, ORDER_NOT_FOUND } from '../modules/orders/index.js';
import {
  eventsOfShipment,
  FROM_EVENT,
  openNdrsOf,
  presentFailedDelivery,
  shipmentsOfOrder,
} from '../modules/shipments/index.js';

/**
 * Where a customer's parcels are (crossing orders and shipments): each parcel booked for their
 * order with its items, the courier's scans and its failed delivery attempt still open, if any.
 * Another customer's order is not found, as any order of theirs would be.
 */
export function createOrderTracking(deps: { db: Database }) {
  const { db } = deps;

  async function parcelsOf(userId: string, orderId: string): Promise<ApiParcelTracking[]> {
    const order = await findOrder(db, orderId);
    if (!order || order.userId !== userId) throw notFound(ORDER_NOT_FOUND);
    const [lines, parcels] = await Promise.all([linesOfOrders(db, [orderId]), shipmentsOfOrder(db, orderId)]);
    const titles = new Map(
      lines.map((line) => [line.id, line.variantTitle ? `${line.title}, ${line.variantTitle}` : line.title]),
    );
    const shown = parcels.filter((parcel) => parcel.status !== 'cancelled' && parcel.status !== 'failed');
    const now = new Date();
    const failed = new Map(
      (
        await openNdrsOf(
          db,
          shown.map((parcel) => parcel.id),
        )
      ).map((ndr) => [ndr.shipmentId, ndr]),
    );
    return Promise.all(
      shown.map(async (parcel) => ({
        courier: parcel.courier,
        awb: parcel.awb,
        status: parcel.status,
        trackingUrl: parcel.trackingUrl,
        items: parcel.lines.map((line) => ({
          title: titles.get(line.lineId) ?? '',
          quantity: line.quantity,
        })),
        scans: (await eventsOfShipment(db, parcel.id)).map((event) => ({
          // In the parcel's own words (picked_up...), as its status is.
          status: FROM_EVENT[event.status as keyof typeof FROM_EVENT] ?? event.status,
          at: event.occurredAt.toISOString(),
          location: event.location,
          description: event.description,
        })),
        failedDelivery: failed.has(parcel.id) ? presentFailedDelivery(failed.get(parcel.id)!, now) : null,
      })),
    );
  }

  return { parcelsOf };
}
