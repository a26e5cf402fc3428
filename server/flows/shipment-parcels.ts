import type { Database } from '../db/client.js';
import type { OrderLineQuantity } from '../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../lib/errors.js';
import { customerContact } from '../modules/accounts/index.js';
import {
  findOrder,
  linesOfOrders,
  netOfUnits,
  ORDER_NOT_FOUND,
  type OrderRow,
} from '../modules/orders/index.js';
import {
  type Address,
  type CourierProvider,
  isActive,
  type Parcel,
  type ShipmentWithLines,
  shipmentsOfOrder,
  unitsInParcels,
} from '../modules/shipments/index.js';
import type { ShippingService } from '../modules/shipping/index.js';
import type { Seller } from '../seller-setting.js';

type OrderLine = Awaited<ReturnType<typeof linesOfOrders>>[number];

/** The same lines asked for again this soon (a double click, a retried request) answer the same parcel. */
const DOUBLE_SUBMIT_MS = 30_000;

/** What booking needs of the shipping module: the pickup warehouse and the parcel's weight and box. */
export type ParcelShipping = Pick<ShippingService, 'pickupAddress' | 'parcelOf'>;

/**
 * Where parcels are collected from: the shop's default warehouse (the shipping settings), else,
 * while none is set, the seller's address from config (SELLER_ADDRESS, its last part "State PIN").
 */
export async function pickupAddress(shipping: ParcelShipping, seller: Seller): Promise<Address> {
  const warehouse = await shipping.pickupAddress();
  if (warehouse) return warehouse;
  const parts = seller.address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const last = parts.at(-1) ?? '';
  const pincode = /(\d{6})\s*$/.exec(last)?.[1] ?? '';
  return {
    name: seller.legalName,
    lines: [parts.slice(0, -2).join(', ')],
    city: parts.at(-2) ?? '',
    state: seller.state,
    pincode,
    phone: null,
  };
}

export function deliveryAddress(order: OrderRow): Address {
  const to = order.shippingInfo;
  return {
    name: `${to.firstName} ${to.lastName}`.trim(),
    lines: [to.address, to.landmark ? `Landmark: ${to.landmark}` : ''].filter(Boolean),
    city: to.city,
    state: to.state,
    pincode: to.pincode,
    phone: to.mobile ?? null,
  };
}

/** Why an order cannot go in a parcel now (409), or nothing. */
export function refuseToShip(order: OrderRow, parcels: ShipmentWithLines[]) {
  const n = order.orderNumber;
  if (order.state === 'cancelled') throw conflict(`Order ${n} was cancelled: there is nothing to ship.`);
  if (order.state === 'unconfirmed')
    throw conflict(
      `Order ${n} is cash on delivery and the customer has not confirmed it with their code yet: it can ship once they do.`,
    );
  if (order.fulfilmentStatus === 'returned')
    throw conflict(`Order ${n} was returned: there is nothing to ship.`);
  if (order.paymentStatus === 'refunded')
    throw conflict(`Order ${n} was refunded in full: there is nothing to ship.`);
  const shippedWithoutParcels =
    order.fulfilmentStatus !== 'unfulfilled' && order.fulfilmentStatus !== 'packed';
  if (shippedWithoutParcels && !parcels.some((p) => isActive(p.status)))
    throw conflict(`Order ${n} has already shipped (${order.shipment?.carrier ?? 'by hand'}).`);
  if (order.fulfilmentStatus === 'out_for_delivery' || order.fulfilmentStatus === 'delivered')
    throw conflict(`Order ${n} is already ${order.fulfilmentStatus.replace(/_/g, ' ')}.`);
}

/** The lines and units a parcel takes: those asked for (checked), or every unit not yet in one. */
export function parcelLines(
  order: OrderRow,
  lines: OrderLine[],
  inParcels: Map<string, number>,
  asked: OrderLineQuantity[] | undefined,
): OrderLineQuantity[] {
  const left = (line: OrderLine) => line.quantity - (inParcels.get(line.id) ?? 0);
  if (!asked) {
    const rest = lines
      .filter((line) => left(line) > 0)
      .map((line) => ({ lineId: line.id, quantity: left(line) }));
    if (rest.length === 0) throw conflict(`Every item of order ${order.orderNumber} is already in a parcel.`);
    return rest;
  }
  const byId = new Map(lines.map((line) => [line.id, line]));
  const seen = new Set<string>();
  for (const pick of asked) {
    const line = byId.get(pick.lineId);
    if (!line)
      throw badRequest('One of the chosen items is not in this order.', {
        lines: 'One of the chosen items is not in this order.',
      });
    if (seen.has(line.id))
      throw badRequest(`${line.title} is chosen twice.`, { lines: `${line.title} is chosen twice.` });
    seen.add(line.id);
    if (pick.quantity > left(line)) {
      const message =
        left(line) === 0
          ? `${line.title}: every unit is already in a parcel.`
          : `${line.title}: only ${left(line)} of ${line.quantity} are left to ship.`;
      throw badRequest(message, { lines: message });
    }
  }
  return asked;
}

