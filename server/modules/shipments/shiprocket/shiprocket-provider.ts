import {
  type Booking,
  type CourierEvent,
  type CourierProvider,
  CourierProviderError,
  type NdrAction,
  type Parcel,
} from '../courier-provider.js';
import { createShiprocketClient, SHIPROCKET_API_URL } from './shiprocket-client.js';
import {
  adhocOrderOf,
  couriersOf,
  eventOfScan,
  parseIndiaTime,
  type ServiceableCourier,
  type ShiprocketScan,
  serviceabilityQuery,
} from './shiprocket-mapping.js';
import { parseShiprocketWebhook } from './shiprocket-webhook.js';

/**
 * Shiprocket as the shop's courier provider (SHIPPING_PROVIDER=shiprocket): quotes from its
 * serviceability, a parcel booked as an adhoc order (the shop's idempotency key its channel order
 * id) with an AWB assigned from the chosen courier, pickups, cancellation, NDR answers, tracking,
 * and its token-checked webhook. Labels and manifests are Shiprocket's PDFs, by link.
 */
export type ShiprocketSettings = {
  email: string;
  password: string;
  /** The token typed in Shiprocket's webhook settings, sent back in every webhook's x-api-key. */
  webhookToken: string;
  /** The nickname of the pickup address in Shiprocket's panel (Settings > Pickup Addresses). */
  pickupLocation: string;
  apiUrl?: string | undefined;
  /** How long one call may take (a few seconds: staff are waiting on "Ship"). */
  timeoutMs?: number | undefined;
  now?: () => number;
};

export type ShiprocketProvider = CourierProvider & {
  /** Shiprocket's label PDF (4 x 6) for booked parcels, by link. */
  labelUrl(awbs: string[]): Promise<string>;
  /** Shiprocket's manifest PDF for parcels whose pickup was requested, by link. */
  manifestUrl(awbs: string[]): Promise<string>;
  /** Logins so far (a token is reused for days). */
  readonly logins: number;
};

const DEFAULT_TIMEOUT_MS = 8_000;

/** An order of Shiprocket's as its list answers it (`GET /orders?search=`). */
type ListedOrder = {
  id?: unknown;
  channel_order_id?: unknown;
  shipments?: { id?: unknown; awb?: unknown; courier?: unknown }[];
};

const present = (value: unknown) =>
  (typeof value === 'string' && value.trim() !== '') || typeof value === 'number';

export function createShiprocketProvider(settings: ShiprocketSettings): ShiprocketProvider {
  const client = createShiprocketClient({
    email: settings.email,
    password: settings.password,
    apiUrl: (settings.apiUrl ?? SHIPROCKET_API_URL).replace(/\/+$/, ''),
    timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    now: settings.now,
  });
  const now = settings.now ?? Date.now;
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
        body: adhocOrderOf(parcel, key, settings.pickupLocation, new Date(now())),
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

  async function requestPickup(awbs: string[], day: string) {
    if (awbs.length === 0) throw new CourierProviderError('Choose the parcels to collect.', 400);
    const dates: Date[] = [];
    const references = new Set<string>();
    // Shiprocket takes one shipment per pickup request.
    for (const awb of awbs) {
      const { body } = await client.call<{ pickup_status?: unknown; response?: Record<string, unknown> }>({
        method: 'POST',
        path: 'courier/generate/pickup',
        body: { shipment_id: [await shipmentIdOf(awb)], pickup_date: [day] },
        doing: `request the pickup of parcel ${awb}`,
      });
      const date = parseIndiaTime(body.response?.pickup_scheduled_date);
      if (Number(body.pickup_status) !== 1 || !date)
        throw new CourierProviderError(`Shiprocket did not schedule the pickup of parcel ${awb}.`, 400);
      dates.push(date);
      if (present(body.response?.pickup_token_number))
        references.add(String(body.response!.pickup_token_number));
    }
    const latest = new Date(Math.max(...dates.map((d) => d.getTime())));
    return { pickupDate: latest, reference: references.size > 0 ? [...references].join(', ') : null };
  }

  async function actOnNdr(awb: string, action: NdrAction) {
    const body =
      action.kind === 'return'
        ? { action: 'return', comments: 'Return the parcel to the shop.' }
        : {
            action: 're-attempt',
            comments: `Deliver again on ${action.day}.`,
            deferred_date: action.day,
            ...(action.phone ? { phone: action.phone } : {}),
            ...(action.address
              ? {
                  address1: action.address.lines[0] ?? '',
                  address2: action.address.lines.slice(1).join(', '),
                }
              : {}),
          };
    await client.call({
      method: 'POST',
      path: `ndr/${encodeURIComponent(awb)}/action`,
      body,
      doing: `answer the failed delivery of ${awb}`,
    });
  }

  async function track(awb: string): Promise<CourierEvent[]> {
    const { body } = await client.call<{ tracking_data?: { shipment_track_activities?: ShiprocketScan[] } }>({
      method: 'GET',
      path: `courier/track/awb/${encodeURIComponent(awb)}`,
      doing: `track parcel ${awb}`,
    });
    const events = (body.tracking_data?.shipment_track_activities ?? []).flatMap(
      (scan) => eventOfScan(awb, scan) ?? [],
    );
    const unique = new Map(events.map((e) => [e.eventId, e]));
    return [...unique.values()].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  }

  /** A PDF Shiprocket makes for some parcels, by link (labels, manifests). */
  async function documentUrl(awbs: string[], path: string, field: string, what: string) {
    const ids = [];
    for (const awb of awbs) ids.push(await shipmentIdOf(awb));
    const { body } = await client.call({
      method: 'POST',
      path,
      body: { shipment_id: ids },
      doing: `make the ${what} of ${awbs.join(', ')}`,
    });
    const url = (body as Record<string, unknown>)[field];
    if (typeof url !== 'string' || !url)
      throw new CourierProviderError(
        `Shiprocket made no ${what}: ${JSON.stringify(body).slice(0, 200)}`,
        400,
      );
    return url;
  }

  return {
    name: 'shiprocket',
    webhookAliases: ['parcel-tracking'],
    async quote(parcel) {
      return (await serviceable(parcel, 'quote couriers')).map(({ courier, chargePaise, days }) => ({
        courier,
        chargePaise,
        days,
      }));
    },
    createShipment,
    async cancel(awb) {
      await client.call({
        method: 'POST',
        path: 'orders/cancel/shipment/awbs',
        body: { awbs: [awb] },
        doing: `cancel parcel ${awb}`,
      });
    },
    requestPickup,
    actOnNdr,
    track,
    parseWebhook: (rawBody, headers) => parseShiprocketWebhook(rawBody, headers, settings.webhookToken),
    labelUrl: (awbs) => documentUrl(awbs, 'courier/generate/label', 'label_url', 'label'),
    manifestUrl: (awbs) => documentUrl(awbs, 'manifests/generate', 'manifest_url', 'manifest'),
    get logins() {
      return client.logins;
    },
  };
}
