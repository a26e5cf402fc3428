import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ResponseOf } from '../../../shared/api/endpoint.js';
import type { adminDashboard } from '../../../shared/api/orders-admin.js';
import { enquiries, products } from '../../db/schema.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { insertCustomer, insertOrder } from '../../test/orders.js';
import { signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/*
 * The dashboard's and the original admin client's sales figures against orders whose every figure
 * is known. The clock is set (Date only) to a fixed instant after the staff member signs in with
 * the real one: sessions expire by the database's clock, which keeps running.
 *
 * India time is written as +05:30 below, so each order's India day is plain to read; several of
 * them fall on a different date in UTC.
 */

let ctx: TestContext;
let color: Awaited<ReturnType<typeof ensureColor>>;
const product: Record<'X' | 'Y' | 'Z', { id: string; title: string }> = {} as never;

const ist = (wallClock: string) => new Date(`${wallClock}+05:30`);

/** An owner's dashboard and the two legacy figures, as seen at `now` (India time). */
async function figuresAt(now: string) {
  const owner = await signInStaff(ctx.app, 'owner');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ist(now));
  const get = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  return {
    dashboard: (await get('/api/admin/dashboard')) as ResponseOf<typeof adminDashboard>,
    monthly: await get('/api/user/getMonthWiseOrderIncome'),
    yearly: await get('/api/user/getYearlyTotalOrders'),
  };
}

type Line = { product: 'X' | 'Y' | 'Z'; quantity: number; pricePaise: number };

async function order(
  at: string,
  lines: Line[],
  spec: Omit<Partial<Parameters<typeof insertOrder>[1]>, 'lines'> = {},
) {
  const customer = await insertCustomer(ctx.database.db);
  return insertOrder(ctx.database.db, {
    userId: customer.id,
    createdAt: ist(at),
    lines: lines.map((l) => ({
      productId: product[l.product].id,
      colorId: color.id,
      title: product[l.product].title,
      quantity: l.quantity,
      pricePaise: l.pricePaise,
    })),
    ...spec,
  });
}

const delivered = { status: 'Delivered', fulfilmentStatus: 'delivered', state: 'completed' } as const;
let newest: Awaited<ReturnType<typeof order>>;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  color = await ensureColor(db, '#333333');
  product.X = await createProduct(db, { title: 'Titan Neo Watch', quantity: 3 });
  product.Y = await createProduct(db, { title: 'boAt Airdopes', quantity: 0 });
  product.Z = await createProduct(db, { title: 'Sony Speaker', quantity: 10 });
  await createProduct(db, { title: 'Low One', quantity: 1 });
  await createProduct(db, { title: 'Low Two', quantity: 2 });
  await createProduct(db, { title: 'Low Four', quantity: 4 });
  await createProduct(db, { title: 'Low Five B', quantity: 5 });
  await createProduct(db, { title: 'Low Five A', quantity: 5 });
  await createProduct(db, { title: 'Plenty Six', quantity: 6 });
  const archived = await createProduct(db, { title: 'Archived One', quantity: 1 });
  await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, archived.id));
  await db
    .insert(enquiries)
    .values({ name: 'Asha', email: 'asha@example.in', mobile: '9000000001', comment: 'Hello?' });

  // Out of every window: March 2025 in India (the first counted month is April 2025), although
  // 18:29 UTC on 31 March is only a minute before the first counted instant.
  await order('2025-03-31T23:59', [{ product: 'Z', quantity: 1, pricePaise: 90_000 }], delivered);
  // The first instant of April 2025 in India (18:30 UTC on 31 March).
  await order('2025-04-01T00:00', [{ product: 'Z', quantity: 1, pricePaise: 70_000 }], delivered);
  // January 2026: the last minutes of 30 January fall just before the 30 days that end on
  // 1 March; 31 January is their first day.
  await order('2026-01-30T23:55', [{ product: 'Z', quantity: 5, pricePaise: 6_000 }], delivered);
  await order('2026-01-31T00:05', [{ product: 'X', quantity: 1, pricePaise: 40_000 }], delivered);
  // February: one packed (waiting to ship), one refunded in full before packing (counts as an
  // order with no sales; nothing to pack), and one at 23:50 on the 28th, waiting to be packed.
  await order('2026-02-15T12:00', [{ product: 'X', quantity: 1, pricePaise: 55_000 }], {
    status: 'Processing',
    fulfilmentStatus: 'packed',
  });
  await order('2026-02-20T12:00', [{ product: 'Y', quantity: 1, pricePaise: 66_000 }], {
    status: 'Refunded',
    paymentStatus: 'refunded',
    refundedPaise: 66_000,
  });
  await order('2026-02-28T23:50', [{ product: 'X', quantity: 2, pricePaise: 50_000 }]);
  // 1 March in India, still 28 February in UTC (18:40 UTC): today, and this month.
  await order('2026-03-01T00:10', [{ product: 'Y', quantity: 1, pricePaise: 200_000 }]);
  // ₹10,000 delivered, ₹2,500.50 of it refunded: ₹7,499.50 net.
  await order('2026-03-01T09:00', [{ product: 'Z', quantity: 1, pricePaise: 1_000_000 }], {
    ...delivered,
    paymentStatus: 'partially_refunded',
    refundedPaise: 250_050,
  });
  // Cancelled (and refunded in full): neither an order nor a sale, nor a product sold.
  await order('2026-03-01T09:10', [{ product: 'X', quantity: 10, pricePaise: 50_000 }], {
    status: 'Cancelled',
    state: 'cancelled',
    paymentStatus: 'refunded',
    refundedPaise: 500_000,
  });
  // Returned and refunded in full: an order, with no net sales.
  newest = await order('2026-03-01T09:20', [{ product: 'Y', quantity: 3, pricePaise: 100_000 }], {
    status: 'Returned',
    fulfilmentStatus: 'returned',
    paymentStatus: 'refunded',
    refundedPaise: 300_000,
  });
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await ctx.close();
});

