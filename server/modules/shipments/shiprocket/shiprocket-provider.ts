import {
  type CourierEvent,
  type CourierProvider,
  CourierProviderError,
  type NdrAction,
} from '../courier-provider.js';
import { createShiprocketBooking, present } from './shiprocket-booking.js';
import { createShiprocketClient, SHIPROCKET_API_URL } from './shiprocket-client.js';
import { eventOfScan, parseIndiaTime, type ShiprocketScan } from './shiprocket-mapping.js';
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

const DEFAULT_TIMEOUT_MS = 5_000;

export function createShiprocketProvider(settings: ShiprocketSettings): ShiprocketProvider {
  const client = createShiprocketClient({
    email: settings.email,
    password: settings.password,
    apiUrl: (settings.apiUrl ?? SHIPROCKET_API_URL).replace(/\/+$/, ''),
    timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    now: settings.now,
  });
  const booking = createShiprocketBooking({
    client,
    pickupLocation: settings.pickupLocation,
    now: settings.now ?? Date.now,
  });
  const { shipmentIdOf } = booking;

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
    quote: booking.quote,
    createShipment: booking.createShipment,
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
