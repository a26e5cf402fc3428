import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CourierProviderError, type Parcel } from '../courier-provider.js';
import { type FakeShiprocket, startFakeShiprocket } from './fake-shiprocket.js';
import { createShiprocketProvider, type ShiprocketProvider } from './shiprocket-provider.js';

/**
 * The Shiprocket adapter's contract, against a local fake of Shiprocket's API that misbehaves on
 * demand: quotes, bookings that are asked again with the same key (after a timeout, a 5xx, an answer
 * lost after the work was done), the token kept, renewed and refreshed after a 401, pickups, labels,
 * manifests, cancelling, failed deliveries, tracking and its webhook.
 */
let fake: FakeShiprocket;
let clock = Date.now();

beforeAll(async () => {
  fake = await startFakeShiprocket();
});
afterAll(() => fake.close());
afterEach(async () => {
  // No misbehaviour, nor a webhook not yet sent, leaks into the next test.
  fake.answerSlowly(0, 0);
  fake.fail(0);
  fake.dropAnswer('', 0);
  fake.webhooks({ copies: 1, reversed: false, lost: false });
  await fake.deliverWebhooks(async () => undefined);
});

function provider(overrides: { password?: string; timeoutMs?: number } = {}): ShiprocketProvider {
  return createShiprocketProvider({
    email: fake.email,
    password: overrides.password ?? fake.password,
    webhookToken: fake.webhookToken,
    pickupLocation: fake.pickupLocation,
    apiUrl: fake.url,
    timeoutMs: overrides.timeoutMs ?? 3_000,
    now: () => clock,
  });
}

let orders = 1000;
function parcel(overrides: Partial<Parcel> = {}, to: Partial<Parcel['to']> = {}): Parcel {
  return {
    from: {
      name: 'Bharat Bazaar',
      lines: ['Plot 7'],
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560103',
      phone: null,
    },
    to: {
      name: 'Asha Rao',
      lines: ['12, 4th Cross, Indiranagar', 'Landmark: Near the metro'],
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560038',
      phone: '+91 98450 12345',
      email: 'asha@example.in',
      ...to,
    },
    weightGrams: 1500,
    dimensionsMm: { length: 300, width: 200, height: 105 },
    codAmountPaise: 0,
    valuePaise: 249_900,
    orderNumber: `BB-${orders++}`,
    ...overrides,
  };
}

const key = () => crypto.randomUUID();
const ordersOf = (channelOrderId: string) => fake.orders.filter((o) => o.channelOrderId === channelOrderId);
const requestsTo = (path: string, since: number) => fake.requests.slice(since).filter((r) => r.path === path);

async function failure(promise: Promise<unknown>): Promise<CourierProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CourierProviderError);
  return error as CourierProviderError;
}

describe('quotes', () => {
  it('answer the serviceable couriers with the charge in paise and the promised days', async () => {
    const options = await provider().quote(parcel());
    expect(options).toEqual([
      { courier: 'Delhivery Surface', chargePaise: 11_800, days: 5 },
      { courier: 'Xpressbees Air', chargePaise: 16_500, days: 2 },
      { courier: 'Blue Dart Surface', chargePaise: 14_000, days: 4 },
    ]);
    const cod = await provider().quote(parcel({ codAmountPaise: 249_900 }));
    expect(cod[0]!.chargePaise).toBe(14_800);
    const asked = fake.requests.filter((r) => r.path === 'courier/serviceability').at(-1);
    expect(asked).toBeDefined();
  });

  it('answer no courier for a pincode nobody serves, rather than failing', async () => {
    expect(await provider().quote(parcel({}, { pincode: '999999' }))).toEqual([]);
  });
});

describe('the token', () => {
  it('is taken once from the login and reused for days, then renewed a day before its 10 days end', async () => {
    const shiprocket = provider();
    await shiprocket.quote(parcel());
    await shiprocket.quote(parcel());
    expect(shiprocket.logins).toBe(1);
    const since = fake.requests.length;
    clock += 8 * 86_400_000;
    await shiprocket.quote(parcel());
    expect(shiprocket.logins).toBe(1);
    clock += 86_400_000 + 60_000;
    await shiprocket.quote(parcel());
    expect(shiprocket.logins).toBe(2);
    expect(requestsTo('auth/login', since)).toHaveLength(1);
  });

  it('expired early (a 401) is refreshed once and the call retried', async () => {
    const shiprocket = provider();
    await shiprocket.quote(parcel());
    fake.expireTokens();
    const since = fake.requests.length;
    expect(await shiprocket.quote(parcel())).toHaveLength(3);
    expect(fake.requests.slice(since).map((r) => r.path)).toEqual([
      'courier/serviceability',
      'auth/login',
      'courier/serviceability',
    ]);
    expect(shiprocket.logins).toBe(2);
  });

  it('refused at login is an error staff can act on, and marks no parcel refused (no status code)', async () => {
    const error = await failure(provider({ password: 'wrong' }).quote(parcel()));
    expect(error.statusCode).toBeUndefined();
    expect(error.message).toMatch(/refused the login for api-user@shop\.example.*SHIPROCKET_EMAIL/);
  });
});