/** The zero-filled days from `first` (a 30-day window), with the given ones filled in. */
function days(first: string, filled: Record<string, [number, number]>) {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: 30 }, (_, i) => {
    const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    const [orders, netSales] = filled[date] ?? [0, 0];
    return { date, orders, netSales };
  });
}

const months = (filled: Record<string, [number, number]>) =>
  [
    '2025-04',
    '2025-05',
    '2025-06',
    '2025-07',
    '2025-08',
    '2025-09',
    '2025-10',
    '2025-11',
    '2025-12',
    '2026-01',
    '2026-02',
    '2026-03',
  ].map((month) => {
    const [orders, netSales] = filled[month] ?? [0, 0];
    return { month, orders, netSales };
  });

/** April 2025 to March 2026 in India: what both the console and the original client read. */
const expectedMonths = months({
  '2025-04': [1, 700],
  '2026-01': [2, 700],
  '2026-02': [3, 1550],
  '2026-03': [3, 9499.5],
});

const lowStock = [
  { title: 'Low One', quantity: 1 },
  { title: 'Low Two', quantity: 2 },
  { title: 'Titan Neo Watch', quantity: 3 },
  { title: 'Low Four', quantity: 4 },
  { title: 'Low Five A', quantity: 5 },
];

describe('the sales dashboard', () => {
  it('counts every figure in India time, net of refunds, without cancelled orders (1 March, 10:00)', async () => {
    const { dashboard } = await figuresAt('2026-03-01T10:00');

    // 00:10, 09:00 and 09:20 today; not the cancelled one, not 23:50 yesterday.
    // ₹2,000 + ₹7,499.50 + ₹0 (returned and refunded).
    expect(dashboard.today).toEqual({ orders: 3, netSales: 9499.5 });
    expect(dashboard.thisMonth).toEqual({ orders: 3, netSales: 9499.5 });
    expect(dashboard.days).toEqual(
      days('2026-01-31', {
        '2026-01-31': [1, 400],
        '2026-02-15': [1, 550],
        '2026-02-20': [1, 0],
        '2026-02-28': [1, 1000],
        '2026-03-01': [3, 9499.5],
      }),
    );
    expect(dashboard.months).toEqual(expectedMonths);
    // Waiting to be packed: 23:50 on the 28th and 00:10 today (not the cancelled one, not the one
    // refunded in full); to be shipped: the packed one.
    expect(dashboard.ordersToPack).toBe(2);
    expect(dashboard.ordersToShip).toBe(1);
    expect(dashboard.enquiriesWaiting).toBe(1);
    // Low: 1 to 5 units, on sale (not archived); sold out: boAt.
    expect(dashboard.lowStockProducts).toBe(6);
    expect(dashboard.soldOutProducts).toBe(1);
    expect(dashboard.lowStock.map(({ title, quantity }) => ({ title, quantity }))).toEqual(lowStock);
    expect(dashboard.lowStock[2]!._id).toBe(product.X.id);
    // 31 January to today, by units, valued as bought (refunds do not change it): boAt 1 + 1 + 3
    // (₹2,000 + ₹660 + ₹3,000), the watch 1 + 1 + 2 (₹400 + ₹550 + ₹1,000; the cancelled order's
    // 10 left out), the speaker 1 (₹10,000; its 5 on 30 January are outside the 30 days).
    expect(dashboard.topProducts).toEqual([
      { _id: product.Y.id, title: 'boAt Airdopes', sku: null, options: '', units: 5, revenue: 5660 },
      { _id: product.X.id, title: 'Titan Neo Watch', sku: null, options: '', units: 4, revenue: 1950 },
      { _id: product.Z.id, title: 'Sony Speaker', sku: null, options: '', units: 1, revenue: 10000 },
    ]);
    // Recent orders: the newest eight of any status, newest first.
    expect(dashboard.recentOrders).toHaveLength(8);
    expect(dashboard.recentOrders[0]!.orderNumber).toBe(newest.orderNumber);
    expect(dashboard.recentOrders.map((o) => o.status).slice(0, 3)).toEqual([
      'Returned',
      'Cancelled',
      'Delivered',
    ]);
  });

  it('moves on at midnight in India, which is 18:30 in UTC (2 March, 00:05)', async () => {
    const { dashboard } = await figuresAt('2026-03-02T00:05');
    expect(dashboard.today).toEqual({ orders: 0, netSales: 0 });
    expect(dashboard.thisMonth).toEqual({ orders: 3, netSales: 9499.5 });
    // 31 January has left the 30 days, with its watch.
    expect(dashboard.days).toEqual(
      days('2026-02-01', {
        '2026-02-15': [1, 550],
        '2026-02-20': [1, 0],
        '2026-02-28': [1, 1000],
        '2026-03-01': [3, 9499.5],
      }),
    );
    expect(dashboard.months).toEqual(expectedMonths);
    expect(dashboard.topProducts.map((p) => [p.title, p.units, p.revenue])).toEqual([
      ['boAt Airdopes', 5, 5660],
      ['Titan Neo Watch', 3, 1550],
      ['Sony Speaker', 1, 10000],
    ]);
  });

  it('shows 28 February as today, and February as this month, until 18:30 UTC (28 February, 23:59)', async () => {
    const { dashboard } = await figuresAt('2026-02-28T23:59');
    expect(dashboard.today).toEqual({ orders: 1, netSales: 1000 });
    expect(dashboard.thisMonth).toEqual({ orders: 3, netSales: 1550 });
    expect(dashboard.days.at(-1)).toEqual({ date: '2026-02-28', orders: 1, netSales: 1000 });
    // March 2025 to February 2026: the order at 23:59 on 31 March 2025 is in, 1 March is not.
    expect(dashboard.months[0]).toEqual({ month: '2025-03', orders: 1, netSales: 900 });
    expect(dashboard.months.at(-1)).toEqual({ month: '2026-02', orders: 3, netSales: 1550 });
  });
});

