import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { listAdminCustomers } from '../../../shared/api/customers-admin.js';
import type { ResponseOf } from '../../../shared/api/endpoint.js';
import { auditEvents, ratings, sessions, users } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { insertCustomer, insertOrder } from '../../test/orders.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let owner: SignedInStaff;
let ordersStaff: SignedInStaff;
let support: SignedInStaff;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signInStaff(ctx.app, 'owner');
  ordersStaff = await signInStaff(ctx.app, 'orders');
  support = await signInStaff(ctx.app, 'support');
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, staff: SignedInStaff = owner) =>
  ctx.app.inject({ method: 'GET', url, headers: staff.headers });
const put = (url: string, staff: SignedInStaff = owner) =>
  ctx.app.inject({ method: 'PUT', url, headers: staff.headers, payload: {} });

async function trail(action: string, entityId: string) {
  return ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId)));
}

describe('customers for the original admin client', () => {
  it('lists customers with only the fields it reads, to staff only', async () => {
    const customer = await signUp(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/all-users' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user/all-users', headers: customer.headers }))
        .statusCode,
    ).toBe(403);
    const response = await get('/api/user/all-users', support);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/password|hash|token|\$argon2/i);
    const found = (response.json() as Record<string, unknown>[]).find((u) => u._id === customer.id)!;
    expect(found).toEqual({
      _id: customer.id,
      firstname: customer.firstname,
      lastname: customer.lastname,
      email: customer.email,
      mobile: customer.mobile,
      role: 'user',
      isBlocked: false,
      createdAt: expect.any(String),
    });
  });
});

describe('blocking a customer', () => {
  it('ends their sessions at once, refuses their sign-in with a message, and is recorded', async () => {
    const customer = await signUp(ctx.app);
    const me = () => ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: customer.headers });
    expect((await me()).statusCode).toBe(200);

    const blocked = await put(`/api/user/block-user/${customer.id}`);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toEqual({ message: 'User Blocked' });

    const refused = await me();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBeTruthy();
    const cart = await ctx.app.inject({ method: 'GET', url: '/api/user/cart', headers: customer.headers });
    expect(cart.statusCode).toBe(401);
    const live = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, customer.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: customer.email, password: customer.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(/blocked/);

    const [event] = await trail('customer.block', customer.id);
    expect(event).toMatchObject({
      actor: owner.email,
      before: { isBlocked: false },
      after: { isBlocked: true },
    });

    const unblocked = await put(`/api/user/unblock-user/${customer.id}`);
    expect(unblocked.json()).toEqual({ message: 'User UnBlocked' });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: customer.email, password: customer.password },
    });
    expect(again.statusCode).toBe(200);
    // The old session stays ended: unblocking does not bring back a token from before the block.
    expect((await me()).statusCode).toBe(401);
    const [undo] = await trail('customer.unblock', customer.id);
    expect(undo).toMatchObject({ before: { isBlocked: true }, after: { isBlocked: false } });
  });

  it('is for owners only, and answers 400 for a malformed id and 404 for an unknown one', async () => {
    const customer = await insertCustomer(ctx.database.db);
    for (const staff of [ordersStaff, support]) {
      const refused = await put(`/api/user/block-user/${customer.id}`, staff);
      expect(refused.statusCode).toBe(403);
    }
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(row!.isBlocked).toBe(false);
    expect((await put('/api/user/block-user/12')).statusCode).toBe(400);
    const unknown = await put('/api/user/unblock-user/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/no customer/);
  });
});

