import { type Booking, type CourierOption, CourierProviderError, type Parcel } from '../courier-provider.js';
import type { ShiprocketClient } from './shiprocket-client.js';
import {
  adhocOrderOf,
  couriersOf,
  type ServiceableCourier,
  serviceabilityQuery,
} from './shiprocket-mapping.js';

/**
 * Booking with Shiprocket, idempotently: the shop's key (the parcel's id) is the adhoc order's
 * channel order id, and every booking first looks the key up, so a second ask (after a timeout, a
 * 5xx, an answer lost on the way) goes on from what was done instead of making a second order or
 * AWB. Also the lookups by AWB that pickups, labels and manifests need (they name Shiprocket's
 * shipment ids), and the serviceability the quotes and bookings read.
 */

/** An order of Shiprocket's as its list answers it (`GET /orders?search=`). */
type ListedOrder = {
  id?: unknown;
  channel_order_id?: unknown;
  shipments?: { id?: unknown; awb?: unknown; courier?: unknown }[];
};

export const present = (value: unknown) =>
  (typeof value === 'string' && value.trim() !== '') || typeof value === 'number';

export function createShiprocketBooking(deps: {
  client: ShiprocketClient;
  pickupLocation: string;
  now: () => number;
}) {
  const { client } = deps;
  // Shiprocket's own shipment id of an AWB (pickups, labels and manifests name shipments).
  const shipmentIds = new Map<string, number>();

  /** Shiprocket's order and shipment for a channel order id or an AWB (its list's search takes both). */
  async function findListed(search: string, doing: string) {
    const { body } = await client.call<{ data?: ListedOrder[] }>({
      method: 'GET',
      path: 'orders',
      query: { search },
      doing,
    });
    for (const order of body.data ?? []) {
      const shipment = (order.shipments ?? []).find((s) => s.awb === search) ?? order.shipments?.[0];
      if (String(order.channel_order_id) !== search && shipment?.awb !== search) continue;
      const awb = present(shipment?.awb) ? String(shipment!.awb) : undefined;
      const shipmentId = Number(shipment?.id);
      if (awb && Number.isFinite(shipmentId)) shipmentIds.set(awb, shipmentId);
      return {
        shipmentId: Number.isFinite(shipmentId) ? shipmentId : undefined,
        awb,
        courier: shipment?.courier,
      };
    }
    return undefined;
  }

  async function shipmentIdOf(awb: string): Promise<number> {
    const known = shipmentIds.get(awb) ?? (await findListed(awb, `find parcel ${awb}`))?.shipmentId;
    if (known === undefined)
      throw new CourierProviderError(`Shiprocket has no parcel with the AWB ${awb}.`, 404);
    return known;
  }

  async function serviceable(parcel: Parcel, doing: string): Promise<ServiceableCourier[]> {
    try {
      const { body } = await client.call({
        method: 'GET',
        path: 'courier/serviceability/',
        query: serviceabilityQuery(parcel),
        doing,
      });
      return couriersOf(body);
    } catch (error) {
      // "No courier serves this route" is an answer, not a failure.
      if (error instanceof CourierProviderError && error.statusCode === 404) return [];
      throw error;
    }
  }

  const trackingUrl = (awb: string) => `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`;

  /** The adhoc order for the parcel, made once: a second ask finds it by the channel order id. */
  async function orderFor(parcel: Parcel, key: string) {
    try {
      const { body } = await client.call<{ shipment_id?: unknown }>({
        method: 'POST',
        path: 'orders/create/adhoc',
        body: adhocOrderOf(parcel, key, deps.pickupLocation, new Date(deps.now())),
        doing: `book parcel of order ${parcel.orderNumber}`,
      });
      const shipmentId = Number(body.shipment_id);
      if (Number.isFinite(shipmentId)) return shipmentId;
    } catch (error) {
      // Two asks at once, or an answer lost a moment ago: the order may exist after all.
      const found = await findListed(key, `find parcel of order ${parcel.orderNumber}`).catch(
        () => undefined,
      );
      if (found?.shipmentId !== undefined) return found.shipmentId;
      throw error;
    }
    throw new CourierProviderError(`Shiprocket made order ${parcel.orderNumber} but named no shipment.`);
  }

  async function createShipment(parcel: Parcel, courier: string, key: string): Promise<Booking> {
    const doing = `book parcel of order ${parcel.orderNumber}`;
    const existing = await findListed(key, doing);
    const options = await serviceable(parcel, doing);
    const option = options.find((o) => o.courier.toLowerCase() === courier.toLowerCase());
    if (existing?.awb) {
      const name = present(existing.courier) ? String(existing.courier) : courier;
      return {
        awb: existing.awb,
        courier: name,
        trackingUrl: trackingUrl(existing.awb),
        chargePaise: option?.chargePaise ?? 0,
      };
    }
    if (!option)
      throw new CourierProviderError(
        `${courier} no longer serves this parcel (${options.map((o) => o.courier).join(', ') || 'no courier does'}): quote again and choose another.`,
        409,
      );
    const shipmentId = existing?.shipmentId ?? (await orderFor(parcel, key));
    let assigned: { awb_assign_status?: unknown; response?: { data?: Record<string, unknown> } };
    try {
      ({ body: assigned } = await client.call({
        method: 'POST',
        path: 'courier/assign/awb',
        body: { shipment_id: shipmentId, courier_id: option.courierId },
        doing,
      }));
    } catch (error) {
      // An AWB assigned by an ask whose answer was lost: Shiprocket refuses a second one.
      const found = await findListed(key, doing).catch(() => undefined);
      if (!found?.awb) throw error;
      assigned = {
        awb_assign_status: 1,
        response: { data: { awb_code: found.awb, courier_name: found.courier } },
      };
    }
    const data = assigned.response?.data ?? {};
    if (Number(assigned.awb_assign_status) !== 1 || !present(data.awb_code))
      throw new CourierProviderError(
        `Shiprocket assigned no AWB for order ${parcel.orderNumber}: ${String(data.awb_assign_error ?? 'no reason given')}`,
        400,
      );
    const awb = String(data.awb_code);
    shipmentIds.set(awb, shipmentId);
    return {
      awb,
      courier: present(data.courier_name) ? String(data.courier_name) : option.courier,
      trackingUrl: trackingUrl(awb),
      chargePaise: option.chargePaise,
    };
  }

  return {
    createShipment,
    shipmentIdOf,
    async quote(parcel: Parcel): Promise<CourierOption[]> {
      const options = await serviceable(parcel, 'quote couriers');
      return options.map(({ courier, chargePaise, days }) => ({ courier, chargePaise, days }));
    },
  };
}