describe('booking', () => {
  it('makes an adhoc order under the idempotency key, assigns the chosen courier and answers the AWB', async () => {
    const id = key();
    const since = fake.requests.length;
    const booking = await provider().createShipment(parcel({ codAmountPaise: 2_500 }), 'Xpressbees Air', id);
    expect(booking).toEqual({
      awb: expect.stringMatching(/^\d{14}$/),
      courier: 'Xpressbees Air',
      trackingUrl: `https://shiprocket.co/tracking/${booking.awb}`,
      chargePaise: 16_500 + 3_000,
    });
    const [order] = ordersOf(id);
    expect(order!.awb).toBe(booking.awb);
    expect(order!.body).toMatchObject({
      order_id: id,
      pickup_location: 'Primary',
      billing_customer_name: 'Asha',
      billing_last_name: 'Rao',
      billing_phone: '9845012345',
      billing_email: 'asha@example.in',
      billing_pincode: '560038',
      payment_method: 'COD',
      sub_total: 25,
      weight: 1.5,
      length: 30,
      breadth: 20,
      height: 10.5,
    });
    expect(requestsTo('courier/assign/awb', since)[0]!.body).toMatchObject({ courier_id: 33 });
  });

  it('asked again with the same key answers the same AWB and makes nothing new', async () => {
    const id = key();
    const first = await provider().createShipment(parcel(), 'Delhivery Surface', id);
    const since = fake.requests.length;
    const again = await provider().createShipment(parcel(), 'Delhivery Surface', id);
    expect(again.awb).toBe(first.awb);
    expect(ordersOf(id)).toHaveLength(1);
    expect(requestsTo('orders/create/adhoc', since)).toHaveLength(0);
    expect(requestsTo('courier/assign/awb', since)).toHaveLength(0);
  });

  it('whose answer was lost after the AWB was assigned finds that AWB at once: one AWB', async () => {
    const id = key();
    fake.dropAnswer('courier/assign/awb');
    const since = fake.requests.length;
    const booking = await provider().createShipment(parcel(), 'Blue Dart Surface', id);
    expect(booking).toMatchObject({ awb: ordersOf(id)[0]!.awb, courier: 'Blue Dart Surface' });
    expect(ordersOf(id)).toHaveLength(1);
    // The answer lost, it looked the parcel up by its key.
    expect(fake.requests.slice(since).map((r) => r.path)).toEqual([
      'auth/login',
      'orders',
      'courier/serviceability',
      'orders/create/adhoc',
      'courier/assign/awb',
      'orders',
    ]);
  });

  it('whose answer was lost as Shiprocket went down fails without a status code; the same key later: one AWB', async () => {
    const id = key();
    fake.dropAnswer('courier/assign/awb', 1, 5);
    const lost = await failure(provider().createShipment(parcel(), 'Blue Dart Surface', id));
    expect(lost.statusCode).toBeUndefined();
    expect(lost.message).toMatch(/Shiprocket did not answer when asked to book parcel of order BB-\d+/);
    const assigned = ordersOf(id)[0]!.awb;
    expect(assigned).toBeTruthy();
    fake.fail(0);
    const again = await provider().createShipment(parcel(), 'Blue Dart Surface', id);
    expect(again).toMatchObject({ awb: assigned, courier: 'Blue Dart Surface' });
    expect(ordersOf(id)).toHaveLength(1);
  });

  it('whose order was made but its answer lost goes on with that order: one order, one AWB', async () => {
    const id = key();
    fake.dropAnswer('orders/create/adhoc');
    const booking = await provider().createShipment(parcel(), 'Delhivery Surface', id);
    expect(ordersOf(id)).toHaveLength(1);
    expect(ordersOf(id)[0]!.awb).toBe(booking.awb);
  });

  it('answered slower than the shop waits fails without a status code, and the retry finds what was done', async () => {
    const id = key();
    const shiprocket = provider({ timeoutMs: 300 });
    // The adhoc order answers late: the shop stops waiting, the order is made all the same.
    fake.answerSlowly(700, 1, 'orders/create/adhoc');
    const slow = await failure(shiprocket.createShipment(parcel(), 'Delhivery Surface', id));
    expect(slow.statusCode).toBeUndefined();
    expect(slow.message).toMatch(/did not answer when asked to book parcel .* \(no answer within 0\.3 s\)/);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(ordersOf(id)).toHaveLength(1);
    const booking = await shiprocket.createShipment(parcel(), 'Delhivery Surface', id);
    expect(ordersOf(id)).toHaveLength(1);
    expect(ordersOf(id)[0]!.awb).toBe(booking.awb);
  });

  it('failing with 5xx is an error without a status code (try again), naming what was asked', async () => {
    const id = key();
    const shiprocket = provider();
    await shiprocket.quote(parcel());
    fake.fail(1, 502);
    const error = await failure(shiprocket.createShipment(parcel(), 'Delhivery Surface', id));
    expect(error.statusCode).toBeUndefined();
    expect(error.message).toMatch(/Shiprocket failed \(HTTP 502\) when asked to book parcel of order BB-\d+/);
    expect(ordersOf(id)).toHaveLength(0);
    expect((await shiprocket.createShipment(parcel(), 'Delhivery Surface', id)).awb).toBeTruthy();
  });

  it('refused (no phone, a wrong pickup location, a courier that no longer serves) carries the 4xx and why', async () => {
    const noPhone = await failure(
      provider().createShipment(parcel({}, { phone: null }), 'Delhivery Surface', key()),
    );
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.message).toMatch(/10-digit phone number/);

    const elsewhere = createShiprocketProvider({
      email: fake.email,
      password: fake.password,
      webhookToken: fake.webhookToken,
      pickupLocation: 'Mumbai',
      apiUrl: fake.url,
    });
    const wrong = await failure(elsewhere.createShipment(parcel(), 'Delhivery Surface', key()));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.message).toMatch(/Shiprocket refused to book parcel.*Wrong Pickup location/);

    const gone = await failure(provider().createShipment(parcel(), 'Pigeon Post', key()));
    expect(gone.statusCode).toBe(409);
    expect(gone.message).toMatch(/Pigeon Post no longer serves this parcel \(Delhivery Surface, /);
  });
});