describe('the console: customers', () => {
  let priya: Awaited<ReturnType<typeof insertCustomer>>;
  let arjun: Awaited<ReturnType<typeof insertCustomer>>;

  beforeAll(async () => {
    priya = await insertCustomer(ctx.database.db, {
      firstname: 'Priya',
      lastname: 'Venkatesan',
      email: 'priya.v@example.in',
      mobile: '9876501234',
      createdAt: new Date('2025-01-02T10:00:00Z'),
    });
    arjun = await insertCustomer(ctx.database.db, {
      firstname: 'Arjun',
      lastname: 'Mehta',
      email: 'arjun_m@example.in',
      mobile: '9988776655',
      isBlocked: true,
      createdAt: new Date('2025-01-01T10:00:00Z'),
    });
  });

  const list = async (query: string, staff: SignedInStaff = owner) => {
    const response = await get(`/api/admin/customers?${query}`, staff);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ResponseOf<typeof listAdminCustomers>;
  };

  it('finds customers by part of a name, an e-mail or a mobile as typed', async () => {
    expect((await list('q=venkat')).customers.map((c) => c._id)).toEqual([priya.id]);
    expect((await list('q=PRIYA%20VEN')).customers.map((c) => c._id)).toEqual([priya.id]);
    expect((await list('q=arjun_m@')).customers.map((c) => c._id)).toEqual([arjun.id]);
    expect((await list(`q=${encodeURIComponent('+91 99887 76655')}`)).customers.map((c) => c._id)).toEqual([
      arjun.id,
    ]);
    expect((await list('q=76655')).total).toBe(1);
    // An underscore is a letter here, not "any character".
    expect((await list('q=arjun_')).total).toBe(1);
    expect((await list('q=a_j')).total).toBe(0);
  });

  it('filters blocked customers, sorts and pages on the server', async () => {
    const blocked = await list('blocked=true');
    expect(blocked.customers.map((c) => c._id)).toContain(arjun.id);
    expect(blocked.customers.every((c) => c.isBlocked)).toBe(true);
    expect((await list('blocked=false')).customers.map((c) => c._id)).not.toContain(arjun.id);

    const all = await list('limit=100');
    const byName = await list('sort=name:asc&limit=100');
    const names = byName.customers.map((c) => `${c.firstname} ${c.lastname}`.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(byName.total).toBe(all.total);
    const page = await list('sort=createdAt:asc&limit=1&page=1');
    expect(page.customers[0]?._id).toBe(arjun.id);
    expect(page).toMatchObject({ page: 1, pageSize: 1 });
    expect((await list('sort=createdAt:asc&limit=1&page=2')).customers[0]?._id).toBe(priya.id);
    for (const query of ['blocked=yes', 'sort=mobile:asc', 'page=-1', `q=${'x'.repeat(101)}`]) {
      expect((await get(`/api/admin/customers?${query}`)).statusCode, query).toBe(400);
    }
  });

  it("shows a customer's profile, orders and reviews, and records the view", async () => {
    const product = await createProduct(ctx.database.db, { title: 'Boat Rockerz 450', colors: ['#ff0000'] });
    const color = await ensureColor(ctx.database.db, '#ff0000');
    const line = {
      productId: product.id,
      colorId: color.id,
      title: product.title,
      quantity: 1,
      pricePaise: 149_900,
    };
    const first = await insertOrder(ctx.database.db, {
      userId: priya.id,
      lines: [line],
      createdAt: new Date('2025-02-01T10:00:00Z'),
      status: 'Delivered',
    });
    await insertOrder(ctx.database.db, { userId: priya.id, lines: [line], status: 'Cancelled' });
    await ctx.database.db.insert(ratings).values({
      productId: product.id,
      userId: priya.id,
      star: 4,
      comment: 'Good bass',
      verifiedPurchase: true,
    });

    const response = await get(`/api/admin/customers/${priya.id}`, support);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(response.body).not.toMatch(/password|hash/i);
    expect(body.customer).toMatchObject({ _id: priya.id, firstname: 'Priya', email: 'priya.v@example.in' });
    expect(body).toMatchObject({ orderCount: 2, spent: 1499 });
    expect(body.orders).toHaveLength(2);
    expect(body.orders[1]).toEqual({
      _id: first.id,
      orderNumber: first.orderNumber,
      createdAt: '2025-02-01T10:00:00.000Z',
      total: 1499,
      status: 'Delivered',
      itemCount: 1,
    });
    expect(body.reviews).toEqual([
      expect.objectContaining({
        product: { _id: product.id, title: 'Boat Rockerz 450', slug: product.slug },
        star: 4,
        comment: 'Good bass',
        verifiedPurchase: true,
      }),
    ]);

    const [view] = await trail('customer.view', priya.id);
    expect(view).toMatchObject({ actor: support.email, entityType: 'customer' });
    expect(view!.summary).toMatch(/Priya Venkatesan/);

    const listed = (await list('q=priya.v')).customers[0];
    expect(listed).toMatchObject({ orderCount: 2, spent: 1499 });
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await get('/api/admin/customers/priya')).statusCode).toBe(400);
    const unknown = await get('/api/admin/customers/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(await trail('customer.view', '00000000-0000-4000-8000-000000000000')).toEqual([]);
  });
});
