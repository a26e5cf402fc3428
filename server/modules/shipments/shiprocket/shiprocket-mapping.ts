import { createHash } from 'node:crypto';
import type { CourierEventStatus } from '../../../../shared/api/shipments.schemas.js';
import {
  type CourierEvent,
  type CourierOption,
  CourierProviderError,
  type Parcel,
} from '../courier-provider.js';

/**
 * Between the shop's words and Shiprocket's: its shipment status ids, its India-time timestamps,
 * the adhoc order a parcel becomes, and the couriers its serviceability answers.
 */

/**
 * Shiprocket's shipment status ids (the webhook's `shipment_status_id`, a scan's `sr-status`) that
 * the shop follows. The others (out for pickup, pickup rescheduled, delayed, cancelled, lost...)
 * are not steps of a parcel here: a webhook reporting one is answered and recorded nowhere.
 */
export const SHIPROCKET_STATUSES: Readonly<Record<number, CourierEventStatus>> = {
  42: 'picked-up', // Picked Up
  6: 'in-transit', // Shipped: in the courier's network after pickup
  18: 'in-transit', // In Transit
  38: 'in-transit', // Reached at Destination (hub)
  17: 'out-for-delivery', // Out For Delivery
  7: 'delivered', // Delivered
  21: 'ndr', // Undelivered (a failed attempt)
  9: 'rto-initiated', // RTO Initiated
  40: 'rto-initiated', // RTO NDR
  41: 'rto-initiated', // RTO Out For Delivery
  46: 'rto-initiated', // RTO In Transit
  10: 'rto-delivered', // RTO Delivered
};

export function statusOfId(id: unknown): CourierEventStatus | undefined {
  const number = typeof id === 'string' && /^\d+$/.test(id.trim()) ? Number(id) : id;
  return typeof number === 'number' ? SHIPROCKET_STATUSES[number] : undefined;
}

/**
 * A Shiprocket timestamp, in India time: "23 05 2023 11:43:52" (the webhook's current_timestamp),
 * "2023-05-19 11:59:16" (scans), or ISO 8601 with its own offset.
 */
