/**
 * The fake Shiprocket's endpoints (fake-shiprocket.ts serves them): what each answers to the
 * adapter's requests, over the orders, AWBs, pickups and scans it keeps, as Shiprocket's documented
 * examples answer. Test support only.
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

/** What the fake keeps between requests. */
export type FakeState = {
  orders: FakeShiprocketOrder[];
  couriers: FakeShiprocketCourier[];
  /** Delivery pincodes no courier serves. */
  unserviceable: Set<string>;
  pickupLocation: string;
  next: { id: number; awb: bigint };
};

/** "YYYY-MM-DD HH:mm:ss" in India time, as Shiprocket writes times. */
export const indiaTime = (at: Date) =>
  new Date(at.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

const byShipment = (state: FakeState, id: unknown) => state.orders.find((o) => o.shipmentId === Number(id));
const byAwb = (state: FakeState, awb: string) => state.orders.find((o) => o.awb === awb);
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

function serviceability(state: FakeState, query: URLSearchParams): Answer {
  const pincode = query.get('delivery_postcode') ?? '';
  const weight = Number(query.get('weight'));
  if (!/^\d{6}$/.test(query.get('pickup_postcode') ?? '') || !/^\d{6}$/.test(pincode) || !(weight > 0))
    return invalid({ weight: ['The weight field is required when order id is not present.'] });
  if (state.unserviceable.has(pincode))
    return refused(`Delivery postcode ${pincode} is not serviceable`, 404);
  const cod = query.get('cod') === '1';
  return {
    status: 200,
    body: {
      status: 200,
      data: {
        available_courier_companies: state.couriers.map((c) => ({
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

function createOrder(state: FakeState, body: Record<string, unknown>): Answer {
  const required = ['order_id', 'order_date', 'pickup_location', 'billing_customer_name', 'billing_address'];
  required.push('billing_city', 'billing_pincode', 'billing_state', 'billing_country', 'billing_phone');
  required.push('payment_method', 'sub_total', 'length', 'breadth', 'height', 'weight');
  const absent = missing(body, required);
  if (absent.length > 0 || !Array.isArray(body.order_items) || body.order_items.length === 0)
    return invalid(
      Object.fromEntries([...absent, 'order_items'].map((f) => [f, [`The ${f} field is required.`]])),
    );
  if (body.pickup_location !== state.pickupLocation)
    return refused('Wrong Pickup location entered. Please choose one location from data given', 422);
  if (state.orders.some((o) => o.channelOrderId === String(body.order_id)))
    return refused(`Order id ${body.order_id} already exists`);
  const order: FakeShiprocketOrder = {
    id: 300_000_000 + state.next.id,
    shipmentId: 16_000_000 + state.next.id++,
    channelOrderId: String(body.order_id),
    body,
    cancelled: false,
    scans: [],
    ndrActions: [],
  };
  state.orders.push(order);
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

function assignAwb(state: FakeState, body: Record<string, unknown>): Answer {
  const order = byShipment(state, body.shipment_id);
  if (!order) return refused('Invalid shipment id');
  if (order.awb) return refused(`AWB is already assigned to shipment ${order.shipmentId}`);
  const courier = state.couriers.find((c) => c.id === Number(body.courier_id)) ?? state.couriers[0]!;
  if (state.unserviceable.has(String(order.body.billing_pincode)))
    return {
      status: 200,
      body: { awb_assign_status: 0, response: { data: { awb_assign_error: 'Not serviceable' } } },
    };
  order.awb = String(state.next.awb++);
  order.courier = courier;
  const data = {
    awb_code: order.awb,
    courier_company_id: courier.id,
    courier_name: courier.name,
    shipment_id: order.shipmentId,
  };
  return { status: 200, body: { awb_assign_status: 1, response: { data } } };
}

function pickup(state: FakeState, body: Record<string, unknown>): Answer {
  const ids = Array.isArray(body.shipment_id) ? body.shipment_id : [];
  const order = ids.length === 1 ? byShipment(state, ids[0]) : undefined;
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

function document(state: FakeState, body: Record<string, unknown>, kind: 'label' | 'manifest'): Answer {
  const ids = Array.isArray(body.shipment_id) ? body.shipment_id : [];
  const found = ids.map((id) => byShipment(state, id));
  if (ids.length === 0 || found.some((o) => !o?.awb)) return refused('Invalid shipment id');
  if (kind === 'manifest' && found.some((o) => !o?.pickup))
    return refused('Please generate pickup for the shipment(s) before the manifest');
  const url = `https://fake-shiprocket.example/${kind}s/${ids.join('-')}.pdf`;
  return kind === 'label'
    ? { status: 200, body: { label_created: 1, label_url: url, not_created: [] } }
    : { status: 200, body: { status: 1, manifest_url: url } };
}

function tracking(state: FakeState, awb: string): Answer {
  const order = byAwb(state, awb);
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

function cancel(state: FakeState, body: Record<string, unknown>): Answer {
  const awbs = Array.isArray(body.awbs) ? body.awbs.map(String) : [];
  const found = awbs.map((awb) => byAwb(state, awb));
  if (awbs.length === 0 || found.some((o) => !o)) return refused('Invalid AWB(s)');
  if (found.some((o) => o!.scans.some((s) => s.statusId !== 19)))
    return refused('Shipment(s) already picked up cannot be cancelled');
  for (const order of found) order!.cancelled = true;
  return {
    status: 200,
    body: { message: 'Bulk Shipment cancellation is in progress. Please wait for 24 hours.' },
  };
}

function ndrAction(state: FakeState, awb: string, body: Record<string, unknown>): Answer {
  const order = byAwb(state, awb);
  if (!order) return refused('Invalid AWB', 404);
  if (order.scans.at(-1)?.statusId !== 21) return refused(`Shipment ${awb} is not in NDR`);
  if (!['re-attempt', 'return', 'fake-attempt'].includes(String(body.action)) || !body.comments)
    return invalid({ action: ['The selected action is invalid.'] });
  order.ndrActions.push(body);
  return { status: 202, body: { status: 'Data Updated Sucessfully' } };
}

function listOrders(state: FakeState, query: URLSearchParams): Answer {
  const search = query.get('search') ?? '';
  const data = state.orders
    .filter((o) => !search || o.channelOrderId === search || o.awb === search)
    .map((o) => ({
      id: o.id,
      channel_order_id: o.channelOrderId,
      status: o.cancelled ? 'CANCELED' : o.awb ? 'READY TO SHIP' : 'NEW',
      shipments: [{ id: o.shipmentId, awb: o.awb ?? '', courier: o.courier?.name ?? '' }],
    }));
  return { status: 200, body: { data, meta: { pagination: { total: data.length, count: data.length } } } };
}

/** The answer to one authenticated request (`path` after /v1/external/, without a trailing slash). */
export function routeFakeRequest(
  state: FakeState,
  method: string,
  path: string,
  query: URLSearchParams,
  body: Record<string, unknown>,
): Answer {
  if (method === 'GET' && path === 'courier/serviceability') return serviceability(state, query);
  if (method === 'GET' && path === 'orders') return listOrders(state, query);
  if (method === 'GET' && path.startsWith('courier/track/awb/'))
    return tracking(state, decodeURIComponent(path.slice(18)));
  if (method !== 'POST') return refused('404 Not Found', 404);
  if (path === 'orders/create/adhoc') return createOrder(state, body);
  if (path === 'courier/assign/awb') return assignAwb(state, body);
  if (path === 'courier/generate/pickup') return pickup(state, body);
  if (path === 'courier/generate/label') return document(state, body, 'label');
  if (path === 'manifests/generate') return document(state, body, 'manifest');
  if (path === 'orders/cancel/shipment/awbs') return cancel(state, body);
  const ndr = /^ndr\/([^/]+)\/action$/.exec(path);
  if (ndr) return ndrAction(state, decodeURIComponent(ndr[1]!), body);
  return refused('404 Not Found', 404);
}

/** The webhook Shiprocket sends for a scan of an order (payload as its documentation shows it). */
export function webhookOf(order: FakeShiprocketOrder, scan: FakeScan, token: string): FakeWebhook {
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

/** The courier scans the parcel `awb` at `at` (a Shiprocket status id); answers the order and scan. */
export function recordScan(
  state: FakeState,
  awb: string,
  statusId: number,
  details: { location?: string; activity?: string },
  at: Date,
) {
  const order = byAwb(state, awb);
  if (!order) throw new Error(`fake Shiprocket: no parcel ${awb}`);
  const scan = {
    date: indiaTime(at),
    statusId,
    activity: details.activity ?? LABELS[statusId] ?? 'Scanned',
    location: details.location ?? 'Bengaluru hub',
  };
  order.scans.push(scan);
  return { order, scan };
}
