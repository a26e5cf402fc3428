import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, orders, shipmentEvents, shipments } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { type Customer, shoppingCalls } from '../../test/shopping.js';
import { mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { testAwb } from './test-courier/test-courier-provider.js';

/**
 * Shipping through the courier provider, through the API: real purchases through the test
 * gateway, parcels booked with the built-in test courier, labels read back as text, cancelling,
 * and the test courier's scans (replayed, out of order) moving the parcels and the order.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let ordersStaff: SignedInStaff;
let support: SignedInStaff;
let catalogue: SignedInStaff;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ SMTP_URL: smtp.url });
  ordersStaff = await signInStaff(ctx.app, 'orders');
  support = await signInStaff(ctx.app, 'support');
  catalogue = await signInStaff(ctx.app, 'catalogue');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const shop = shoppingCalls(() => ctx.app);

async function product(pricePaise = 100_000) {
  const row = await createProduct(ctx.database.db, { quantity: 20, pricePaise, colors: ['#000000'] });
  const color = await ensureColor(ctx.database.db, '#000000');
  return { id: row.id, colorId: color.id };
}

/** A customer buys two lines: one phone and two covers. Answers the order and its line ids. */
async function twoLineOrder(customer?: Customer) {
  const buyer = customer ?? (await signUp(ctx.app));
  const phone = await product(150_000);
  const cover = await product(50_000);
  const id = await shop.buy(buyer, [
    { ...phone, quantity: 1 },
    { ...cover, quantity: 2 },
  ]);
  const detail = (await shop.api(buyer, 'GET', `/api/user/orders/${id}`)).json();
  const lineOf = (productId: string) =>
    detail.orderItems.find((l: { product: { _id: string } }) => l.product._id === productId)._id as string;
  return { id, customer: buyer, phoneLine: lineOf(phone.id), coverLine: lineOf(cover.id) };
}

const as = (who: SignedInStaff | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
const ship = (orderId: string, payload: object = {}, who: SignedInStaff = ordersStaff) =>
  as(who, 'POST', `/api/admin/orders/${orderId}/shipments`, payload);
const scan = (awb: string, status: string, extra: object = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/shipping/test-courier/shipments/${awb}/events`,
    payload: { status, ...extra },
  });

async function orderRow(id: string) {
  const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function shipmentRow(id: string) {
  const [row] = await ctx.database.db.select().from(shipments).where(eq(shipments.id, id));
  return row!;
}

async function mailTo(to: string, subject: RegExp) {
  for (let i = 0; i < 100; i++) {
    const found = smtp.messages.find((m) => m.to.includes(to) && subject.test(mailText(m.raw)));
    if (found) return mailText(found.raw);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no e-mail to ${to} matching ${subject}`);
}

async function pdfText(body: Buffer) {
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const page = await pdf.getPage(1);
  const { width, height } = page.getViewport({ scale: 1 });
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages, width, height };
}

