import type { ApiShipment, ShipmentStatus } from '../../../../shared/api/shipments.schemas';
import { WordBadge } from '../orders/order-status';

type Worded = { label: string; tone: string };

/** A parcel's status in the console's words and badge colour: red where staff have to act. */
export const shipmentStatusWords: Record<ShipmentStatus, Worded> = {
  pending: { label: 'Waiting for the courier’s answer', tone: 'badge--warning' },
  booked: { label: 'Booked, awaiting pickup', tone: 'badge--warning' },
  picked_up: { label: 'Picked up', tone: '' },
  in_transit: { label: 'In transit', tone: '' },
  out_for_delivery: { label: 'Out for delivery', tone: '' },
  ndr: { label: 'Delivery attempt failed', tone: 'badge--danger' },
  delivered: { label: 'Delivered', tone: 'badge--success' },
  rto_initiated: { label: 'Coming back to the shop', tone: 'badge--danger' },
  rto_delivered: { label: 'Back at the shop', tone: 'badge--muted' },
  cancelled: { label: 'Cancelled', tone: 'badge--muted' },
  failed: { label: 'Refused by the courier', tone: 'badge--danger' },
};

export function ShipmentStatusBadge({ status }: { status: ShipmentStatus }) {
  return <WordBadge words={shipmentStatusWords} value={status} />;
}

/** A parcel that still holds its units (the server's rule: not cancelled, not refused). */
export const isActiveShipment = (shipment: ApiShipment) =>
  shipment.status !== 'cancelled' && shipment.status !== 'failed';

/** Before pickup a parcel may be cancelled (the server says so again, or why not). */
export const isCancellableShipment = (shipment: ApiShipment) =>
  shipment.status === 'booked' || shipment.status === 'pending';

/** Units of each order line already in an active parcel. */
export function unitsInParcels(shipments: readonly ApiShipment[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const shipment of shipments.filter(isActiveShipment))
    for (const line of shipment.lines) units.set(line.lineId, (units.get(line.lineId) ?? 0) + line.quantity);
  return units;
}

/** The label's file name: the AWB, which is what the packer looks for. */
export const labelFileName = (awb: string | null) => `label-${awb ?? 'parcel'}.pdf`;
