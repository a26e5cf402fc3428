import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, shipmentEvents, shipments } from '../db/schema.js';
import { testAwb } from '../modules/shipments/test-courier/test-courier-provider.js';
import { signUp } from '../test/customers.js';
import { createProduct, ensureColor } from '../test/factories.js';
import { shoppingCalls } from '../test/shopping.js';
import { type SignedInStaff, signInStaff } from '../test/staff.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

/**
 * The shipments' reconciliation with the built-in test courier: bookings whose answer was lost
 * completed with the same key as "Ship" completes them, and parcels gone quiet polled, their scans
 * applied as a webhook's would be. (With Shiprocket's fake: shiprocket/shiprocket-api.test.ts.)
 */
let ctx: TestContext;
let ordersStaff: SignedInStaff;

beforeAll(async () => {
  ctx = await createTestApp();
  ordersStaff = await signInStaff(ctx.app, 'orders');
});
afterAll(() => ctx.close());

const shop = shoppingCalls(() => ctx.app);
const minutes = (n: number) => n * 60_000;
const hours = (n: number) => n * 3_600_000;
const reconcile = (at: number) => ctx.app.services.shipmentReconciliation.reconcile(at);
const courier = () => ctx.app.services.testCourier!;

async function paidOrder() {
  const product = await createProduct(ctx.database.db, {
    quantity: 20,
    pricePaise: 120_000,
    colors: ['#000000'],
  });
  const color = await ensureColor(ctx.database.db, '#000000');
  return shop.buy(await signUp(ctx.app), [{ id: product.id, colorId: color.id, quantity: 1 }]);
}

const ship = (orderId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/shipments`,
    headers: ordersStaff.headers,
    payload: {},
  });

async function parcelsOf(orderId: string) {
  return ctx.database.db.select().from(shipments).where(eq(shipments.orderId, orderId));
}
async function orderRow(id: string) {
  const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** A paid order whose "Ship" got no answer from the courier: one pending parcel. */
async function lostBooking() {
  const id = await paidOrder();
  courier().scriptBookings('unreachable');
  try {
    expect((await ship(id)).statusCode).toBe(502);
  } finally {
    courier().scriptBookings('book');
  }
  const [parcel] = await parcelsOf(id);
  expect(parcel).toMatchObject({ status: 'pending', awb: null });
  return { id, parcel: parcel! };
}

describe('a booking whose answer was lost', () => {
  it('is left alone for a couple of minutes, then booked with its own id as the key and the order shipped', async () => {
    const { id, parcel } = await lostBooking();
    expect(await reconcile(Date.now())).toMatchObject({ booked: 0 });
    expect((await parcelsOf(id))[0]!.status).toBe('pending');

    expect(await reconcile(Date.now() + minutes(3))).toMatchObject({ booked: 1, refused: 0, waiting: 0 });
    const [booked] = await parcelsOf(id);
    expect(booked).toMatchObject({ id: parcel.id, status: 'booked', awb: testAwb(parcel.id) });
    expect(booked!.pickupDate).not.toBeNull();
    const order = await orderRow(id);
    expect(order).toMatchObject({ fulfilmentStatus: 'shipped' });
    expect(order.shipment).toMatchObject({ awb: testAwb(parcel.id) });
    const shipped = await ctx.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, id), eq(orderEvents.type, 'shipped')));
    expect(shipped).toHaveLength(1);
    expect(shipped[0]!.actorType).toBe('system');

    // Nothing left to do: a second run books nothing and ships nothing again.
    expect(await reconcile(Date.now() + minutes(3))).toMatchObject({ booked: 0 });
    expect(await parcelsOf(id)).toHaveLength(1);
  });

  it('stays pending while the courier still does not answer, and is marked failed when it refuses', async () => {
    const { id } = await lostBooking();
    courier().scriptBookings('unreachable');
    try {
      expect(await reconcile(Date.now() + minutes(3))).toMatchObject({ booked: 0, waiting: 1 });
    } finally {
      courier().scriptBookings('book');
    }
    expect((await parcelsOf(id))[0]!.status).toBe('pending');
    courier().scriptBookings('refuse');
    try {
      expect(await reconcile(Date.now() + minutes(3))).toMatchObject({ refused: 1 });
    } finally {
      courier().scriptBookings('book');
    }
    expect((await parcelsOf(id))[0]).toMatchObject({
      status: 'failed',
      failureReason: expect.stringMatching(/not serviceable/),
    });
    expect((await orderRow(id)).fulfilmentStatus).toBe('unfulfilled');
  });

  it('of an order cancelled meanwhile is released, not booked', async () => {
    const { id } = await lostBooking();
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${id}/cancel`,
      headers: ordersStaff.headers,
      payload: { reason: 'Customer changed their mind' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await reconcile(Date.now() + minutes(3))).toMatchObject({ booked: 0, refused: 1 });
    expect((await parcelsOf(id))[0]).toMatchObject({
      status: 'failed',
      awb: null,
      failureReason: expect.stringMatching(/^Not booked: Order .* was cancelled/),
    });
  });
});