export function parseIndiaTime(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  let parts: RegExpExecArray | null = /^(\d{2})[ -](\d{2})[ -](\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(
    text,
  );
  let iso: string | undefined;
  if (parts) iso = `${parts[3]}-${parts[2]}-${parts[1]}T${parts[4]}:${parts[5]}:${parts[6] ?? '00'}+05:30`;
  parts = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/.exec(text);
  if (parts) iso = `${parts[1]}-${parts[2]}-${parts[3]}T${parts[4]}:${parts[5]}:${parts[6] ?? '00'}+05:30`;
  if (!iso && /^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(text)) iso = text;
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** `YYYY-MM-DD HH:mm` in India time, as Shiprocket takes an order's date. */
export function indiaDateTime(at: Date): string {
  return new Date(at.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * Shiprocket gives a scan no id of its own: the same scan (AWB, status, time), whether a webhook
 * sent again or read by polling the tracking, gets the same id, so it is recorded once.
 */
export function scanEventId(awb: string, statusId: number, at: Date): string {
  const digest = createHash('sha256').update(`${awb}|${statusId}|${at.toISOString()}`).digest('hex');
  return `sr_${digest.slice(0, 40)}`;
}

/** A scan as Shiprocket's tracking and webhook list them. */
export type ShiprocketScan = {
  date?: unknown;
  status?: unknown;
  activity?: unknown;
  location?: unknown;
  'sr-status'?: unknown;
  'sr-status-label'?: unknown;
};

/** A non-empty string, trimmed, or null. */
export const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** A scan the shop follows, as a CourierEvent; undefined for the others and for unreadable ones. */
export function eventOfScan(awb: string, scan: ShiprocketScan): CourierEvent | undefined {
  const statusId = Number(scan['sr-status']);
  const status = statusOfId(statusId);
  const occurredAt = parseIndiaTime(scan.date);
  if (!status || !occurredAt) return undefined;
  return {
    eventId: scanEventId(awb, statusId, occurredAt),
    awb,
    status,
    occurredAt,
    location: text(scan.location),
    description: text(scan.activity),
    raw: { awb, ...scan },
  };
}

const rupees = (paise: number) => Math.round(paise) / 100;

/** Centimetres with one decimal, at least 0.5 (Shiprocket refuses a zero side). */
const cm = (mm: number | undefined) => Math.max(0.5, Math.round(mm ?? 100) / 10);

/** Ten digits, as Shiprocket takes an Indian phone number; undefined when there are not ten. */
export function indianPhone(phone: string | null | undefined): string | undefined {
  const digits = (phone ?? '').replace(/\D/g, '');
  const national = digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits.slice(-10);
  return national.length === 10 ? national : undefined;
}

/**
 * The adhoc order a parcel becomes: the shop's idempotency key (the parcel's id) is the channel
 * order id, by which the order is found again. One line for the whole parcel: its value, and for
 * cash on delivery the amount the courier collects.
 */
export function adhocOrderOf(parcel: Parcel, key: string, pickupLocation: string, at: Date) {
  const phone = indianPhone(parcel.to.phone);
  if (!phone)
    throw new CourierProviderError(
      `Shiprocket needs the customer's 10-digit phone number and order ${parcel.orderNumber} has none: add it to the delivery address, then ship again.`,
      400,
    );
  const [first, ...rest] = parcel.to.name.trim().split(/\s+/);
  const cod = parcel.codAmountPaise > 0;
  const amount = rupees(cod ? parcel.codAmountPaise : parcel.valuePaise);
  const dimensions = parcel.dimensionsMm;
  return {
    order_id: key,
    order_date: indiaDateTime(at),
    pickup_location: pickupLocation,
    billing_customer_name: first || parcel.to.name,
    billing_last_name: rest.join(' '),
    billing_address: parcel.to.lines[0] ?? '',
    billing_address_2: parcel.to.lines.slice(1).join(', '),
    billing_city: parcel.to.city,
    billing_pincode: parcel.to.pincode,
    billing_state: parcel.to.state,
    billing_country: 'India',
    ...(parcel.to.email ? { billing_email: parcel.to.email } : {}),
    billing_phone: phone,
    shipping_is_billing: true,
    order_items: [
      { name: `Order ${parcel.orderNumber}`, sku: parcel.orderNumber, units: 1, selling_price: amount },
    ],
    payment_method: cod ? 'COD' : 'Prepaid',
    sub_total: amount,
    length: cm(dimensions?.length),
    breadth: cm(dimensions?.width),
    height: cm(dimensions?.height),
    weight: Math.max(0.1, Math.round(parcel.weightGrams / 10) / 100),
  };
}

/** The serviceability question for a parcel: from the pickup pincode to the delivery pincode. */
export function serviceabilityQuery(parcel: Parcel) {
  return {
    pickup_postcode: parcel.from.pincode,
    delivery_postcode: parcel.to.pincode,
    weight: Math.max(0.1, Math.round(parcel.weightGrams / 10) / 100),
    cod: parcel.codAmountPaise > 0 ? 1 : 0,
    declared_value: rupees(parcel.valuePaise),
  };
}

export type ServiceableCourier = CourierOption & { courierId: number };

/** Serviceability's couriers: name, the charge in paise, the promised days. */
export function couriersOf(body: unknown): ServiceableCourier[] {
  const list = (body as { data?: { available_courier_companies?: unknown } } | undefined)?.data
    ?.available_courier_companies;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const c = entry as Record<string, unknown>;
    const courierId = Number(c.courier_company_id);
    const rate = Number(c.rate ?? c.freight_charge);
    const name = text(c.courier_name);
    if (!name || !Number.isFinite(courierId) || !Number.isFinite(rate)) return [];
    const days =
      Number.parseInt(String(c.estimated_delivery_days ?? ''), 10) ||
      Math.ceil(Number(c.etd_hours) / 24) ||
      7;
    return [{ courier: name, courierId, chargePaise: Math.round(rate * 100), days }];
  });
}
