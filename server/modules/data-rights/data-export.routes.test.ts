import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { insertOrder } from '../../test/orders.js';
import { shoppingCalls } from '../../test/shopping.js';
import { signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * Right of access: GET /api/user/me/export answers everything held about the customer
 * (and nothing about anyone else); /export/orders.csv their orders as a spreadsheet.
 */
let ctx: TestContext;
let customer: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let productTitle: string;

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await signUp(ctx.app, { firstname: 'Kavya' });
  other = await signUp(ctx.app, { firstname: 'Rohan' });
  const product = await createProduct(ctx.database.db, {
    title: '=HYPERLINK("x") Kurta',
    colors: ['#000000'],
  });
  productTitle = product.title;
  const color = await ensureColor(ctx.database.db, '#000000');
  const as = (who: typeof customer) => ({ headers: who.headers });
  const call = (who: typeof customer, method: 'POST' | 'PUT', url: string, payload: object) =>
    ctx.app.inject({ method, url, payload, ...as(who) });
  for (const who of [customer, other]) {
    expect(
      (await call(who, 'POST', '/api/user/cart', { productId: product.id, color: color.id, quantity: 1 }))
        .statusCode,
    ).toBe(201);
    expect((await call(who, 'PUT', '/api/product/wishlist', { prodId: product.id })).statusCode).toBeLessThan(
      300,
    );
    expect(
      (
        await call(who, 'PUT', '/api/product/rating', {
          prodId: product.id,
          star: 4,
          comment: `Review by ${who.firstname}`,
        })
      ).statusCode,
    ).toBeLessThan(300);
    expect(
      // Sent signed in: what is sent signed out belongs to the account only once its address is
      // confirmed (contact-verification.test.ts).
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/enquiry',
          headers: who.headers,
          payload: {
            name: who.firstname,
            email: who.email.toUpperCase(),
            mobile: who.mobile,
            comment: `Enquiry from ${who.firstname}`,
          },
        })
      ).statusCode,
    ).toBeLessThan(300);
    await insertOrder(ctx.database.db, {
      userId: who.id,
      lines: [
        { productId: product.id, colorId: color.id, title: product.title, quantity: 2, pricePaise: 149_900 },
      ],
    });
  }
});
afterAll(async () => {
  await ctx?.close();
});

const download = (url: string, who = customer) =>
  ctx.app.inject({ method: 'GET', url, headers: who.headers });

describe('GET /api/user/me/export', () => {
  it('is for signed-in customers only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/me/export' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/me/export/orders.csv' })).statusCode).toBe(
      401,
    );
  });

  it('answers the account, its sign-ins, orders, cart, wishlist, reviews and enquiries as a download', async () => {
    const response = await download('/api/user/me/export');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json();
    expect(data.account).toMatchObject({
      _id: customer.id,
      email: customer.email,
      mobile: customer.mobile,
      firstname: 'Kavya',
    });
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.sessions[0]).not.toHaveProperty('tokenHash');
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0].orderItems[0]).toMatchObject({ quantity: 2, price: 1499 });
    expect(data.cart).toHaveLength(1);
    expect(data.wishlist.map((p: { title: string }) => p.title)).toEqual([productTitle]);
    expect(data.reviews).toEqual([expect.objectContaining({ comment: 'Review by Kavya', star: 4 })]);
    expect(data.enquiries).toEqual([expect.objectContaining({ comment: 'Enquiry from Kavya' })]);
    expect(Object.keys(data.about.contents)).toEqual(
      expect.arrayContaining(['account', 'orders', 'cart', 'wishlist', 'reviews', 'enquiries']),
    );
    // Nothing of the other customer's.
    expect(response.body).not.toContain(other.email);
    expect(response.body).not.toContain('Rohan');
    expect(response.body).not.toContain('passwordHash');
  });

  it('answers the orders as CSV, one row per item, formulas defused', async () => {
    const response = await download('/api/user/me/export/orders.csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe(
      'order,placed,status,payment,paymentStatus,item,colour,quantity,price,orderTotal,deliverTo',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") Kurta"`);
    expect(lines[1]).toContain(',2,1499.00,');
  });

  it("includes each order's invoice, refunds, credit notes and timeline", async () => {
    const buyer = await signUp(ctx.app);
    const product = await createProduct(ctx.database.db, { colors: ['#000000'], pricePaise: 120_000 });
    const color = await ensureColor(ctx.database.db, '#000000');
    const orderId = await shoppingCalls(() => ctx.app).buy(buyer, [
      { id: product.id, colorId: color.id, quantity: 1 },
    ]);
    const owner = await signInStaff(ctx.app, 'owner');
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refund`,
      headers: owner.headers,
      payload: { reason: 'Late delivery: a goodwill refund', amount: 100 },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const note = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/notes`,
      headers: owner.headers,
      payload: { note: 'Staff only: customer sounded upset' },
    });
    expect(note.statusCode, note.body).toBe(201);

    const data = (await download('/api/user/me/export', buyer)).json();
    expect(data.orderHistory).toHaveLength(1);
    const [history] = data.orderHistory;
    expect(history.orderNumber).toBe(data.orders[0].orderNumber);
    expect(history.invoice.number).toMatch(/\S/);
    expect(history.refunds).toMatchObject([{ amount: 100, reason: 'Late delivery: a goodwill refund' }]);
    expect(history.creditNotes.length).toBe(
      history.refunds.filter((r: { status: string }) => r.status === 'processed').length,
    );
    expect(history.timeline.map((e: { type: string }) => e.type)).toContain('placed');
    // Staff's own notes are not the customer's data to see on their order, nor here.
    expect(JSON.stringify(history.timeline)).not.toContain('Staff only');
  });

  it('takes seconds, not minutes, for a customer with 1,000 orders', async () => {
    const busy = await signUp(ctx.app);
    const product = await createProduct(ctx.database.db, { colors: ['#000000'] });
    const color = await ensureColor(ctx.database.db, '#000000');
    for (let i = 0; i < 1000; i++) {
      await insertOrder(ctx.database.db, {
        userId: busy.id,
        lines: [{ productId: product.id, colorId: color.id, quantity: 1, pricePaise: 50_000 }],
      });
    }
    const started = performance.now();
    const response = await download('/api/user/me/export', busy);
    const seconds = (performance.now() - started) / 1000;
    expect(response.statusCode).toBeLessThan(300);
    expect(response.json().orders).toHaveLength(1000);
    // Generous for a shared CI machine; typically well under 2 s.
    expect(seconds).toBeLessThan(15);
    const csv = await download('/api/user/me/export/orders.csv', busy);
    expect(csv.body.trim().split('\n')).toHaveLength(1001);
  }, 180_000);
});
