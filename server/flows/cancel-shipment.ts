import type { ApiShipment } from '../../shared/api/shipments.schemas.js';
import type { Database } from '../db/client.js';
import { conflict, notFound } from '../lib/errors.js';
import type { AuditActor } from '../modules/audit/index.js';
import type { OrderChanges } from '../modules/orders/index.js';
import {
  type CourierProvider,
  CourierProviderError,
  findShipment,
  isCancellable,
  lockShipment,
  presentShipment,
  updateShipment,
} from '../modules/shipments/index.js';
import { providerFailure } from './shipment-parcels.js';

export const SHIPMENT_NOT_FOUND = 'There is no shipment with that id.';

/** Cancelling a parcel before pickup (crossing shipments and orders: under the order's lock). */
export function createShipmentCancelling(deps: {
  db: Database;
  changes: OrderChanges;
  courier: CourierProvider;
}) {
  const { db, changes, courier } = deps;

  /** Releases a parcel not yet picked up: the provider frees its AWB, its units can ship again. */
  async function cancel(staff: AuditActor, shipmentId: string, reason?: string): Promise<ApiShipment> {
    const shipment = await findShipment(db, shipmentId);
    if (!shipment) throw notFound(SHIPMENT_NOT_FOUND);
    if (shipment.status === 'cancelled') return presentShipment(shipment);
    if (!isCancellable(shipment.status))
      throw conflict(
        `Parcel ${shipment.awb ?? ''} has already been ${shipment.status === 'failed' ? 'refused by the courier' : 'picked up by the courier'}: it can no longer be cancelled.`.replace(
          '  ',
          ' ',
        ),
      );
    if (shipment.awb) {
      try {
        await courier.cancel(shipment.awb);
      } catch (error) {
        if (error instanceof CourierProviderError && error.statusCode && error.statusCode < 500)
          throw conflict(`The courier would not cancel parcel ${shipment.awb}: ${error.message}`);
        throw providerFailure(error, 'cancel');
      }
    }
    let result = shipment;
    await changes.withOrder({ kind: 'staff', staff }, shipment.orderId, async (tx, order) => {
      const locked = await lockShipment(tx, shipmentId);
      if (!locked || !isCancellable(locked.status)) {
        if (locked?.status === 'cancelled') return;
        throw conflict(`Parcel ${shipment.awb} was picked up meanwhile: it can no longer be cancelled.`);
      }
      // A parcel cancelled before its pickup leaves it: the manifest no longer lists it.
      const row = await updateShipment(tx, shipmentId, {
        status: 'cancelled',
        cancelledAt: new Date(),
        pickupId: null,
        pickupDate: null,
      });
      result = { ...row, lines: shipment.lines };
      await changes.audit(
        tx,
        { kind: 'staff', staff },
        order,
        'shipment.cancel',
        `Parcel ${shipment.awb ?? '(not booked)'} of order ${order.orderNumber} cancelled${reason ? `: ${reason}` : ''}`,
        { shipmentId, status: shipment.status, pickupId: locked.pickupId },
        { shipmentId, status: 'cancelled', reason: reason ?? null, pickupId: null },
      );
    });
    return presentShipment(result);
  }

  return { cancel };
}
