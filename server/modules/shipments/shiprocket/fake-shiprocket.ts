import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Shiprocket's API (test support only: nothing in the app imports it): the
 * endpoints the adapter calls, with bearer tokens from its login, orders, AWBs, pickups, scans and
 * the tracking webhooks it would send, and switches for the ways the real one misbehaves: answers
 * slower than the shop waits, 5xx, tokens expiring early, answers lost after the work was done,
 * webhooks sent twice, out of order or not at all. Bodies follow Shiprocket's documented examples.
 */

export type FakeShiprocketCourier = {
  id: number;
  name: string;
  /** Rupees for the first 500 g and each further 500 g; days promised. */
  first: number;
  extra: number;
  days: number;
};

export const FAKE_SHIPROCKET_COURIERS: FakeShiprocketCourier[] = [
  { id: 10, name: 'Delhivery Surface', first: 42, extra: 38, days: 5 },
  { id: 33, name: 'Xpressbees Air', first: 61, extra: 52, days: 2 },
  { id: 43, name: 'Blue Dart Surface', first: 58, extra: 41, days: 4 },
];

const LABELS: Record<number, string> = {
  6: 'SHIPPED',
  7: 'DELIVERED',
  9: 'RTO INITIATED',
  10: 'RTO DELIVERED',
  17: 'OUT FOR DELIVERY',
  18: 'IN TRANSIT',
  19: 'OUT FOR PICKUP',
  21: 'UNDELIVERED',
  22: 'DELAYED',
  38: 'REACHED AT DESTINATION HUB',
  42: 'PICKED UP',
  46: 'RTO IN TRANSIT',
};

export type FakeScan = { date: string; statusId: number; activity: string; location: string };

export type FakeShiprocketOrder = {
  id: number;
  channelOrderId: string;
  shipmentId: number;
  body: Record<string, unknown>;
  awb?: string;
  courier?: FakeShiprocketCourier;
  pickup?: { date: string; reference: string };
  cancelled: boolean;
  scans: FakeScan[];
  ndrActions: Record<string, unknown>[];
};

export type FakeWebhook = { body: Buffer; headers: Record<string, string> };

type Answer = { status: number; body: unknown };