describe('after booking', () => {
  it('requests the pickup for a day, then makes the label and the manifest', async () => {
    const shiprocket = provider();
    const a = await shiprocket.createShipment(parcel(), 'Delhivery Surface', key());
    const b = await shiprocket.createShipment(parcel(), 'Delhivery Surface', key());
    await expect(shiprocket.manifestUrl([a.awb])).rejects.toThrow(/generate pickup/);
    const pickup = await shiprocket.requestPickup([a.awb, b.awb], '2026-12-02');
    expect(pickup.pickupDate.toISOString()).toBe('2026-12-02T04:30:00.000Z');
    expect(pickup.reference).toMatch(/^Reference No: FAKE_\d+, Reference No: FAKE_\d+$/);
    expect(await shiprocket.labelUrl([a.awb, b.awb])).toMatch(/labels\/\d+-\d+\.pdf$/);
    expect(await shiprocket.manifestUrl([a.awb, b.awb])).toMatch(/manifests\/\d+-\d+\.pdf$/);
    // A provider that did not book them (another server) finds their shipments by AWB.
    const other = provider();
    expect(await other.labelUrl([a.awb])).toMatch(/labels\/\d+\.pdf$/);
  });

  it('cancels before pickup; after pickup the refusal carries its 4xx', async () => {
    const shiprocket = provider();
    const early = await shiprocket.createShipment(parcel(), 'Delhivery Surface', key());
    await shiprocket.cancel(early.awb);
    expect(fake.orders.find((o) => o.awb === early.awb)!.cancelled).toBe(true);
    const late = await shiprocket.createShipment(parcel(), 'Delhivery Surface', key());
    fake.scan(late.awb, 42);
    const refused = await failure(shiprocket.cancel(late.awb));
    expect(refused.statusCode).toBe(400);
    expect(refused.message).toMatch(/already picked up/);
  });

  it('passes the answer to a failed delivery: a new day with a phone, or the return', async () => {
    const shiprocket = provider();
    const { awb } = await shiprocket.createShipment(parcel(), 'Delhivery Surface', key());
    const notYet = await failure(shiprocket.actOnNdr(awb, { kind: 'return' }));
    expect(notYet.statusCode).toBe(400);
    fake.scan(awb, 42);
    fake.scan(awb, 21, { activity: 'Customer not available' });
    await shiprocket.actOnNdr(awb, {
      kind: 'reattempt',
      day: '2026-12-03',
      phone: '9845099999',
      address: {
        lines: ['14, 5th Cross', 'Indiranagar'],
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560038',
      },
    });
    await shiprocket.actOnNdr(awb, { kind: 'return' });
    expect(fake.orders.find((o) => o.awb === awb)!.ndrActions).toEqual([
      {
        action: 're-attempt',
        comments: 'Deliver again on 2026-12-03.',
        deferred_date: '2026-12-03',
        phone: '9845099999',
        address1: '14, 5th Cross',
        address2: 'Indiranagar',
      },
      { action: 'return', comments: 'Return the parcel to the shop.' },
    ]);
  });
});