const sameLines = (a: OrderLineQuantity[], b: OrderLineQuantity[]) =>
  a.length === b.length && a.every((x) => b.some((y) => y.lineId === x.lineId && y.quantity === x.quantity));

/** A parcel made moments ago for the same request (double submit), to answer again. */
export function recentTwin(parcels: ShipmentWithLines[], input: ShipInput, unitsLeft: number, now: number) {
  const asked = input.lines;
  const recent = parcels.filter(
    (p) =>
      isActive(p.status) &&
      now - p.createdAt.getTime() < DOUBLE_SUBMIT_MS &&
      (!input.courier || p.courier.toLowerCase() === input.courier.toLowerCase()),
  );
  if (asked) return recent.find((p) => sameLines(p.lines, asked));
  return unitsLeft === 0 ? recent.at(-1) : undefined;
}

export type ShipInput = { lines?: OrderLineQuantity[] | undefined; courier?: string | undefined };

/**
 * The parcel a request makes of an order: the order checked, the units chosen, the weight, box and
 * cash to collect worked out, and the couriers quoted.
 */
export function createParcelPlanner(deps: {
  db: Database;
  courier: CourierProvider;
  seller: Seller;
  shipping: ParcelShipping;
}) {
  const { db, courier } = deps;

  /** The parcel of these units: weight (actual or volumetric, the larger), box, cash to collect. */
  async function parcelOf(
    order: OrderRow,
    lines: OrderLine[],
    picked: OrderLineQuantity[],
    others: ShipmentWithLines[],
  ): Promise<Parcel> {
    const byId = new Map(lines.map((line) => [line.id, line]));
    const size = await deps.shipping.parcelOf(
      db,
      picked.map((pick) => ({ variantId: byId.get(pick.lineId)!.variantId, quantity: pick.quantity })),
    );
    const valuePaise = picked.reduce(
      (sum, pick) => sum + netOfUnits(byId.get(pick.lineId)!, pick.quantity),
      0,
    );
    const cod = order.paymentMethod === 'cod' && order.paymentStatus === 'unpaid';
    const othersCod = others.filter((p) => isActive(p.status)).reduce((sum, p) => sum + p.codAmountPaise, 0);
    const unitsLeftAfter =
      lines.reduce((sum, line) => sum + line.quantity, 0) -
      others
        .filter((p) => isActive(p.status))
        .reduce((sum, p) => sum + p.lines.reduce((s, l) => s + l.quantity, 0), 0) -
      picked.reduce((sum, p) => sum + p.quantity, 0);
    // The last parcel collects what is left of the total (the delivery fee, the coupon's rounding).
    const codAmountPaise = !cod
      ? 0
      : unitsLeftAfter === 0
        ? Math.max(0, order.totalPriceAfterDiscountPaise - othersCod)
        : valuePaise;
    // The customer's e-mail (and mobile, when the address has none) for couriers that message them.
    const contact = await customerContact(db, order.userId);
    const to = deliveryAddress(order);
    return {
      from: await pickupAddress(deps.shipping, deps.seller),
      to: { ...to, phone: to.phone ?? contact?.mobile ?? null, email: contact?.email ?? null },
      weightGrams: size.weightGrams,
      dimensionsMm: size.dimensionsMm,
      codAmountPaise,
      valuePaise,
      orderNumber: order.orderNumber,
    };
  }

  async function plan(orderId: string, _asked: OrderLineQuantity[] | undefined) {
    const order = await findOrder(db, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const [lines, parcels, inParcels] = await Promise.all([
      linesOfOrders(db, [orderId]),
      shipmentsOfOrder(db, orderId),
      unitsInParcels(db, orderId),
    ]);
    refuseToShip(order, parcels);
    return { order, lines, parcels, inParcels };
  }

  async function quoteFor(parcel: Parcel) {
    try {
      return await courier.quote(parcel);
    } catch (error) {
      throw providerFailure(error, 'quote');
    }
  }

  return { parcelOf, plan, quoteFor };
}

/** The provider could not be reached or failed: 502, and asking again is safe. */
export function providerFailure(error: unknown, doing: 'quote' | 'book' | 'cancel'): AppError {
  const what = { quote: 'quote couriers', book: 'book the parcel', cancel: 'cancel the parcel' }[doing];
  const detail = error instanceof Error ? ` (${error.message})` : '';
  return new AppError(
    502,
    `The courier provider did not answer when asked to ${what}${detail}. Please try again.`,
  );
}
