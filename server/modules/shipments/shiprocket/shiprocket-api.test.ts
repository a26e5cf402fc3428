import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, shipmentEvents, shipments } from '../../../db/schema.js';
import { signUp } from '../../../test/customers.js';
import { createProduct, ensureColor } from '../../../test/factories.js';
import { shoppingCalls } from '../../../test/shopping.js';
import { type SignedInStaff, signInStaff } from '../../../test/staff.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { type FakeShiprocket, type FakeWebhook, startFakeShiprocket } from './fake-shiprocket.js';

/**
 * The shop with SHIPPING_PROVIDER=shiprocket against the fake Shiprocket, through the API: "Ship"
 * books with it, its webhooks (replayed, out of order, with a wrong token, of statuses the shop does
 * not follow) reach the real route, a booking whose answer was lost is completed by the
 * reconciliation with one AWB, lost webhooks are made up by polling, and checkout never waits on it.
 */
let fake: FakeShiprocket;
let ctx: TestContext;
let ordersStaff: SignedInStaff;

beforeAll(async () => {
  fake = await startFakeShiprocket();
  ctx = await createTestApp({
    SHIPPING_PROVIDER: 'shiprocket',
    SHIPROCKET_EMAIL: fake.email,
    SHIPROCKET_PASSWORD: fake.password,
    SHIPROCKET_WEBHOOK_TOKEN: fake.webhookToken,
    SHIPROCKET_PICKUP_LOCATION: fake.pickupLocation,
    SHIPROCKET_API_URL: fake.url,
  });
  ordersStaff = await signInStaff(ctx.app, 'orders');
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});
afterEach(async () => {
  fake.fail(0);
  fake.dropAnswer('', 0);
  fake.webhooks({ copies: 1, reversed: false, lost: false });
  await fake.deliverWebhooks(async () => undefined);
});

const shop = shoppingCalls(() => ctx.app);
const db = () => ctx.database.db;

let customer: Awaited<ReturnType<typeof signUp>>;

/** A paid order of one unit, bought by a new customer (`customer`). */
async function paidOrder() {
  const product = await createProduct(db(), { quantity: 20, pricePaise: 150_000, colors: ['#000000'] });
  const color = await ensureColor(db(), '#000000');
  customer = await signUp(ctx.app);
  return shop.buy(customer, [{ id: product.id, colorId: color.id, quantity: 1 }]);
}

const ship = (orderId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/shipments`,
    headers: ordersStaff.headers,
    payload: {},
  });

const post = (webhook: FakeWebhook, name = 'shiprocket') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/shipping/webhooks/${name}`,
    headers: webhook.headers,
    payload: webhook.body,
  });

async function orderRow(id: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  return row!;
}
async function parcelRow(id: string) {
  const [row] = await db().select().from(shipments).where(eq(shipments.id, id));
  return row!;
}
const eventsOf = (shipmentId: string) =>
  db().select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, shipmentId));
const orderEventsOf = (orderId: string, type: string) =>
  db()
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, type)));

/** A paid order shipped with Shiprocket: the order id and its parcel as "Ship" answered it. */
async function shippedOrder() {
  const id = await paidOrder();
  const made = await ship(id);
  expect(made.statusCode, made.body).toBe(201);
  return { id, parcel: made.json() as { _id: string; awb: string; courier: string } };
}

describe('shipping with Shiprocket', () => {
  it('books the parcel as an adhoc order under its id, with the cheapest courier, and asks the pickup', async () => {
    const { id, parcel } = await shippedOrder();
    expect(parcel).toMatchObject({ provider: 'shiprocket', courier: 'Delhivery Surface', status: 'booked' });
    expect(parcel.awb).toMatch(/^\d{14}$/);
    const booked = fake.orders.filter((o) => o.channelOrderId === parcel._id);
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ awb: parcel.awb, pickup: { date: expect.any(String) } });
    expect(booked[0]!.body).toMatchObject({
      billing_pincode: '560038',
      billing_phone: expect.stringMatching(/^9\d{9}$/),
    });
    expect((await parcelRow(parcel._id)).pickupDate).not.toBeNull();
    expect(await orderRow(id)).toMatchObject({ fulfilmentStatus: 'shipped' });
  });

  it('answers 502 and makes no parcel while Shiprocket is down; checkout goes on by the rate card', async () => {
    const id = await paidOrder();
    fake.fail(1_000);
    const down = await ship(id);
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toMatch(
      /did not answer when asked to quote couriers \(Shiprocket failed \(HTTP 503\)/,
    );
    expect(await db().select().from(shipments).where(eq(shipments.orderId, id))).toHaveLength(0);
    // A shopper buys meanwhile: delivery is priced by the shop, not by the courier provider.
    expect(await paidOrder()).toBeTruthy();
  });
});