/** "YYYY-MM-DD HH:mm:ss" in India time, as Shiprocket writes times. */
const indiaTime = (at: Date) =>
  new Date(at.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

export async function startFakeShiprocket(
  options: {
    email?: string;
    password?: string;
    webhookToken?: string;
    pickupLocation?: string;
    couriers?: FakeShiprocketCourier[];
  } = {},
) {
  const email = options.email ?? 'api-user@shop.example';
  const password = options.password ?? 'fake-shiprocket-password';
  const webhookToken = options.webhookToken ?? 'fake-shiprocket-webhook-token';
  const pickupLocation = options.pickupLocation ?? 'Primary';
  const couriers = options.couriers ?? FAKE_SHIPROCKET_COURIERS;
  const unserviceable = new Set(['999999']);
  const tokens = new Set<string>();
  const orders: FakeShiprocketOrder[] = [];
  const requests: { method: string; path: string; body: unknown; authorization?: string | undefined }[] = [];
  const webhookQueue: FakeWebhook[] = [];
  let nextId = 1;
  let nextAwb = 19041424751540n;
  // Scans are a minute apart, from an hour ago, so each has its own time.
  let clock = Date.now() - 3_600_000;

  // The misbehaviours, each for the next `count` requests (or webhooks) it applies to.
  const slow = { ms: 0, count: 0, path: '' };
  const failing = { status: 503, count: 0 };
  const dropping = { path: '', count: 0, thenFail: 0 };
  const webhookFaults = { copies: 1, reversed: false, lost: false };

  const byShipment = (id: unknown) => orders.find((o) => o.shipmentId === Number(id));
  const byAwb = (awb: string) => orders.find((o) => o.awb === awb);
  const rate = (c: FakeShiprocketCourier, kg: number, cod: boolean) =>
    Math.round((c.first + Math.max(0, Math.ceil(kg / 0.5) - 1) * c.extra + (cod ? 30 : 0)) * 100) / 100;
  const missing = (body: Record<string, unknown>, fields: string[]) =>
    fields.filter((f) => body[f] === undefined || body[f] === '' || body[f] === null);
  const invalid = (errors: Record<string, string[]>): Answer => ({
    status: 422,
    body: { message: 'Oops! Invalid Data.', errors, status_code: 422 },
  });
  const refused = (message: string, status = 400): Answer => ({
    status,
    body: { message, status_code: status },
  });

  function serviceability(query: URLSearchParams): Answer {
    const pincode = query.get('delivery_postcode') ?? '';
    const weight = Number(query.get('weight'));
    if (!/^\d{6}$/.test(query.get('pickup_postcode') ?? '') || !/^\d{6}$/.test(pincode) || !(weight > 0))
      return invalid({ weight: ['The weight field is required when order id is not present.'] });
    if (unserviceable.has(pincode)) return refused(`Delivery postcode ${pincode} is not serviceable`, 404);
    const cod = query.get('cod') === '1';
    return {
      status: 200,
      body: {
        status: 200,
        data: {
          available_courier_companies: couriers.map((c) => ({
            courier_company_id: c.id,
            courier_name: c.name,
            rate: rate(c, weight, cod),
            freight_charge: rate(c, weight, cod),
            estimated_delivery_days: String(c.days),
            etd_hours: c.days * 24,
            cod: 1,
          })),
        },
      },
    };
  }

  function createOrder(body: Record<string, unknown>): Answer {
    const required = [
      'order_id',
      'order_date',
      'pickup_location',
      'billing_customer_name',
      'billing_address',
    ];
    required.push('billing_city', 'billing_pincode', 'billing_state', 'billing_country', 'billing_phone');
    required.push('payment_method', 'sub_total', 'length', 'breadth', 'height', 'weight');
    const absent = missing(body, required);
    if (absent.length > 0 || !Array.isArray(body.order_items) || body.order_items.length === 0)
      return invalid(
        Object.fromEntries([...absent, 'order_items'].map((f) => [f, [`The ${f} field is required.`]])),
      );
    if (body.pickup_location !== pickupLocation)
      return refused('Wrong Pickup location entered. Please choose one location from data given', 422);
    if (orders.some((o) => o.channelOrderId === String(body.order_id)))
      return refused(`Order id ${body.order_id} already exists`);
    const order: FakeShiprocketOrder = {
      id: 300_000_000 + nextId,
      shipmentId: 16_000_000 + nextId++,
      channelOrderId: String(body.order_id),
      body,
      cancelled: false,
      scans: [],
      ndrActions: [],
    };
    orders.push(order);
    return {
      status: 200,
      body: {
        order_id: order.id,
        shipment_id: order.shipmentId,
        status: 'NEW',
        status_code: 1,
        awb_code: '',
      },
    };
  }

  function assignAwb(body: Record<string, unknown>): Answer {
    const order = byShipment(body.shipment_id);
    if (!order) return refused('Invalid shipment id');
    if (order.awb) return refused(`AWB is already assigned to shipment ${order.shipmentId}`);
    const courier = couriers.find((c) => c.id === Number(body.courier_id)) ?? couriers[0]!;
    if (unserviceable.has(String(order.body.billing_pincode)))
      return {
        status: 200,
        body: { awb_assign_status: 0, response: { data: { awb_assign_error: 'Not serviceable' } } },
      };
    order.awb = String(nextAwb++);
    order.courier = courier;
    const data = {
      awb_code: order.awb,
      courier_company_id: courier.id,
      courier_name: courier.name,
      shipment_id: order.shipmentId,
    };
    return { status: 200, body: { awb_assign_status: 1, response: { data } } };
  }

  function pickup(body: Record<string, unknown>): Answer {
    const ids = Array.isArray(body.shipment_id) ? body.shipment_id : [];
    const order = ids.length === 1 ? byShipment(ids[0]) : undefined;
    if (!order?.awb) return refused('Invalid shipment id');
    if (order.pickup) return refused('Already in Pickup Queue.');
    const day = Array.isArray(body.pickup_date)
      ? String(body.pickup_date[0])
      : indiaTime(new Date()).slice(0, 10);
    order.pickup = { date: `${day} 10:00:00`, reference: `Reference No: FAKE_${order.shipmentId}` };
    const response = {
      pickup_scheduled_date: order.pickup.date,
      pickup_token_number: order.pickup.reference,
      status: 3,
    };
    return { status: 200, body: { pickup_status: 1, response } };
  }

  function document(body: Record<string, unknown>, kind: 'label' | 'manifest'): Answer {
    const ids = Array.isArray(body.shipment_id) ? body.shipment_id : [];
    const found = ids.map(byShipment);
    if (ids.length === 0 || found.some((o) => !o?.awb)) return refused('Invalid shipment id');
    if (kind === 'manifest' && found.some((o) => !o?.pickup))
      return refused('Please generate pickup for the shipment(s) before the manifest');
    const url = `https://fake-shiprocket.example/${kind}s/${ids.join('-')}.pdf`;
    return kind === 'label'
      ? { status: 200, body: { label_created: 1, label_url: url, not_created: [] } }
      : { status: 200, body: { status: 1, manifest_url: url } };
  }

  function tracking(awb: string): Answer {
    const order = byAwb(awb);
    if (!order) return refused('404 Not Found', 404);
    if (order.scans.length === 0)
      return {
        status: 200,
        body: { tracking_data: { track_status: 0, error: 'Aahh! There is no activities found in our DB.' } },
      };
    const activities = [...order.scans].reverse().map((s) => ({
      date: s.date,
      status: s.statusId === 7 ? 'DLVD' : 'IT',
      activity: s.activity,
      location: s.location,
      'sr-status': String(s.statusId),
      'sr-status-label': LABELS[s.statusId] ?? 'NA',
    }));
    const last = order.scans.at(-1)!;
    return {
      status: 200,
      body: {
        tracking_data: {
          track_status: 1,
          shipment_status: last.statusId,
          shipment_track: [
            { awb_code: awb, shipment_id: order.shipmentId, current_status: LABELS[last.statusId] },
          ],
          shipment_track_activities: activities,
          track_url: `https://shiprocket.co/tracking/${awb}`,
        },
      },
    };
  }

  function cancel(body: Record<string, unknown>): Answer {
    const awbs = Array.isArray(body.awbs) ? body.awbs.map(String) : [];
    const found = awbs.map(byAwb);
    if (awbs.length === 0 || found.some((o) => !o)) return refused('Invalid AWB(s)');
    if (found.some((o) => o!.scans.some((s) => s.statusId !== 19)))
      return refused('Shipment(s) already picked up cannot be cancelled');
    for (const order of found) order!.cancelled = true;
    return {
      status: 200,
      body: { message: 'Bulk Shipment cancellation is in progress. Please wait for 24 hours.' },
    };
  }

  function ndrAction(awb: string, body: Record<string, unknown>): Answer {
    const order = byAwb(awb);
    if (!order) return refused('Invalid AWB', 404);
    if (order.scans.at(-1)?.statusId !== 21) return refused(`Shipment ${awb} is not in NDR`);
    if (!['re-attempt', 'return', 'fake-attempt'].includes(String(body.action)) || !body.comments)
      return invalid({ action: ['The selected action is invalid.'] });
    order.ndrActions.push(body);
    return { status: 202, body: { status: 'Data Updated Sucessfully' } };
  }

  function listOrders(query: URLSearchParams): Answer {
    const search = query.get('search') ?? '';
    const data = orders
      .filter((o) => !search || o.channelOrderId === search || o.awb === search)
      .map((o) => ({
        id: o.id,
        channel_order_id: o.channelOrderId,
        status: o.cancelled ? 'CANCELED' : o.awb ? 'READY TO SHIP' : 'NEW',
        shipments: [{ id: o.shipmentId, awb: o.awb ?? '', courier: o.courier?.name ?? '' }],
      }));
    return { status: 200, body: { data, meta: { pagination: { total: data.length, count: data.length } } } };
  }

  function route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
  ): Answer {
    if (method === 'GET' && path === 'courier/serviceability') return serviceability(query);
    if (method === 'GET' && path === 'orders') return listOrders(query);
    if (method === 'GET' && path.startsWith('courier/track/awb/'))
      return tracking(decodeURIComponent(path.slice(18)));
    if (method !== 'POST') return refused('404 Not Found', 404);
    if (path === 'orders/create/adhoc') return createOrder(body);
    if (path === 'courier/assign/awb') return assignAwb(body);
    if (path === 'courier/generate/pickup') return pickup(body);
    if (path === 'courier/generate/label') return document(body, 'label');
    if (path === 'manifests/generate') return document(body, 'manifest');
    if (path === 'orders/cancel/shipment/awbs') return cancel(body);
    const ndr = /^ndr\/([^/]+)\/action$/.exec(path);
    if (ndr) return ndrAction(decodeURIComponent(ndr[1]!), body);
    return refused('404 Not Found', 404);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/v1\/external\/?/, '').replace(/\/$/, '');
    let body: Record<string, unknown> = {};
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
    } catch {
      return send(res, 400, { message: 'Malformed JSON' });
    }
    requests.push({ method: req.method ?? '', path, body, authorization: req.headers.authorization });
    if (slow.count > 0 && (!slow.path || slow.path === path)) {
      slow.count -= 1;
      await new Promise((resolve) => setTimeout(resolve, slow.ms));
    }
    if (failing.count > 0) {
      failing.count -= 1;
      return send(res, failing.status, {
        message: 'Service Temporarily Unavailable',
        status_code: failing.status,
      });
    }
    if (path === 'auth/login') {
      if (body.email !== email || body.password !== password)
        return send(res, 403, { message: 'Invalid email and password combination', status_code: 403 });
      const token = randomBytes(24).toString('base64url');
      tokens.add(token);
      return send(res, 200, { id: 1, email, company_id: 1, token });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer))
      return send(res, 401, { message: 'Token has expired', status_code: 401 });
    const answer = route(req.method ?? 'GET', path, url.searchParams, body);
    if (dropping.count > 0 && path === dropping.path) {
      // The work is done; the answer never arrives (and Shiprocket may go down with it).
      dropping.count -= 1;
      failing.count = dropping.thenFail;
      res.socket?.destroy();
      return;
    }
    send(res, answer.status, answer.body);
  }

  function send(res: ServerResponse, status: number, body: unknown) {
    if (res.destroyed || res.writableEnded) return;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  /** The webhook Shiprocket sends for the latest scan of an order. */
  function webhookOf(order: FakeShiprocketOrder, scan: FakeScan, token = webhookToken): FakeWebhook {
    const [date, time] = scan.date.split(' ');
    const [y, m, d] = date!.split('-');
    const payload = {
      awb: order.awb,
      courier_name: order.courier?.name,
      current_status: LABELS[scan.statusId] ?? 'NA',
      current_status_id: scan.statusId,
      shipment_status: LABELS[scan.statusId] ?? 'NA',
      shipment_status_id: scan.statusId,
      current_timestamp: `${d} ${m} ${y} ${time}`,
      order_id: order.channelOrderId,
      sr_order_id: order.id,
      scans: order.scans.slice(0, order.scans.indexOf(scan) + 1).map((s) => ({
        date: s.date,
        status: 'IT',
        activity: s.activity,
        location: s.location,
        'sr-status': String(s.statusId),
        'sr-status-label': LABELS[s.statusId] ?? 'NA',
      })),
      is_return: 0,
      channel_id: 1,
    };
    return {
      body: Buffer.from(JSON.stringify(payload)),
      headers: { 'content-type': 'application/json', 'x-api-key': token },
    };
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1/external`,
    email,
    password,
    webhookToken,
    pickupLocation,
    couriers,
    orders,
    requests,
    unserviceable,
    /**
     * Answers the next `count` requests (to `path`, or any) only after `ms`; the work is still done,
     * as it would be.
     */
    answerSlowly(ms: number, count = 1, path = '') {
      Object.assign(slow, { ms, count, path });
    },
    /** Fails the next `count` requests with `status` (an outage), doing nothing. */
    fail(count = 1, status = 503) {
      Object.assign(failing, { status, count });
    },
    /** Every token issued so far stops working (401) until the shop logs in again. */
    expireTokens() {
      tokens.clear();
    },
    /**
     * Does the next `count` requests to `path` (e.g. 'courier/assign/awb'), then drops the connection;
     * with `thenFail`, the requests after that get 503 (Shiprocket went down mid-booking).
     */
    dropAnswer(path: string, count = 1, thenFail = 0) {
      Object.assign(dropping, { path, count, thenFail });
    },
    /** How the next webhooks go: each sent `copies` times, the batch in reverse order, or never. */
    webhooks(faults: Partial<typeof webhookFaults>) {
      Object.assign(webhookFaults, faults);
    },
    /** The courier scans a parcel (a Shiprocket status id); its webhook waits in the queue. */
    scan(awb: string, statusId: number, details: { location?: string; activity?: string } = {}) {
      const order = byAwb(awb);
      if (!order) throw new Error(`fake Shiprocket: no parcel ${awb}`);
      clock += 60_000;
      const scan = {
        date: indiaTime(new Date(clock)),
        statusId,
        activity: details.activity ?? LABELS[statusId] ?? 'Scanned',
        location: details.location ?? 'Bengaluru hub',
      };
      order.scans.push(scan);
      if (!webhookFaults.lost) webhookQueue.push(webhookOf(order, scan));
      return scan;
    },
    /** A webhook for the latest scan of `awb`, signed with `token` (a wrong one, to be refused). */
    webhookFor(awb: string, token?: string) {
      const order = byAwb(awb)!;
      return webhookOf(order, order.scans.at(-1)!, token);
    },
    /** Sends the queued webhooks through `deliver` (the test's request to the shop), with the faults set. */
    async deliverWebhooks(deliver: (webhook: FakeWebhook) => Promise<unknown>) {
      const batch = webhookQueue.splice(0);
      if (webhookFaults.reversed) batch.reverse();
      for (const webhook of batch) for (let i = 0; i < webhookFaults.copies; i++) await deliver(webhook);
      return batch.length;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeShiprocket = Awaited<ReturnType<typeof startFakeShiprocket>>;
