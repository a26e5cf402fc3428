import type {
  ApiShipment,
  CourierEventStatus,
  ShipmentStatus,
} from '../../../shared/api/shipments.schemas.js';
import { paiseToRupees } from '../../../shared/money.js';
import { badRequest } from '../../lib/errors.js';
import type { CourierRule } from '../../shipping-setting.js';
import type { CourierOption } from './courier-provider.js';
import type { ShipmentWithLines } from './shipments.repository.js';

/**
 * A parcel's statuses in the order a courier reaches them. Scans arrive late and out of order
 * (a webhook retried after the next one): a scan only ever moves a parcel forward. An NDR (a failed
 * delivery attempt) and a new attempt out for delivery share a step, so they may follow each other;
 * delivered and returned to origin are the ends.
 */
const STEP: Record<ShipmentStatus, number> = {
  failed: -1,
  pending: 0,
  booked: 1,
  picked_up: 2,
  in_transit: 3,
  out_for_delivery: 4,
  ndr: 4,
  rto_initiated: 5,
  delivered: 9,
  rto_delivered: 9,
  cancelled: 9,
};

export const FROM_EVENT: Record<CourierEventStatus, ShipmentStatus> = {
  'picked-up': 'picked_up',
  'in-transit': 'in_transit',
  'out-for-delivery': 'out_for_delivery',
  delivered: 'delivered',
  ndr: 'ndr',
  'rto-initiated': 'rto_initiated',
  'rto-delivered': 'rto_delivered',
};

/** The parcel's status after a scan, or undefined when the scan would move it back (or nowhere). */
export function statusAfterScan(
  current: ShipmentStatus,
  scanned: ShipmentStatus,
): ShipmentStatus | undefined {
  if (current === scanned || STEP[current] >= 9 || current === 'pending' || current === 'failed')
    return undefined;
  return STEP[scanned] >= STEP[current] ? scanned : undefined;
}

/** Whether the parcel's units count as in a parcel (not released, not refused by the provider). */
export const isActive = (status: ShipmentStatus) => status !== 'cancelled' && status !== 'failed';

/** Whether a parcel may still be cancelled: booked (or never booked), not yet picked up. */
export const isCancellable = (status: ShipmentStatus) => status === 'booked' || status === 'pending';

/** A parcel the courier is bringing back, or has brought back, to the shop (return to origin). */
export const isReturning = (status: ShipmentStatus) =>
  status === 'rto_initiated' || status === 'rto_delivered';

/**
 * How far the slowest active parcel is: what the order as a whole has reached. A parcel coming back
 * to the shop has reached its end for the customer: the order is delivered once every other parcel
 * is (and stays where it is when none is left: receiving them back closes it).
 */
export function slowestStep(statuses: ShipmentStatus[]): 'out_for_delivery' | 'delivered' | undefined {
  const active = statuses.filter((s) => isActive(s) && !isReturning(s));
  if (active.length === 0) return undefined;
  if (active.every((s) => s === 'delivered')) return 'delivered';
  if (active.every((s) => s === 'delivered' || s === 'out_for_delivery' || s === 'ndr'))
    return 'out_for_delivery';
  return undefined;
}

/**
 * The courier a parcel goes with: the one staff named (it must be among the quoted), else the
 * shop's rule's pick; ties go to the cheaper, then the faster.
 */
export function chooseCourier(options: CourierOption[], rule: CourierRule, named?: string): CourierOption {
  if (options.length === 0) throw badRequest('No courier serves this parcel: check the delivery pincode.');
  if (named) {
    const option = options.find((o) => o.courier.toLowerCase() === named.toLowerCase());
    if (!option) {
      const message = `${named} is not among the couriers quoted for this parcel (${options.map((o) => o.courier).join(', ')}).`;
      throw badRequest(message, { courier: message });
    }
    return option;
  }
  const byPrice = [...options].sort((a, b) => a.chargePaise - b.chargePaise || a.days - b.days);
  if (rule.kind === 'fastest')
    return [...options].sort((a, b) => a.days - b.days || a.chargePaise - b.chargePaise)[0]!;
  if (rule.kind === 'preferred') {
    for (const name of rule.couriers) {
      const option = options.find((o) => o.courier.toLowerCase() === name.toLowerCase());
      if (option) return option;
    }
  }
  return byPrice[0]!;
}

export function presentShipment(row: ShipmentWithLines): ApiShipment {
  return {
    _id: row.id,
    orderId: row.orderId,
    provider: row.provider,
    courier: row.courier,
    awb: row.awb,
    status: row.status,
    trackingUrl: row.trackingUrl,
    charge: paiseToRupees(row.chargePaise),
    promisedDays: row.promisedDays,
    weightGrams: row.chargeableWeightGrams,
    codAmount: paiseToRupees(row.codAmountPaise),
    pickupDate: row.pickupDate?.toISOString() ?? null,
    lines: row.lines,
    createdAt: row.createdAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    rtoReceipt:
      row.rtoReceivedAt && row.rtoCondition
        ? {
            condition: row.rtoCondition,
            restocked: row.rtoRestocked ?? [],
            note: row.rtoNote,
            receivedAt: row.rtoReceivedAt.toISOString(),
          }
        : null,
  };
}
