import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResponseOf } from '../../../shared/api/endpoint.js';
import type { legacyListOrders, listAdminOrders } from '../../../shared/api/orders-admin.js';
import { auditEvents, enquiries, orders, products } from '../../db/schema.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { insertCustomer, insertOrder } from '../../test/orders.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let owner: SignedInStaff;
let ordersStaff: SignedInStaff;
let support: SignedInStaff;
let product: Awaited<ReturnType<typeof createProduct>>;
let color: Awaited<ReturnType<typeof ensureColor>>;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signInStaff(ctx.app, 'owner');
  ordersStaff = await signInStaff(ctx.app, 'orders');
  support = await signInStaff(ctx.app, 'support');
  product = await createProduct(ctx.database.db, {
    title: 'Titan Neo Watch',
    brand: 'Titan',
    pricePaise: 499_900,
    colors: ['#222222'],
  });
  color = await ensureColor(ctx.database.db, '#222222');
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, staff: SignedInStaff = owner) =>
  ctx.app.inject({ method: 'GET', url, headers: staff.headers });
const put = (url: string, payload: object, staff: SignedInStaff = owner) =>
  ctx.app.inject({ method: 'PUT', url, headers: staff.headers, payload });

const MONTH_MS = 30 * 86_400_000;
/** Now as India's wall clock in the UTC fields (the sales figures count India months). */
const indiaNow = () => new Date(Date.now() + 330 * 60_000);
/** The 15th of the India month `back` months before this one, noon UTC: far from any month's edge. */
const midMonth = (back: number) => {
  const now = indiaNow();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 15, 12));
};

async function order(spec: Partial<Parameters<typeof insertOrder>[1]> & { customer?: { id: string } } = {}) {
  const customer = spec.customer ?? (await insertCustomer(ctx.database.db));
  return insertOrder(ctx.database.db, {
    userId: customer.id,
    lines: [
      { productId: product.id, colorId: color.id, title: product.title, quantity: 2, pricePaise: 499_900 },
    ],
    ...spec,
  });
}

async function auditFor(entityId: string) {
  return ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, 'order'), eq(auditEvents.entityId, entityId)));
}

describe('the sales figures of the original admin client', () => {
  // First in the file: the database has no orders yet.
  it('answer a zero summary and no months when there are no orders', async () => {
    const yearly = await get('/api/user/getYearlyTotalOrders');
    expect(yearly.statusCode).toBe(200);
    expect(yearly.json()).toEqual([{ _id: null, count: 0, amount: 0 }]);
    const monthly = await get('/api/user/getMonthWiseOrderIncome');
    expect(monthly.json()).toEqual([]);
  });

  // The figures in detail (India day and month edges, refunds): sales-dashboard.test.ts.
  it('group orders by 0-based India month over this month and the 11 before, oldest first, net of refunds, without cancelled ones', async () => {
    const customer = await insertCustomer(ctx.database.db);
    // Outside the window: twelve months back.
    await order({ customer, createdAt: midMonth(12), totalPaise: 100_000 });
    await order({ customer, createdAt: midMonth(11), totalPaise: 250_000, refundedPaise: 50_050 });
    await order({
      customer,
      createdAt: midMonth(11),
      totalPaise: 50_050,
      status: 'Cancelled',
      state: 'cancelled',
    });
    await order({ customer, createdAt: midMonth(3), totalPaise: 129_900 });
    await order({ customer, createdAt: new Date(), totalPaise: 99_900 });

    const monthly = (await get('/api/user/getMonthWiseOrderIncome')).json();
    expect(monthly).toEqual([
      { _id: { month: midMonth(11).getUTCMonth() }, amount: 1999.5, count: 1 },
      { _id: { month: midMonth(3).getUTCMonth() }, amount: 1299, count: 1 },
      { _id: { month: indiaNow().getUTCMonth() }, amount: 999, count: 1 },
    ]);
    const yearly = (await get('/api/user/getYearlyTotalOrders')).json();
    expect(yearly).toEqual([{ _id: null, count: 3, amount: 4297.5 }]);
  });

  it('need a staff token that can see orders', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user/getMonthWiseOrderIncome' })).statusCode,
    ).toBe(401);
    const catalogue = await signInStaff(ctx.app, 'catalogue');
    expect((await get('/api/user/getYearlyTotalOrders', catalogue)).statusCode).toBe(403);
    expect((await get('/api/user/getYearlyTotalOrders', support)).statusCode).toBe(200);
  });
});

