import type { ApiShipment } from '../../shared/api/shipments.schemas.js';
import { paiseToRupees } from '../../shared/money.js';
import type { Database } from '../db/client.js';
import type { OrderLineQuantity } from '../db/schema.js';
import { AppError, badRequest, notFound } from '../lib/errors.js';
import type { AuditActor } from '../modules/audit/index.js';
import {
  findOrder,
  type LifecycleActor,
  linesOfOrders,
  ORDER_NOT_FOUND,
  type OrderChanges,
  type OrderLifecycle,
  type OrderRow,
} from '../modules/orders/index.js';
import {
  type CourierProvider,
  CourierProviderError,
  chooseCourier,
  insertShipment,
  isActive,
  lockShipment,
  type Parcel,
  presentShipment,
  type ShipmentWithLines,
  shipmentsOfOrder,
  unitsInParcels,
  updateShipment,
} from '../modules/shipments/index.js';
import type { Seller } from '../seller-setting.js';
import type { CourierRule } from '../shipping-setting.js';
import { createShipmentCancelling } from './cancel-shipment.js';
import {
  createParcelPlanner,
  type ParcelShipping,
  parcelLines,
  providerFailure,
  recentTwin,
  refuseToShip,
  type ShipInput,
} from './shipment-parcels.js';

/**
 * Booking a parcel with the provider (its id the idempotency key) and shipping the order through the
 * lifecycle once every unit is in a booked parcel.
 */
function createBooking(deps: {
  db: Database;
  lifecycle: Pick<OrderLifecycle, 'moveFulfilment'>;
  courier: CourierProvider;
  planner: ReturnType<typeof createParcelPlanner>;
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
    // No pickup is asked for here: staff ask for one on a day for the parcels packed by then
    // (flows/schedule-pickup.ts, decision 048).
    const booked = await db.transaction(async (tx) => {
      const locked = await lockShipment(tx, shipment.id);
      if (locked?.status !== 'pending') return locked;
      return updateShipment(tx, shipment.id, {
        awb: booking.awb,
        courier: booking.courier,
        status: 'booked',
        trackingUrl: booking.trackingUrl,
        chargePaise: booking.chargePaise,
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

/**
 * Shipping an order through the courier provider (crossing orders, catalog and shipments): staff
 * book a parcel of some or all of the order's units, the provider answers its AWB, and when every
 * unit is in a parcel the order ships through the lifecycle (e-mail, event, COD invoice).
 */
export function createOrderShipping(deps: {
  db: Database;
  changes: OrderChanges;
  lifecycle: Pick<OrderLifecycle, 'moveFulfilment'>;
  courier: CourierProvider;
  courierRule: CourierRule;
  seller: Seller;
  shipping: ParcelShipping;
}) {
  const { db, changes, courier } = deps;
  const planner = createParcelPlanner(deps);
  const { parcelOf, plan, quoteFor } = planner;
  const { book } = createBooking({ ...deps, planner });
  const { cancel } = createShipmentCancelling(deps);

  /** The couriers quoted for a parcel of the order (the units asked for, else all left). */
  async function quote(orderId: string, asked?: OrderLineQuantity[]) {
    const { order, lines, parcels, inParcels } = await plan(orderId, asked);
    const picked = parcelLines(order, lines, inParcels, asked);
    const parcel = await parcelOf(order, lines, picked, parcels);
    const options = await quoteFor(parcel);
    return {
      weightGrams: parcel.weightGrams,
      codAmount: paiseToRupees(parcel.codAmountPaise),
      options: options.map((o) => ({
        courier: o.courier,
        charge: paiseToRupees(o.chargePaise),
        days: o.days,
      })),
      chosen: chooseCourier(options, deps.courierRule).courier,
    };
  }

  /** Books a parcel; answers it with its AWB (or the parcel a double submit already made). */
  async function ship(staff: AuditActor, orderId: string, input: ShipInput): Promise<ApiShipment> {
    const actor: LifecycleActor = { kind: 'staff', staff };
    const first = await plan(orderId, input.lines);
    // A booking whose answer was lost is asked for again, with the same idempotency key.
    const unanswered = first.parcels.find((p) => p.status === 'pending');
    if (unanswered) return book(actor, unanswered, first.order);
    const unitsLeft = first.lines.reduce((sum, l) => sum + l.quantity - (first.inParcels.get(l.id) ?? 0), 0);
    const twin = recentTwin(first.parcels, input, unitsLeft, Date.now());
    if (twin) return presentShipment(twin);
    const picked = parcelLines(first.order, first.lines, first.inParcels, input.lines);
    const parcel = await parcelOf(first.order, first.lines, picked, first.parcels);
    const chosen = chooseCourier(await quoteFor(parcel), deps.courierRule, input.courier);

    let made: ShipmentWithLines | undefined;
    let existing: ShipmentWithLines | undefined;
    await changes.withOrder(actor, orderId, async (tx, order) => {
      // Planned again under the order's lock: a second request waited here for the first to commit.
      const [parcels, inParcels] = await Promise.all([
        shipmentsOfOrder(tx, orderId),
        unitsInParcels(tx, orderId),
      ]);
      refuseToShip(order, parcels);
      const left = first.lines.reduce((sum, l) => sum + l.quantity - (inParcels.get(l.id) ?? 0), 0);
      existing = recentTwin(parcels, input, left, Date.now());
      if (existing) return;
      const lines = parcelLines(order, first.lines, inParcels, input.lines);
      made = await insertShipment(
        tx,
        {
          orderId,
          provider: courier.name,
          courier: chosen.courier,
          chargePaise: chosen.chargePaise,
          promisedDays: chosen.days,
          chargeableWeightGrams: parcel.weightGrams,
          lengthMm: parcel.dimensionsMm?.length ?? null,
          widthMm: parcel.dimensionsMm?.width ?? null,
          heightMm: parcel.dimensionsMm?.height ?? null,
          codAmountPaise: parcel.codAmountPaise,
          staffId: staff.id,
        },
        lines,
      );
      await changes.audit(
        tx,
        actor,
        order,
        'shipment.create',
        `Parcel of order ${order.orderNumber} booked with ${chosen.courier} (${lines.reduce((s, l) => s + l.quantity, 0)} units)`,
        {},
        { shipmentId: made.id, courier: chosen.courier, lines, chargePaise: chosen.chargePaise },
      );
    });
    if (existing) return presentShipment(existing);
    return book(actor, made!, first.order, parcel);
  }

  /** The parcels of an order, oldest first. */
  async function shipmentsOf(orderId: string): Promise<ApiShipment[]> {
    if (!(await findOrder(db, orderId))) throw notFound(ORDER_NOT_FOUND);
    return (await shipmentsOfOrder(db, orderId)).map(presentShipment);
  }

  /** Bulk: each order shipped whole in turn; one that cannot ship is refused with its reason. */
  async function shipMany(staff: AuditActor, orderIds: string[]) {
    const shipped: ApiShipment[] = [];
    const refused: { orderId: string; message: string }[] = [];
    for (const orderId of new Set(orderIds)) {
      try {
        shipped.push(await ship(staff, orderId, {}));
      } catch (error) {
        if (!(error instanceof AppError) || (error.statusCode >= 500 && error.statusCode !== 502))
          throw error;
        refused.push({ orderId, message: error.message });
      }
    }
    return { shipments: shipped, refused };
  }

  return { quote, ship, shipMany, cancel, shipmentsOf };
}

export type OrderShipping = ReturnType<typeof createOrderShipping>;
