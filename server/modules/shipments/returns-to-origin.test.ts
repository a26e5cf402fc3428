import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, creditNotes, orderEvents, refunds } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { parcelCalls } from '../../test/parcels.js';
import { mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * Returns to origin through the API: the test courier's RTO scans on the order's timeline and in
 * the customer's inbox, the parcel in the console's list, received back with its condition, stock
 * back per the receipt, and the money settled exactly once: a prepaid order refunded, a
 * cash-on-delivery order closed with nothing to collect and a credit note against its invoice.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let ordersStaff: SignedInStaff;
let support: SignedInStaff;
let catalogue: SignedInStaff;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // Delivery is charged (₹49) on these orders, so the tests see when it is refunded and when not.
  ctx = await createTestApp({ SMTP_URL: smtp.url, FREE_DELIVERY_FROM: '100000', COD_MAX_ORDER: '50000' });
  [ordersStaff, support, catalogue] = await Promise.all([
    signInStaff(ctx.app, 'orders'),
    signInStaff(ctx.app, 'support'),
    signInStaff(ctx.app, 'catalogue'),
  ]);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const calls = parcelCalls(
  () => ctx,
  () => smtp,
  () => ordersStaff,
);
const { asStaff, ship, scan, orderRow, shipmentRow, stockOf, mailsTo, twoLineOrder, shop } = calls;
const db = () => ctx.database.db;

const receive = (shipmentId: string, payload: object, who: SignedInStaff = ordersStaff) =>
  asStaff(who, 'POST', `/api/admin/shipments/${shipmentId}/rto-receipt`, payload);
const refundsOf = (orderId: string) => db().select().from(refunds).where(eq(refunds.orderId, orderId));
const staffOrder = async (id: string) => (await asStaff(support, 'GET', `/api/admin/orders/${id}`)).json();

describe('a prepaid parcel returned to origin', () => {
  it('is on the timeline and e-mailed when it turns back, waits in the list, and is refunded once when received', async () => {
    const { id, customer, phone, cover } = await twoLineOrder('online');
    const order = await orderRow(id);
    expect(order.deliveryPaise).toBe(4_900);
    const parcel = await ship(id);
    const stockBefore = [await stockOf(phone.id), await stockOf(cover.id)];
    await scan(parcel.awb, 'picked-up', 'in-transit', 'out-for-delivery', 'ndr', 'rto-initiated');

    const mail = (await mailsTo(customer.email, /is bringing it back to us/))[0]!;
    expect(mail).toContain(parcel.awb);
    expect(mail).toContain('Customer refused the parcel');
    expect(mail).toMatch(/refund what you paid for its items in full/);
    const listed = (await asStaff(support, 'GET', '/api/admin/shipments/returns-to-origin')).json();
    expect(listed.comingBack.map((p: { shipment: { _id: string } }) => p.shipment._id)).toContain(parcel._id);
    expect(listed.toReceive.map((p: { shipment: { _id: string } }) => p.shipment._id)).not.toContain(
      parcel._id,
    );

    // Not yet back at the shop: it cannot be received.
    const early = await receive(parcel._id, { condition: 'intact', restock: 'all' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/still on its way back to the shop \(rto_initiated\)/);

    await scan(parcel.awb, 'rto-delivered');
    const waiting = (await asStaff(support, 'GET', '/api/admin/shipments/returns-to-origin')).json();
    const entry = waiting.toReceive.find((p: { shipment: { _id: string } }) => p.shipment._id === parcel._id);
    expect(entry).toMatchObject({
      orderNumber: order.orderNumber,
      customerName: 'Asha Rao',
      paymentMethod: 'online',
      value: 2500,
      shipment: { status: 'rto_delivered', rtoReceipt: null },
    });

    const received = await receive(parcel._id, {
      condition: 'intact',
      restock: 'all',
      note: 'Seal unbroken',
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({
      refunded: 2549,
      notCollected: 0,
      orderReturned: true,
      alreadyReceived: false,
      shipment: { rtoReceipt: { condition: 'intact', note: 'Seal unbroken' } },
    });
    expect([await stockOf(phone.id), await stockOf(cover.id)]).toEqual([
      stockBefore[0]! + 1,
      stockBefore[1]! + 2,
    ]);

    // The same receipt again changes nothing.
    const again = await receive(parcel._id, { condition: 'damaged', restock: 'all' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      alreadyReceived: true,
      refunded: 0,
      shipment: { rtoReceipt: { condition: 'intact' } },
    });
    expect([await stockOf(phone.id), await stockOf(cover.id)]).toEqual([
      stockBefore[0]! + 1,
      stockBefore[1]! + 2,
    ]);

    const rows = await refundsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountPaise: 254_900, method: 'provider', lines: [] });
    const closed = await staffOrder(id);
    expect(closed).toMatchObject({
      state: 'cancelled',
      fulfilmentStatus: 'returned',
      status: 'Returned',
      paymentStatus: 'refunded',
      refunded: 2549,
    });
    expect(closed.creditNotes).toEqual([expect.objectContaining({ amount: 2549 })]);
    const titles = closed.events.map((e: { title: string }) => e.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        `Parcel ${parcel.awb} could not be delivered and is coming back to us`,
        `Parcel ${parcel.awb} is back at our warehouse`,
        `Parcel ${parcel.awb} received back (intact)`,
        'Order closed: every parcel came back to us undelivered',
      ]),
    );
    const audits = await db().select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(audits.filter((a) => a.action === 'shipment.rto_receive')).toHaveLength(2);
    expect(
      (await asStaff(support, 'GET', '/api/admin/shipments/returns-to-origin')).json().toReceive,
    ).not.toContainEqual(expect.objectContaining({ orderNumber: order.orderNumber }));
  });

  it('refunds once when two people receive the same parcel at the same moment', async () => {
    const { id } = await twoLineOrder('online');
    const parcel = await ship(id);
    await scan(parcel.awb, 'picked-up', 'rto-initiated', 'rto-delivered');
    const other = await signInStaff(ctx.app, 'orders');
    const [a, b] = await Promise.all([
      receive(parcel._id, { condition: 'intact', restock: 'all' }),
      receive(parcel._id, { condition: 'intact', restock: 'all' }, other),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().alreadyReceived, b.json().alreadyReceived].sort()).toEqual([false, true]);
    expect(await refundsOf(id)).toHaveLength(1);
  });

  it('of an order partly delivered: the order is delivered, the parcel back refunds its units only', async () => {
    const { id, phoneLine, coverLine, cover } = await twoLineOrder('online');
    const phone = await ship(id, [{ lineId: phoneLine, quantity: 1 }]);
    const covers = await ship(id, [{ lineId: coverLine, quantity: 2 }]);
    await scan(phone.awb, 'picked-up', 'delivered');
    expect((await orderRow(id)).fulfilmentStatus).toBe('shipped');
    // The other parcel is coming back: what reached the customer is all they will get.
    await scan(covers.awb, 'picked-up', 'rto-initiated');
    expect((await orderRow(id)).fulfilmentStatus).toBe('delivered');
    await scan(covers.awb, 'rto-delivered');

    const coversBefore = await stockOf(cover.id);
    const bad = await receive(covers._id, {
      condition: 'missing-items',
      restock: [{ lineId: phoneLine, quantity: 1 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ restock: 'One of the items to restock is not in this parcel.' });
    const tooMany = await receive(covers._id, {
      condition: 'missing-items',
      restock: [{ lineId: coverLine, quantity: 3 }],
    });
    expect(tooMany.statusCode).toBe(400);
    const received = await receive(covers._id, {
      condition: 'missing-items',
      restock: [{ lineId: coverLine, quantity: 1 }],
      note: 'One cover missing: claim raised with the courier',
    });
    expect(received.statusCode, received.body).toBe(200);
    // Both covers are refunded (neither reached the customer); the delivery charge is not.
    expect(received.json()).toMatchObject({ refunded: 1000, orderReturned: false });
    expect(await stockOf(cover.id)).toBe(coversBefore + 1);
    const order = await orderRow(id);
    expect(order).toMatchObject({ fulfilmentStatus: 'delivered', state: 'completed' });
    const rows = await refundsOf(id);
    expect(rows.map((r) => [r.amountPaise, r.lines])).toEqual([
      [100_000, [{ lineId: coverLine, quantity: 2 }]],
    ]);
  });
});

describe('returns asked for by the customer', () => {
  it('leave out the units of a parcel that came back undelivered, in the order page and the API', async () => {
    const { id, customer, phoneLine, coverLine } = await twoLineOrder('online');
    const phone = await ship(id, [{ lineId: phoneLine, quantity: 1 }]);
    const covers = await ship(id, [{ lineId: coverLine, quantity: 2 }]);
    await scan(phone.awb, 'picked-up', 'delivered');
    await scan(covers.awb, 'picked-up', 'rto-initiated');
    const mine = async () => (await shop.api(customer, 'GET', `/api/user/orders/${id}`)).json();
    const delivered = await mine();
    expect(delivered.fulfilmentStatus).toBe('delivered');
    expect(delivered.allowed).toMatchObject({
      return: true,
      returnable: [{ lineId: phoneLine, quantity: 1 }],
    });

    const askReturn = (lines: object[]) =>
      shop.api(customer, 'POST', `/api/user/orders/${id}/return`, { lines, reason: 'Not what I expected' });
    const covered = await askReturn([{ lineId: coverLine, quantity: 1 }]);
    expect(covered.statusCode).toBe(409);
    expect(covered.json().message).toMatch(/never reached you: its parcel came back to us undelivered/);
    // Still refused once the parcel is back at the shop.
    await scan(covers.awb, 'rto-delivered');
    expect((await askReturn([{ lineId: coverLine, quantity: 2 }])).statusCode).toBe(409);

    const asked = await askReturn([{ lineId: phoneLine, quantity: 1 }]);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().allowed).toMatchObject({ return: false, returnable: [] });
  });

  it('count a rejected return as never asked: its units can be asked for again', async () => {
    const { id, customer, phoneLine, coverLine } = await twoLineOrder('online');
    await scan((await ship(id)).awb, 'picked-up', 'delivered');
    const asked = await shop.api(customer, 'POST', `/api/user/orders/${id}/return`, {
      lines: [{ lineId: coverLine, quantity: 2 }],
      reason: 'Wrong colour',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().allowed.returnable).toEqual([{ lineId: phoneLine, quantity: 1 }]);
    const returnId = asked.json().returns[0]._id;
    const rejected = await asStaff(
      ordersStaff,
      'POST',
      `/api/admin/orders/${id}/returns/${returnId}/reject`,
      {
        reason: 'Used item',
      },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    const again = (await shop.api(customer, 'GET', `/api/user/orders/${id}`)).json();
    expect(again.allowed.returnable).toEqual(
      expect.arrayContaining([
        { lineId: phoneLine, quantity: 1 },
        { lineId: coverLine, quantity: 2 },
      ]),
    );
  });
});

describe('a cash-on-delivery parcel returned to origin', () => {
  it('closes the order with nothing to collect and a credit note against the invoice issued at shipping', async () => {
    const { id, customer, phone } = await twoLineOrder('cod');
    const parcel = await ship(id);
    expect(parcel.codAmount).toBe(2549);
    expect((await orderRow(id)).invoiceNumber).toBeTruthy();
    await scan(parcel.awb, 'picked-up', 'rto-initiated');
    const mail = (await mailsTo(customer.email, /is bringing it back to us/))[0]!;
    expect(mail).toMatch(/You have nothing to pay for it/);
    await scan(parcel.awb, 'rto-delivered');

    const phoneStock = await stockOf(phone.id);
    const received = await receive(parcel._id, { condition: 'damaged', restock: [] });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({ refunded: 0, notCollected: 2549, orderReturned: true });
    expect(await stockOf(phone.id)).toBe(phoneStock);

    const order = await staffOrder(id);
    expect(order).toMatchObject({
      state: 'cancelled',
      fulfilmentStatus: 'returned',
      status: 'Returned',
      paymentStatus: 'unpaid',
      refunded: 0,
      refundable: 0,
      actions: { collectCash: false, refund: false },
    });
    expect(order.refunds).toEqual([
      expect.objectContaining({
        amount: 2549,
        method: 'not_collected',
        reference: parcel.awb,
        status: 'processed',
      }),
    ]);
    const mine = (await calls.shop.api(customer, 'GET', `/api/user/orders/${id}`)).json();
    expect(mine.cod.amountDue).toBe(0);
    const [note] = await db().select().from(creditNotes).where(eq(creditNotes.orderId, id));
    expect(note!.amountPaise).toBe(254_900);
    // No refund e-mail: no money moved.
    expect(
      smtp.messages.filter((m) => m.to.includes(customer.email) && /paid .* back/i.test(mailText(m.raw))),
    ).toEqual([]);
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, id));
    expect(events.filter((e) => e.type === 'refunded')).toHaveLength(1);
  });
});

describe('receiving a parcel back', () => {
  it('refuses a parcel not returned to origin (409 naming its status), bad input, and the wrong roles', async () => {
    const { id } = await twoLineOrder('online');
    const parcel = await ship(id);
    await scan(parcel.awb, 'picked-up', 'in-transit');
    const wrong = await receive(parcel._id, { condition: 'intact', restock: 'all' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toMatch(/^Parcel TC\d+ is in transit \(in_transit\): only a parcel/);
    expect((await shipmentRow(parcel._id)).rtoReceivedAt).toBeNull();

    expect((await receive(parcel._id, { condition: 'lost', restock: 'all' })).statusCode).toBe(400);
    expect((await receive(parcel._id, { condition: 'intact', restock: 'some' })).statusCode).toBe(400);
    expect((await receive(parcel._id, { condition: 'intact' })).statusCode).toBe(400);
    expect(
      (await receive('00000000-0000-4000-8000-000000000000', { condition: 'intact', restock: 'all' }))
        .statusCode,
    ).toBe(404);

    const body = { condition: 'intact', restock: 'all' };
    expect((await receive(parcel._id, body, support)).statusCode).toBe(403);
    expect((await receive(parcel._id, body, catalogue)).statusCode).toBe(403);
    expect(
      (await asStaff(undefined, 'POST', `/api/admin/shipments/${parcel._id}/rto-receipt`, body)).statusCode,
    ).toBe(401);
    const shopper = await signUp(ctx.app);
    const asShopper = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/shipments/${parcel._id}/rto-receipt`,
      headers: shopper.headers,
      payload: body,
    });
    expect(asShopper.statusCode).toBe(403);
    expect((await asStaff(catalogue, 'GET', '/api/admin/shipments/returns-to-origin')).statusCode).toBe(403);
    expect((await asStaff(undefined, 'GET', '/api/admin/shipments/returns-to-origin')).statusCode).toBe(401);
  });
});

describe('the dashboard', () => {
  it('shows the RTO rate of the last 30 days: parcels returned over parcels that reached an end', async () => {
    const before = (await asStaff(support, 'GET', '/api/admin/dashboard')).json().rtoRate;
    const delivered = await ship((await twoLineOrder('online')).id);
    await scan(delivered.awb, 'picked-up', 'delivered');
    const back = await ship((await twoLineOrder('online')).id);
    await scan(back.awb, 'picked-up', 'rto-initiated');
    const after = (await asStaff(support, 'GET', '/api/admin/dashboard')).json().rtoRate;
    expect(after.ended).toBe(before.ended + 2);
    expect(after.returned).toBe(before.returned + 1);
    expect(after.rate).toBeCloseTo(after.returned / after.ended, 10);
  });
});