describe("Shiprocket's webhook", () => {
  it('replayed ten times at once settles once: one event row, the order moved once', async () => {
    const { id, parcel } = await shippedOrder();
    fake.scan(parcel.awb, 42);
    await fake.deliverWebhooks(post);
    fake.scan(parcel.awb, 7, { location: 'Indiranagar' });
    const delivered = fake.webhookFor(parcel.awb);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(delivered)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.map((a) => a.json().status).sort()).toEqual([...Array(9).fill('duplicate'), 'processed']);
    expect((await eventsOf(parcel._id)).map((e) => e.status).sort()).toEqual(['delivered', 'picked-up']);
    expect((await parcelRow(parcel._id)).status).toBe('delivered');
    expect((await orderRow(id)).fulfilmentStatus).toBe('delivered');
    expect(await orderEventsOf(id, 'delivered')).toHaveLength(1);
  });

  it('sent out of order, twice each, moves the parcel forward only and records each scan once', async () => {
    const { id, parcel } = await shippedOrder();
    for (const status of [42, 6, 18, 17, 7]) fake.scan(parcel.awb, status);
    fake.webhooks({ copies: 2, reversed: true });
    const outcomes: string[] = [];
    await fake.deliverWebhooks(async (w) => outcomes.push((await post(w)).json().status));
    expect(outcomes).toEqual(['processed', 'duplicate', ...Array(4).fill(['processed', 'duplicate']).flat()]);
    expect((await parcelRow(parcel._id)).status).toBe('delivered');
    expect((await orderRow(id)).fulfilmentStatus).toBe('delivered');
    const events = await eventsOf(parcel._id);
    expect(events.map((e) => e.status).sort()).toEqual(
      ['delivered', 'in-transit', 'in-transit', 'out-for-delivery', 'picked-up'].sort(),
    );
    // The customer reads them in the order they happened, not the order they came.
    const tracking = await shop.api(customer, 'GET', `/api/user/orders/${id}/tracking`);
    expect(tracking.statusCode, tracking.body).toBe(200);
    expect(tracking.json().parcels[0].scans.map((scan: { status: string }) => scan.status)).toEqual([
      'picked_up',
      'in_transit',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);
  });

  it('with a wrong token (or none) is refused and records nothing; at its alias it is taken', async () => {
    const { parcel } = await shippedOrder();
    fake.scan(parcel.awb, 42);
    const wrong = await post(fake.webhookFor(parcel.awb, 'not-the-merchants-token'));
    expect(wrong.statusCode).toBe(400);
    const bare = fake.webhookFor(parcel.awb);
    const none = await post({ body: bare.body, headers: { 'content-type': 'application/json' } });
    expect(none.statusCode).toBe(400);
    expect(await eventsOf(parcel._id)).toHaveLength(0);
    expect((await parcelRow(parcel._id)).status).toBe('booked');
    // Shiprocket's panel refuses URLs that name it: the same webhook at /webhooks/parcel-tracking.
    expect((await post(bare, 'parcel-tracking')).json()).toEqual({ status: 'processed' });
    expect((await parcelRow(parcel._id)).status).toBe('picked_up');
    expect((await post(bare, 'test-courier')).statusCode).toBe(404);
  });

  it('of a status the shop does not follow, or of an AWB it does not know, is answered 200 and records nothing', async () => {
    const { parcel } = await shippedOrder();
    fake.scan(parcel.awb, 19); // out for pickup
    const ignored = await post(fake.webhookFor(parcel.awb));
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json()).toEqual({ status: 'ignored' });
    expect(await eventsOf(parcel._id)).toHaveLength(0);
    const stranger = JSON.parse(fake.webhookFor(parcel.awb).body.toString());
    const unknown = Buffer.from(
      JSON.stringify({ ...stranger, awb: '11112222333344', shipment_status_id: 18 }),
    );
    const answer = await post({
      body: unknown,
      headers: { 'content-type': 'application/json', 'x-api-key': fake.webhookToken },
    });
    expect(answer.json()).toEqual({ status: 'unknown-shipment' });
  });
});

describe('the reconciliation with Shiprocket', () => {
  it('completes a booking whose answer was lost as Shiprocket went down: the same AWB, one order', async () => {
    const id = await paidOrder();
    fake.dropAnswer('courier/assign/awb', 1, 10);
    const lost = await ship(id);
    expect(lost.statusCode).toBe(502);
    const [pending] = await db().select().from(shipments).where(eq(shipments.orderId, id));
    expect(pending).toMatchObject({ status: 'pending', awb: null });
    const assigned = fake.orders.find((o) => o.channelOrderId === pending!.id)!.awb;
    expect(assigned).toBeTruthy();
    fake.fail(0);

    const result = await ctx.app.services.shipmentReconciliation.reconcile(Date.now() + 3 * 60_000);
    expect(result).toMatchObject({ booked: 1, waiting: 0 });
    expect(await parcelRow(pending!.id)).toMatchObject({ status: 'booked', awb: assigned });
    expect(fake.orders.filter((o) => o.channelOrderId === pending!.id)).toHaveLength(1);
    expect(await orderRow(id)).toMatchObject({ fulfilmentStatus: 'shipped' });
  });

  it('polls a parcel whose webhooks were lost and applies its scans; a late webhook of one is a replay', async () => {
    const { id, parcel } = await shippedOrder();
    fake.webhooks({ lost: true });
    fake.scan(parcel.awb, 42);
    fake.scan(parcel.awb, 18);
    fake.scan(parcel.awb, 17);
    await ctx.app.services.shipmentReconciliation.reconcile(Date.now() + 7 * 3_600_000);
    expect((await parcelRow(parcel._id)).status).toBe('out_for_delivery');
    expect((await orderRow(id)).fulfilmentStatus).toBe('out_for_delivery');
    expect(await eventsOf(parcel._id)).toHaveLength(3);
    expect((await post(fake.webhookFor(parcel.awb))).json()).toEqual({ status: 'duplicate' });
  });
});
