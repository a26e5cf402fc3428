import type { ApiShipment } from '../../shared/api/shipments.schemas.js';
import { paiseToRupees } from '../../shared/money.js';
import type { Database } from '../db/client.js';
import type { OrderLineQuantity } from '../db/schema.js';
import { AppError, notFound } from '../lib/errors.js';
import type { AuditActor } from '../modules/audit/index.js';
import {
  findOrder,
  type LifecycleActor,
  ORDER_NOT_FOUND,
  type OrderChanges,
  type OrderLifecycle,
} from '../modules/orders/index.js';
import {
  type CourierProvider,
  chooseCourier,
  insertShipment,
  presentShipment,
  type ShipmentWithLines,
  shipmentsOfOrder,
  unitsInParcels,
} from '../modules/shipments/index.js';
import type { Seller } from '../seller-setting.js';
import type { CourierRule } from '../shipping-setting.js';
import { createBooking } from './book-shipment.js';
import { createShipmentCancelling } from './cancel-shipment.js';
import {
  createParcelPlanner,
  type ParcelShipping,
  parcelLines,
  recentTwin,
  refuseToShip,
  type ShipInput,
} from './shipment-parcels.js';

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