describe('a parcel gone quiet', () => {
  it('has its tracking polled and the scans applied as webhooks would: the parcel and the order move, once', async () => {
    const id = await paidOrder();
    const parcel = (await ship(id)).json();
    for (const status of ['picked-up', 'in-transit', 'out-for-delivery', 'delivered'] as const)
      courier().recordScan(parcel.awb, { status, eventId: `quiet-${parcel.awb}-${status}` });
    expect(await reconcile(Date.now() + hours(1))).toMatchObject({ polled: 0 });

    // (Other tests' parcels may be polled too: the scans are this one's.)
    expect(await reconcile(Date.now() + hours(7))).toMatchObject({ scans: 4 });
    const [row] = await parcelsOf(id);
    expect(row).toMatchObject({ status: 'delivered' });
    expect(row!.scannedAt).not.toBeNull();
    expect((await orderRow(id)).fulfilmentStatus).toBe('delivered');
    const events = await ctx.database.db
      .select()
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipmentId, parcel._id));
    expect(events).toHaveLength(4);

    // The webhook of one of those scans arriving after all is a replay.
    const late = courier().signedEvent(parcel.awb, {
      status: 'delivered',
      eventId: `quiet-${parcel.awb}-delivered`,
    });
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipping/webhooks/test-courier',
      headers: late.headers,
      payload: late.body,
    });
    expect(answer.json()).toEqual({ status: 'duplicate' });
    // Delivered: no longer on its way, so never polled again.
    await reconcile(Date.now() + hours(20));
    expect((await parcelsOf(id))[0]!.scannedAt).toEqual(row!.scannedAt);
  });

  it('is polled only when nothing was heard of it for hours, the longest quiet first', async () => {
    const heard = (await ship(await paidOrder())).json();
    const silent = (await ship(await paidOrder())).json();
    const old = new Date(Date.now() - hours(10));
    await ctx.database.db.update(shipments).set({ createdAt: old }).where(eq(shipments.id, heard._id));
    await ctx.database.db.update(shipments).set({ createdAt: old }).where(eq(shipments.id, silent._id));
    // A webhook an hour ago for one of them.
    await ctx.database.db
      .update(shipments)
      .set({ scannedAt: new Date(Date.now() - hours(1)) })
      .where(eq(shipments.id, heard._id));
    courier().recordScan(heard.awb, { status: 'in-transit' });
    courier().recordScan(silent.awb, { status: 'picked-up' });
    await reconcile(Date.now());
    const [heardRow] = await ctx.database.db.select().from(shipments).where(eq(shipments.id, heard._id));
    const [silentRow] = await ctx.database.db.select().from(shipments).where(eq(shipments.id, silent._id));
    expect(heardRow!.status).toBe('booked');
    expect(silentRow!.status).toBe('picked_up');
  });
});