describe("the original admin client's income, from the same figures", () => {
  it('answers the twelve India months, net of refunds, without cancelled orders', async () => {
    const { monthly, yearly, dashboard } = await figuresAt('2026-03-01T10:00');
    // 0-based months, oldest first; months without counted orders are absent.
    expect(monthly).toEqual([
      { _id: { month: 3 }, amount: 700, count: 1 },
      { _id: { month: 0 }, amount: 700, count: 2 },
      { _id: { month: 1 }, amount: 1550, count: 3 },
      { _id: { month: 2 }, amount: 9499.5, count: 3 },
    ]);
    expect(yearly).toEqual([{ _id: null, count: 9, amount: 12449.5 }]);
    // The console's months, the same figures.
    const sum = dashboard.months.reduce(
      (total, m) => ({ count: total.count + m.orders, paise: total.paise + Math.round(m.netSales * 100) }),
      { count: 0, paise: 0 },
    );
    expect(sum).toEqual({ count: 9, paise: 1_244_950 });
  });

  it('moves its window with the India month, not the UTC one', async () => {
    // 00:10 on 1 April 2026 in India is still 31 March in UTC: April 2025 has left the window.
    const { monthly, yearly } = await figuresAt('2026-04-01T00:10');
    expect(monthly).toEqual([
      { _id: { month: 0 }, amount: 700, count: 2 },
      { _id: { month: 1 }, amount: 1550, count: 3 },
      { _id: { month: 2 }, amount: 9499.5, count: 3 },
    ]);
    expect(yearly).toEqual([{ _id: null, count: 8, amount: 11749.5 }]);
  });
});