describe('orders for the original admin client', () => {
  it('lists every order newest first, with the customer populated and no secret', async () => {
    const customer = await insertCustomer(ctx.database.db, { firstname: 'Ravi', lastname: 'Kumar' });
    const older = await order({ customer, createdAt: new Date(Date.now() - 60_000), status: 'Processing' });
    const newer = await order({ customer, status: 'Out for delivery' });

    const response = await get('/api/user/getallorders');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/password|hash|token/i);
    const list = (response.json() as ResponseOf<typeof legacyListOrders>).orders;
    expect(list[0]!._id).toBe(newer.id);
    const ids = list.map((o) => o._id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const shown = list.find((o) => o._id === older.id)!;
    expect(shown.user).toEqual({
      _id: customer.id,
      firstname: 'Ravi',
      lastname: 'Kumar',
      email: customer.email,
      mobile: customer.mobile,
    });
    // The client's own words, so its drop-down preselects the status.
    expect(shown.orderStatus).toBe('Processed');
    expect(list.find((o) => o._id === newer.id)!.orderStatus).toBe('Out For Delievery');
    expect(shown).toMatchObject({ totalPrice: 9998, totalPriceAfterDiscount: 9998 });
    expect(shown.orderItems).toEqual([
      expect.objectContaining({ product: product.id, color: color.id, quantity: 2, price: 4999 }),
    ]);
    for (const key of ['shippingInfo', 'paymentInfo', 'paidAt', 'createdAt', 'updatedAt']) {
      expect(shown).toHaveProperty(key);
    }
  });

  it('reads one order with its products and colours populated (400 malformed, 404 unknown)', async () => {
    const placed = await order();
    const response = await get(`/api/user/getOrder/${placed.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json().orders;
    expect(body._id).toBe(placed.id);
    expect(body.orderItems[0].product).toMatchObject({
      _id: product.id,
      title: 'Titan Neo Watch',
      brand: 'Titan',
    });
    expect(body.orderItems[0].color).toMatchObject({ _id: color.id, title: '#222222' });
    expect(body.orderItems[0]).toMatchObject({ quantity: 2, price: 4999 });

    const malformed = await get('/api/user/getOrder/not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/not a valid order id/);
    const unknown = await get('/api/user/getOrder/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/no order/);
  });

  it("moves an order forward in the client's words, stores ours, answers {orders} and records it", async () => {
    const placed = await order();
    const moved = await put(`/api/user/updateOrder/${placed.id}`, { status: 'Processed' }, ordersStaff);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().orders).toMatchObject({ _id: placed.id, orderStatus: 'Processed' });
    expect(moved.json().orders.orderItems[0].product.title).toBe('Titan Neo Watch');
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(stored).toMatchObject({ orderStatus: 'Processing', fulfilmentStatus: 'packed' });

    expect(
      (await put(`/api/user/updateOrder/${placed.id}`, { status: 'Shipped' }, ordersStaff)).statusCode,
    ).toBe(200);
    const misspelt = await put(
      `/api/user/updateOrder/${placed.id}`,
      { status: 'Out For Delievery' },
      ordersStaff,
    );
    expect(misspelt.statusCode).toBe(200);
    expect(misspelt.json().orders.orderStatus).toBe('Out For Delievery');
    const [after] = await ctx.database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(after).toMatchObject({ orderStatus: 'Out for delivery', fulfilmentStatus: 'out_for_delivery' });

    const trail = await auditFor(placed.id);
    expect(trail.map((e) => [e.action, e.actor])).toEqual(
      expect.arrayContaining([
        ['order.packed', ordersStaff.email],
        ['order.shipped', ordersStaff.email],
        ['order.out_for_delivery', ordersStaff.email],
      ]),
    );
    const packed = trail.find((e) => e.action === 'order.packed')!;
    expect(packed.before).toMatchObject({ orderStatus: 'Ordered' });
    expect(packed.after).toMatchObject({ orderStatus: 'Processing' });
  });

  it('accepts the correct spelling too, and refuses any other status with 400', async () => {
    const placed = await order({ status: 'Shipped' });
    const spelt = await put(`/api/user/updateOrder/${placed.id}`, { status: 'Out For Delivery' });
    expect(spelt.statusCode).toBe(200);
    expect(spelt.json().orders.orderStatus).toBe('Out For Delievery');
    for (const status of ['Packed', 'processed', 'Refunded', '', 3]) {
      const refused = await put(`/api/user/updateOrder/${placed.id}`, { status });
      expect(refused.statusCode, String(status)).toBe(400);
      expect(refused.json().message).toMatch(/Status must be one of/);
    }
    expect((await put(`/api/user/updateOrder/${placed.id}`, {})).statusCode).toBe(400);
  });

  it('moves forward only: a step back, delivering what never shipped, or any move of a cancelled or refunded order, is a 409', async () => {
    const shipped = await order({ status: 'Shipped' });
    const back = await put(`/api/user/updateOrder/${shipped.id}`, { status: 'Processed' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toMatch(/already shipped.*cannot go back to packed/);
    expect((await put(`/api/user/updateOrder/${shipped.id}`, { status: 'Ordered' })).statusCode).toBe(409);
    const cancelShipped = await put(`/api/user/updateOrder/${shipped.id}`, { status: 'Cancelled' });
    expect(cancelShipped.statusCode).toBe(409);
    expect(cancelShipped.json().message).toMatch(/already shipped, so it can no longer be cancelled/);

    for (const [status, words] of [
      ['Cancelled', 'was cancelled'],
      ['Refunded', 'was refunded in full'],
    ] as const) {
      const ended = await order({ status });
      const refused = await put(`/api/user/updateOrder/${ended.id}`, { status: 'Shipped' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(new RegExp(words));
      const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, ended.id));
      expect(row!.orderStatus).toBe(status);
    }
    // Delivered needs a shipment first; skipping packing is fine.
    const fresh = await order();
    const unshipped = await put(`/api/user/updateOrder/${fresh.id}`, { status: 'Delivered' });
    expect(unshipped.statusCode).toBe(409);
    expect(unshipped.json().message).toMatch(/has not shipped yet/);
    expect((await put(`/api/user/updateOrder/${fresh.id}`, { status: 'Shipped' })).statusCode).toBe(200);
    expect((await put(`/api/user/updateOrder/${fresh.id}`, { status: 'Delivered' })).statusCode).toBe(200);
    // Nothing was written for the refusals.
    expect(await auditFor(shipped.id)).toEqual([]);
  });

  it('answers the same status again without changing anything (a repeated request)', async () => {
    const placed = await order({ status: 'Shipped' });
    const again = await put(`/api/user/updateOrder/${placed.id}`, { status: 'Shipped' });
    expect(again.statusCode).toBe(200);
    expect(again.json().orders.orderStatus).toBe('Shipped');
    const [trail] = await auditFor(placed.id);
    expect(trail!.summary).toMatch(/no change/);
  });

  it('answers 404 for an unknown order and 403 for a role that cannot change orders', async () => {
    const unknown = await put('/api/user/updateOrder/00000000-0000-4000-8000-000000000000', {
      status: 'Shipped',
    });
    expect(unknown.statusCode).toBe(404);
    const placed = await order();
    expect((await put(`/api/user/updateOrder/${placed.id}`, { status: 'Shipped' }, support)).statusCode).toBe(
      403,
    );
  });
});

describe('the console: orders', () => {
  let asha: Awaited<ReturnType<typeof insertCustomer>>;
  let vikram: Awaited<ReturnType<typeof insertCustomer>>;
  const placed: Record<string, Awaited<ReturnType<typeof insertOrder>>> = {};

  beforeAll(async () => {
    asha = await insertCustomer(ctx.database.db, {
      firstname: 'Asha',
      lastname: 'Raghunathan',
      email: 'asha.r@example.in',
      mobile: '9845012345',
    });
    vikram = await insertCustomer(ctx.database.db, {
      firstname: 'Vikram',
      lastname: 'Sethi',
      email: 'vsethi@example.in',
      mobile: '9123400000',
    });
    // 20:00 UTC on 31 March is 01:30 on 1 April in India.
    placed.aprilInIndia = await order({
      customer: asha,
      createdAt: new Date('2024-03-31T20:00:00Z'),
      paymentMethod: 'card',
      totalPaise: 1_000_00,
    });
    placed.march = await order({
      customer: asha,
      createdAt: new Date('2024-03-31T12:00:00Z'),
      paymentMethod: 'upi',
      totalPaise: 5_000_00,
    });
    placed.vikram = await order({
      customer: vikram,
      createdAt: new Date('2024-04-02T12:00:00Z'),
      status: 'Shipped',
      paymentMethod: 'netbanking',
      totalPaise: 3_000_00,
    });
  });

  const list = async (query: string) => {
    const response = await get(`/api/admin/orders?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ResponseOf<typeof listAdminOrders>;
  };

  it('filters by India dates, status and payment method, with the total', async () => {
    const april = await list('from=2024-04-01&to=2024-04-30');
    expect(april.orders.map((o) => o._id)).toEqual([placed.vikram!.id, placed.aprilInIndia!.id]);
    expect(april.total).toBe(2);
    const march = await list('from=2024-03-01&to=2024-03-31');
    expect(march.orders.map((o) => o._id)).toEqual([placed.march!.id]);

    const shipped = await list('status=Shipped&from=2024-01-01&to=2024-12-31');
    expect(shipped.orders.map((o) => o._id)).toEqual([placed.vikram!.id]);
    const card = await list('payment=card&from=2024-01-01&to=2024-12-31');
    expect(card.orders.map((o) => o._id)).toEqual([placed.aprilInIndia!.id]);
    expect(card.total).toBe(1);
    expect(card.orders[0]).toMatchObject({
      orderNumber: placed.aprilInIndia!.orderNumber,
      customer: { _id: asha.id, name: 'Asha Raghunathan', email: 'asha.r@example.in', mobile: '9845012345' },
      itemCount: 2,
      total: 1000,
      status: 'Ordered',
      paymentMethod: 'card',
    });
  });

  it('finds orders by order number, e-mail, mobile (as typed) or name', async () => {
    const byNumber = await list(`q=${placed.vikram!.orderNumber.toLowerCase()}`);
    expect(byNumber.orders.map((o) => o._id)).toContain(placed.vikram!.id);
    expect(byNumber.orders.map((o) => o._id)).not.toContain(placed.march!.id);

    const byEmail = await list('q=asha.r@');
    expect(new Set(byEmail.orders.map((o) => o._id))).toEqual(
      new Set([placed.march!.id, placed.aprilInIndia!.id]),
    );
    const byMobile = await list(`q=${encodeURIComponent('+91 98450 12345')}`);
    expect(byMobile.total).toBe(2);
    const byName = await list('q=vikram%20se');
    expect(byName.orders.map((o) => o._id)).toEqual([placed.vikram!.id]);
    // Wildcards typed by staff are letters.
    expect((await list('q=%25')).total).toBe(0);
  });

  it('sorts and pages on the server', async () => {
    const window = 'from=2024-03-01&to=2024-04-30';
    const byTotal = await list(`${window}&sort=total:desc`);
    expect(byTotal.orders.map((o) => o.total)).toEqual([5000, 3000, 1000]);
    const page2 = await list(`${window}&sort=total:asc&limit=2&page=2`);
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.orders.map((o) => o.total)).toEqual([5000]);
  });

  it('refuses bad filters with 400 and a message', async () => {
    for (const query of [
      'status=Lost',
      'from=1-4-2024',
      'payment=cash',
      'page=0',
      'limit=500',
      'sort=name:asc',
    ]) {
      const response = await get(`/api/admin/orders?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    const reversed = await get('/api/admin/orders?from=2024-05-01&to=2024-04-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toMatch(/end date is before/);
  });

  it('shows one order: lines with pictures, customer, address, payment and the next steps', async () => {
    const response = await get(`/api/admin/orders/${placed.march!.id}`, support);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      _id: placed.march!.id,
      status: 'Ordered',
      state: 'placed',
      paymentStatus: 'paid',
      fulfilmentStatus: 'unfulfilled',
      nextStatuses: ['Processing', 'Shipped', 'Cancelled'],
      actions: { pack: true, ship: true, outForDelivery: false, deliver: false, cancel: true, refund: true },
      refundable: 5000,
      refunded: 0,
      customer: { _id: asha.id, firstname: 'Asha', email: 'asha.r@example.in', isBlocked: false },
      shippingInfo: { city: 'Bengaluru', pincode: '560038' },
      totalPriceAfterDiscount: 5000,
    });
    expect(body.lines[0]).toMatchObject({
      productId: product.id,
      title: 'Titan Neo Watch',
      slug: product.slug,
      quantity: 2,
      price: 4999,
      color: { _id: color.id, title: '#222222' },
    });
    expect(body.lines[0].image).toMatch(/\/media\/products\//);
    expect(body.payments).toEqual([
      expect.objectContaining({ provider: 'test', method: 'upi', status: 'captured', amount: 5000 }),
    ]);
    expect((await get('/api/admin/orders/nope')).statusCode).toBe(400);
    expect((await get('/api/admin/orders/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('changes status through the same state machine, and shows what comes next', async () => {
    const fresh = await order({ customer: vikram });
    const url = `/api/admin/orders/${fresh.id}/status`;
    const shipped = await put(url, { status: 'Shipped' }, ordersStaff);
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({
      status: 'Shipped',
      nextStatuses: ['Out for delivery', 'Delivered'],
    });
    const back = await put(url, { status: 'Processing' }, ordersStaff);
    expect(back.statusCode).toBe(409);
    const cancel = await put(url, { status: 'Cancelled' }, ordersStaff);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toMatch(/can no longer be cancelled/);
    const refund = await put(url, { status: 'Refunded' }, ordersStaff);
    expect(refund.statusCode).toBe(409);
    expect(refund.json().message).toMatch(/not refunded by changing its status/);
    expect((await put(url, { status: 'Lost' })).statusCode).toBe(400);
    const delivered = await put(url, { status: 'Delivered' }, ordersStaff);
    expect(delivered.json()).toMatchObject({ status: 'Delivered', nextStatuses: [] });
    expect((await auditFor(fresh.id)).length).toBe(2);
  });
});

describe('the console: dashboard', () => {
  // The figures in detail (India day and month edges, refunds, charts, top products):
  // sales-dashboard.test.ts.
  it("counts today's and this month's orders and net sales in India time, without cancelled ones", async () => {
    const before = (await get('/api/admin/dashboard')).json();
    const customer = await insertCustomer(ctx.database.db);
    await order({ customer, totalPaise: 200_000 });
    await order({ customer, totalPaise: 700_000, status: 'Cancelled', state: 'cancelled' });
    await ctx.database.db.insert(enquiries).values({
      name: 'Waiting',
      email: 'waiting@example.in',
      mobile: '9000000001',
      comment: 'Hello?',
    });
    await createProduct(ctx.database.db, { quantity: 2 });

    const response = await get('/api/admin/dashboard', support);
    expect(response.statusCode).toBe(200);
    const after = response.json();
    expect(after.today.orders - before.today.orders).toBe(1);
    expect(after.today.netSales - before.today.netSales).toBeCloseTo(2000, 2);
    expect(after.thisMonth.orders - before.thisMonth.orders).toBe(1);
    expect(after.enquiriesWaiting - before.enquiriesWaiting).toBe(1);
    expect(after.lowStockProducts - before.lowStockProducts).toBe(1);
    expect(after.ordersToPack - before.ordersToPack).toBe(1);
    expect(after.ordersToShip).toBe(before.ordersToShip);
    expect(after.months).toHaveLength(12);
    expect(after.days).toHaveLength(30);
    const india = indiaNow();
    expect(after.months.at(-1).month).toBe(india.toISOString().slice(0, 7));
    expect(after.days.at(-1).date).toBe(india.toISOString().slice(0, 10));
    expect(after.months.at(-1).netSales - before.months.at(-1).netSales).toBeCloseTo(2000, 2);
    expect(after.recentOrders).toHaveLength(8);
    expect(Date.parse(after.recentOrders[0].createdAt)).toBeGreaterThan(Date.now() - MONTH_MS);
  });

  it('counts low and sold-out products apart, leaving archived ones out', async () => {
    const before = (await get('/api/admin/dashboard')).json();
    await createProduct(ctx.database.db, { quantity: 0 });
    await createProduct(ctx.database.db, { quantity: 6 });
    const archived = await createProduct(ctx.database.db, { quantity: 1 });
    await ctx.database.db
      .update(products)
      .set({ archivedAt: new Date() })
      .where(eq(products.id, archived.id));
    const after = (await get('/api/admin/dashboard')).json();
    expect(after.lowStockProducts).toBe(before.lowStockProducts);
    expect(after.soldOutProducts - before.soldOutProducts).toBe(1);
  });
});