describe('tracking', () => {
  it('answers the scans the shop follows, oldest first, with the ids their webhooks carry', async () => {
    const shiprocket = provider();
    const { awb } = await shiprocket.createShipment(parcel(), 'Delhivery Surface', key());
    expect(await shiprocket.track(awb)).toEqual([]);
    fake.scan(awb, 19); // out for pickup: not a step here
    fake.scan(awb, 42, { location: 'Bengaluru hub' });
    fake.scan(awb, 18, { location: 'Hyderabad hub' });
    fake.scan(awb, 22); // delayed: nor this
    fake.scan(awb, 17);
    const webhooks: Buffer[] = [];
    await fake.deliverWebhooks(async (w) => webhooks.push(w.body));
    const events = await shiprocket.track(awb);
    expect(events.map((e) => e.status)).toEqual(['picked-up', 'in-transit', 'out-for-delivery']);
    expect(events[1]).toMatchObject({ awb, location: 'Hyderabad hub', description: 'IN TRANSIT' });
    const fromWebhooks = webhooks.map((body) =>
      shiprocket.parseWebhook(body, { 'x-api-key': fake.webhookToken }),
    );
    expect(fromWebhooks.map((e) => (typeof e === 'object' ? e.eventId : e))).toEqual([
      'ignored',
      events[0]!.eventId,
      events[1]!.eventId,
      'ignored',
      events[2]!.eventId,
    ]);
    expect((await failure(shiprocket.track('0000'))).statusCode).toBe(404);
  });
});

describe('the webhook', () => {
  it('is read with the right token only; the same scan sent twice or out of order has the same id', async () => {
    const shiprocket = provider();
    const { awb } = await shiprocket.createShipment(parcel(), 'Delhivery Surface', key());
    fake.scan(awb, 42, { location: 'Bengaluru hub' });
    fake.scan(awb, 7, { location: 'Indiranagar' });
    fake.webhooks({ copies: 2, reversed: true });
    const sent: Buffer[] = [];
    await fake.deliverWebhooks(async (w) => sent.push(w.body));
    const read = sent.map((body) => shiprocket.parseWebhook(body, { 'x-api-key': fake.webhookToken }));
    const events = read.filter((e) => typeof e === 'object');
    expect(events.map((e) => e.status)).toEqual(['delivered', 'delivered', 'picked-up', 'picked-up']);
    expect(new Set(events.map((e) => e.eventId)).size).toBe(2);
    expect(events[0]!.occurredAt.getTime()).toBeGreaterThan(events[2]!.occurredAt.getTime());
    expect(events[2]).toMatchObject({ awb, location: 'Bengaluru hub', description: 'PICKED UP' });

    const body = fake.webhookFor(awb).body;
    expect(shiprocket.parseWebhook(body, {})).toBeUndefined();
    expect(shiprocket.parseWebhook(body, { 'x-api-key': 'not-the-token' })).toBeUndefined();
    expect(
      shiprocket.parseWebhook(Buffer.from('{not json'), { 'x-api-key': fake.webhookToken }),
    ).toBeUndefined();
    const noAwb = Buffer.from(JSON.stringify({ shipment_status_id: 7 }));
    expect(shiprocket.parseWebhook(noAwb, { 'x-api-key': fake.webhookToken })).toBeUndefined();
    const unknown = Buffer.from(
      JSON.stringify({ awb, shipment_status_id: 99, current_timestamp: '01 12 2026 10:00:00' }),
    );
    expect(shiprocket.parseWebhook(unknown, { 'x-api-key': fake.webhookToken })).toBe('ignored');
  });

  it('reads the time of a report without scans from current_timestamp, in India time', () => {
    const body = Buffer.from(
      JSON.stringify({
        awb: 19041424751540,
        shipment_status_id: '17',
        current_timestamp: '23 05 2023 11:43:52',
      }),
    );
    const event = provider().parseWebhook(body, { 'x-api-key': fake.webhookToken });
    expect(event).toMatchObject({ awb: '19041424751540', status: 'out-for-delivery' });
    expect(typeof event === 'object' && event.occurredAt.toISOString()).toBe('2023-05-23T06:13:52.000Z');
  });
});