describe('shipping an order with the courier provider', () => {
  it('books every unit in one parcel with the cheapest courier; the order ships and the customer is e-mailed', async () => {
    const { id, customer } = await twoLineOrder();
    const quote = await as(ordersStaff, 'POST', `/api/admin/orders/${id}/shipments/quote`, {});
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().options).toHaveLength(3);
    const cheapest = [...quote.json().options].sort((a, b) => a.charge - b.charge)[0].courier;
    expect(quote.json().chosen).toBe(cheapest);

    const made = await ship(id);
    expect(made.statusCode, made.body).toBe(201);
    const parcel = made.json();
    expect(parcel).toMatchObject({ courier: cheapest, status: 'booked', weightGrams: 1500, codAmount: 0 });
    expect(parcel.awb).toMatch(/^TC\d{10}$/);
    expect(parcel.lines).toHaveLength(2);

    const order = await orderRow(id);
    expect(order).toMatchObject({ fulfilmentStatus: 'shipped', orderStatus: 'Shipped' });
    expect(order.shipment).toMatchObject({ carrier: cheapest, awb: parcel.awb });
    expect(await mailTo(customer.email, /shipped/i)).toContain(parcel.awb);
    const audits = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['shipment.create', 'order.shipped']));

    const again = await as(ordersStaff, 'POST', `/api/admin/orders/${id}/shipments`, {
      courier: 'TC Express',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already in a parcel/);
  });

  it('ships some lines, then the rest: the order is shipped only when every unit is in a parcel', async () => {
    const { id, phoneLine, coverLine } = await twoLineOrder();
    const first = await ship(id, { lines: [{ lineId: coverLine, quantity: 1 }], courier: 'TC Express' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      courier: 'TC Express',
      lines: [{ lineId: coverLine, quantity: 1 }],
    });
    expect((await orderRow(id)).fulfilmentStatus).toBe('unfulfilled');

    const tooMany = await ship(id, { lines: [{ lineId: coverLine, quantity: 2 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/only 1 of 2 are left to ship/);

    const second = await ship(id, { lines: [{ lineId: phoneLine, quantity: 1 }] });
    expect(second.statusCode).toBe(201);
    expect((await orderRow(id)).fulfilmentStatus).toBe('unfulfilled');
    const rest = await ship(id);
    expect(rest.json().lines).toEqual([{ lineId: coverLine, quantity: 1 }]);
    const order = await orderRow(id);
    expect(order.fulfilmentStatus).toBe('shipped');
    expect(order.shipment?.awb.split(', ')).toHaveLength(3);
    const list = await as(support, 'GET', `/api/admin/orders/${id}/shipments`);
    expect(list.json().shipments.map((s: { awb: string }) => s.awb)).toEqual([
      first.json().awb,
      second.json().awb,
      rest.json().awb,
    ]);
    expect(new Set(list.json().shipments.map((s: { awb: string }) => s.awb)).size).toBe(3);
  });

  it('refuses lines of another order, unknown couriers, cancelled and unconfirmed cash-on-delivery orders', async () => {
    const one = await twoLineOrder();
    const other = await twoLineOrder();
    const foreign = await ship(one.id, { lines: [{ lineId: other.phoneLine, quantity: 1 }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('One of the chosen items is not in this order.');
    const courier = await ship(one.id, { courier: 'Pigeon Post' });
    expect(courier.statusCode).toBe(400);
    expect(courier.json().message).toMatch(/Pigeon Post is not among the couriers quoted/);
    expect((await ship('not-a-uuid')).statusCode).toBe(400);
    expect((await ship('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const cancelled = await as(ordersStaff, 'POST', `/api/admin/orders/${one.id}/cancel`, {
      reason: 'Customer asked us to',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refused = await ship(one.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/was cancelled/);

    await ctx.database.db
      .update(orders)
      .set({ state: 'unconfirmed', paymentMethod: 'cod', paymentStatus: 'unpaid' })
      .where(eq(orders.id, other.id));
    const unconfirmed = await ship(other.id);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().message).toMatch(/not confirmed it with their code/);
    expect(
      await ctx.database.db.select().from(shipments).where(eq(shipments.orderId, other.id)),
    ).toHaveLength(0);
  });

  it('needs a staff token with orders.write to ship, orders.read to print', async () => {
    const { id } = await twoLineOrder();
    const shopper = await signUp(ctx.app);
    expect((await as(undefined, 'POST', `/api/admin/orders/${id}/shipments`, {})).statusCode).toBe(401);
    const asShopper = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${id}/shipments`,
      headers: { authorization: `Bearer ${shopper.token}` },
      payload: {},
    });
    expect(asShopper.statusCode).toBe(403);
    expect((await ship(id, {}, support)).statusCode).toBe(403);
    expect((await ship(id, {}, catalogue)).statusCode).toBe(403);
    const made = await ship(id);
    expect(made.statusCode).toBe(201);
    const label = `/api/admin/shipments/${made.json()._id}/label`;
    expect((await as(support, 'GET', label)).statusCode).toBe(200);
    expect((await as(catalogue, 'GET', label)).statusCode).toBe(403);
    expect((await as(undefined, 'GET', label)).statusCode).toBe(401);
    expect((await as(support, 'POST', `/api/admin/shipments/${made.json()._id}/cancel`, {})).statusCode).toBe(
      403,
    );
  });

  it('makes one parcel when the same request is sent twice at once', async () => {
    const { id, coverLine } = await twoLineOrder();
    const partial = { lines: [{ lineId: coverLine, quantity: 1 }] };
    const [a, b] = await Promise.all([ship(id, partial), ship(id, partial)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()._id).toBe(b.json()._id);
    const [c, d] = await Promise.all([ship(id), ship(id)]);
    expect([c.statusCode, d.statusCode]).toEqual([201, 201]);
    expect(c.json()._id).toBe(d.json()._id);
    expect(await ctx.database.db.select().from(shipments).where(eq(shipments.orderId, id))).toHaveLength(2);
  });
});

describe('labels', () => {
  it('is a 4 x 6 inch PDF naming the AWB, courier, both addresses, the order, the weight and PREPAID', async () => {
    const { id } = await twoLineOrder();
    const parcel = (await ship(id)).json();
    const answer = await as(support, 'GET', `/api/admin/shipments/${parcel._id}/label`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    const { text, width, height, pages } = await pdfText(answer.rawPayload);
    expect([width, height, pages]).toEqual([288, 432, 1]);
    const order = await orderRow(id);
    for (const expected of [
      `AWB ${parcel.awb}`,
      parcel.courier,
      'DELIVER TO',
      'Asha Rao',
      'Bengaluru, Karnataka 560038',
      'Bharat Bazaar Retail Pvt. Ltd.',
      '560103',
      `Order ${order.orderNumber}`,
      'Weight: 1.50 kg',
      'PREPAID',
    ])
      expect(text).toContain(expected);
  });

  it('says how much cash to collect on a cash-on-delivery parcel', async () => {
    const { id } = await twoLineOrder();
    await ctx.database.db
      .update(orders)
      .set({ paymentMethod: 'cod', paymentStatus: 'unpaid', totalPriceAfterDiscountPaise: 250_000 })
      .where(eq(orders.id, id));
    const parcel = (await ship(id)).json();
    expect(parcel.codAmount).toBe(2500);
    const { text } = await pdfText(
      (await as(support, 'GET', `/api/admin/shipments/${parcel._id}/label`)).rawPayload,
    );
    expect(text).toContain('COD: Collect ₹2,500.00');
    expect(text).not.toContain('PREPAID');
    expect((await orderRow(id)).invoiceNumber).toBeTruthy();
  });

  it('prints many parcels in one PDF, one page each', async () => {
    const a = (await ship((await twoLineOrder()).id)).json();
    const b = (await ship((await twoLineOrder()).id)).json();
    const answer = await as(support, 'POST', '/api/admin/shipments/labels', { ids: [a._id, b._id] });
    expect(answer.statusCode, answer.body).toBe(200);
    const { text, pages } = await pdfText(answer.rawPayload);
    expect(pages).toBe(2);
    expect(text).toContain(a.awb);
    expect(text).toContain(b.awb);
    const missing = await as(support, 'POST', '/api/admin/shipments/labels', {
      ids: [a._id, '00000000-0000-4000-8000-000000000000'],
    });
    expect(missing.statusCode).toBe(404);
    expect((await as(support, 'POST', '/api/admin/shipments/labels', { ids: [] })).statusCode).toBe(400);
  });

  it('is collected from the shop’s pickup warehouse once one is set, else from the seller’s address', async () => {
    const settings = (warehouse: object | null) =>
      as(ordersStaff, 'PUT', '/api/admin/shipping/settings', {
        mode: 'flat',
        codFee: 0,
        codFeePercent: 0,
        defaultParcel: { weightGrams: 500, lengthMm: 200, widthMm: 150, heightMm: 80 },
        rates: [],
        warehouse,
      });
    const saved = await settings({
      name: 'Pune warehouse',
      contactPhone: '9822012345',
      addressLine1: 'Plot 7, Hinjewadi Phase 2',
      addressLine2: '',
      city: 'Pune',
      district: 'Pune',
      state: 'Maharashtra',
      pincode: '411057',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const parcel = (await ship((await twoLineOrder()).id)).json();
      const { text } = await pdfText(
        (await as(support, 'GET', `/api/admin/shipments/${parcel._id}/label`)).rawPayload,
      );
      for (const expected of ['Pune warehouse', 'Plot 7, Hinjewadi Phase 2', 'Pune, Maharashtra 411057'])
        expect(text).toContain(expected);
      expect(text).not.toContain('560103');
    } finally {
      expect((await settings(null)).statusCode).toBe(200);
    }
  });
});

describe('bulk', () => {
  it('ships many orders at once, lists those that cannot ship, and prints all their labels in one PDF', async () => {
    const a = await twoLineOrder();
    const b = await twoLineOrder();
    const done = await twoLineOrder();
    await as(ordersStaff, 'POST', `/api/admin/orders/${done.id}/cancel`, { reason: 'Out of stock' });
    const answer = await as(ordersStaff, 'POST', '/api/admin/shipments/bulk', {
      orderIds: [a.id, b.id, done.id],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { shipments: parcels, refused } = answer.json();
    expect(parcels.map((p: { orderId: string }) => p.orderId)).toEqual([a.id, b.id]);
    expect(refused).toEqual([{ orderId: done.id, message: expect.stringMatching(/was cancelled/) }]);
    expect((await orderRow(a.id)).fulfilmentStatus).toBe('shipped');
    const labels = await as(support, 'POST', '/api/admin/shipments/labels', {
      ids: parcels.map((p: { _id: string }) => p._id),
    });
    const { pages, text } = await pdfText(labels.rawPayload);
    expect(pages).toBe(2);
    for (const p of parcels) expect(text).toContain(p.awb);
    expect((await as(support, 'POST', '/api/admin/shipments/bulk', { orderIds: [a.id] })).statusCode).toBe(
      403,
    );
  });
});

describe('cancelling a parcel', () => {
  it('before pickup releases it and its units can ship again; after pickup it is refused', async () => {
    const { id, coverLine } = await twoLineOrder();
    const parcel = (await ship(id, { lines: [{ lineId: coverLine, quantity: 2 }] })).json();
    const cancelled = await as(ordersStaff, 'POST', `/api/admin/shipments/${parcel._id}/cancel`, {
      reason: 'Wrong box',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', awb: parcel.awb });
    expect(cancelled.json().cancelledAt).toBeTruthy();
    const label = await as(support, 'GET', `/api/admin/shipments/${parcel._id}/label`);
    expect(label.statusCode).toBe(409);

    const again = await ship(id, { lines: [{ lineId: coverLine, quantity: 2 }] });
    expect(again.statusCode).toBe(201);
    expect(again.json().awb).not.toBe(parcel.awb);
    expect((await scan(again.json().awb, 'picked-up')).statusCode).toBe(200);
    const late = await as(ordersStaff, 'POST', `/api/admin/shipments/${again.json()._id}/cancel`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/picked up/);
    expect((await shipmentRow(again.json()._id)).status).toBe('picked_up');
  });
});

describe("the test courier's scans", () => {
  it('move the parcel and, at the last parcel, the order: out for delivery, then delivered with its e-mail', async () => {
    const { id, customer, phoneLine, coverLine } = await twoLineOrder();
    const phone = (await ship(id, { lines: [{ lineId: phoneLine, quantity: 1 }] })).json();
    const covers = (await ship(id, { lines: [{ lineId: coverLine, quantity: 2 }] })).json();
    for (const status of ['picked-up', 'in-transit', 'out-for-delivery'])
      expect((await scan(phone.awb, status)).json().status).toBe('processed');
    expect((await shipmentRow(phone._id)).status).toBe('out_for_delivery');
    expect((await orderRow(id)).fulfilmentStatus).toBe('shipped');
    expect((await scan(phone.awb, 'delivered')).statusCode).toBe(200);
    expect((await orderRow(id)).fulfilmentStatus).toBe('shipped');

    await scan(covers.awb, 'picked-up');
    await scan(covers.awb, 'out-for-delivery');
    expect((await orderRow(id)).fulfilmentStatus).toBe('out_for_delivery');
    await scan(covers.awb, 'ndr', { reason: 'Customer not at home' });
    expect((await shipmentRow(covers._id)).status).toBe('ndr');
    await scan(covers.awb, 'out-for-delivery');
    await scan(covers.awb, 'delivered');
    const order = await orderRow(id);
    expect(order).toMatchObject({
      fulfilmentStatus: 'delivered',
      state: 'completed',
      orderStatus: 'Delivered',
    });
    expect(await mailTo(customer.email, /delivered/i)).toContain(order.orderNumber);
    expect((await scan('TC0000000000', 'picked-up')).statusCode).toBe(404);
  });

  it('show the customer each parcel with its items and scans; another customer’s order is not found', async () => {
    const { id, customer, phoneLine, coverLine } = await twoLineOrder();
    const phone = (await ship(id, { lines: [{ lineId: phoneLine, quantity: 1 }] })).json();
    const covers = (await ship(id, { lines: [{ lineId: coverLine, quantity: 2 }] })).json();
    await as(ordersStaff, 'POST', `/api/admin/shipments/${covers._id}/cancel`, { reason: 'Wrong box' });
    await scan(phone.awb, 'picked-up', { location: 'Bengaluru hub' });
    await scan(phone.awb, 'in-transit', { location: 'Hyderabad hub' });
    const url = `/api/user/orders/${id}/tracking`;
    const mine = await shop.api(customer, 'GET', url);
    expect(mine.statusCode, mine.body).toBe(200);
    const { parcels } = mine.json();
    // The cancelled parcel is not the customer's concern.
    expect(parcels).toHaveLength(1);
    expect(parcels[0]).toMatchObject({ courier: phone.courier, awb: phone.awb, status: 'in_transit' });
    expect(parcels[0].items).toEqual([{ title: expect.any(String), quantity: 1 }]);
    expect(parcels[0].scans.map((s: { status: string }) => s.status)).toEqual(['picked_up', 'in_transit']);
    expect(parcels[0].scans[1].location).toBe('Hyderabad hub');

    const stranger = await signUp(ctx.app);
    expect((await shop.api(stranger, 'GET', url)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await shop.api(customer, 'GET', '/api/user/orders/not-an-id/tracking')).statusCode).toBe(400);
  });

  it('settle once when the same webhook arrives ten times, and never move a parcel back', async () => {
    const { id } = await twoLineOrder();
    const parcel = (await ship(id)).json();
    const courier = ctx.app.services.testCourier!;
    const webhook = courier.signedEvent(parcel.awb, { status: 'picked-up', eventId: `replay-${parcel.awb}` });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/shipping/webhooks/test-courier',
          headers: webhook.headers,
          payload: webhook.body,
        }),
      ),
    );
    const outcomes = answers.map((a) => a.json().status).sort();
    expect(outcomes).toEqual(['duplicate', ...Array(8).fill('duplicate'), 'processed'].sort());
    const events = await ctx.database.db
      .select()
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipmentId, parcel._id));
    expect(events).toHaveLength(1);

    await scan(parcel.awb, 'delivered');
    expect((await orderRow(id)).fulfilmentStatus).toBe('delivered');
    // A late in-transit scan is recorded but moves nothing back.
    expect((await scan(parcel.awb, 'in-transit')).json().status).toBe('processed');
    expect((await shipmentRow(parcel._id)).status).toBe('delivered');
    expect((await orderRow(id)).fulfilmentStatus).toBe('delivered');
    expect(
      await ctx.database.db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, parcel._id)),
    ).toHaveLength(3);
  });

  it('refuses an unsigned webhook and another provider', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipping/webhooks/test-courier',
      headers: { 'content-type': 'application/json', 'x-test-courier-signature': '0'.repeat(64) },
      payload: JSON.stringify({ event_id: 'x', awb: 'TC1', status: 'delivered', occurred_at: new Date() }),
    });
    expect(bad.statusCode).toBe(400);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipping/webhooks/shiprocket',
      payload: '{}',
    });
    expect(other.statusCode).toBe(404);
    expect((await scan('TC1234567890', 'teleported')).statusCode).toBe(400);
  });
});

describe('when the provider fails', () => {
  it('keeps the parcel pending after no answer and books it with the same key on the next try: one AWB', async () => {
    const { id } = await twoLineOrder();
    const courier = ctx.app.services.testCourier!;
    courier.scriptBookings('unreachable');
    try {
      const lost = await ship(id);
      expect(lost.statusCode).toBe(502);
      expect(lost.json().message).toMatch(/did not answer.*try again/);
    } finally {
      courier.scriptBookings('book');
    }
    const [pending] = await ctx.database.db.select().from(shipments).where(eq(shipments.orderId, id));
    expect(pending).toMatchObject({ status: 'pending', awb: null });
    const retried = await ship(id);
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toMatchObject({ _id: pending!.id, status: 'booked' });
    expect(retried.json().awb).toBe(testAwb(pending!.id));
    expect(await ctx.database.db.select().from(shipments).where(eq(shipments.orderId, id))).toHaveLength(1);
    expect((await orderRow(id)).fulfilmentStatus).toBe('shipped');
  });

  it('frees the units when the provider refuses the parcel', async () => {
    const { id } = await twoLineOrder();
    const courier = ctx.app.services.testCourier!;
    courier.scriptBookings('refuse');
    try {
      const refused = await ship(id);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/not serviceable/);
    } finally {
      courier.scriptBookings('book');
    }
    expect((await ship(id)).statusCode).toBe(201);
    const rows = await ctx.database.db.select().from(shipments).where(eq(shipments.orderId, id));
    expect(rows.map((r) => r.status).sort()).toEqual(['booked', 'failed']);
  });
});
