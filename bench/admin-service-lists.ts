/**
 * The console's customers and orders at 100,000 of each, in process, service calls
 * timed without HTTP: the list queries (search by name, e-mail or mobile; filters; deep pages;
 * sorts), the dashboard and the original admin client's 10,000-order list, first on the schema as
 * it is, then with the indexes proposed for the customers' and orders' searches (created here with
 * `if not exists`, so the second pass is the same once a migration has them).
 *
 *   npx tsx bench/admin-service-lists.ts                      (PGlite, in memory)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/admin-service-lists.ts
 *   N=20000 npx tsx bench/admin-service-lists.ts               (a smaller shop)
 *
 * Each call runs 15 times after one warm-up (3 for the 10,000-order list); median and worst shown.
 */
import { sql } from 'drizzle-orm';
import { createProduct, ensureColor } from '../server/test/factories.js';
import { createTestApp } from '../server/test/test-app.js';

const N = Number(process.env.N ?? 100_000);

async function time(label: string, fn: () => Promise<unknown>, runs = 15) {
  await fn();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    await fn();
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(48)} median ${t[Math.floor(runs / 2)]!.toFixed(1)} ms  max ${t[runs - 1]!.toFixed(1)} ms`,
  );
}

async function main() {
  const ctx = await createTestApp();
  const db = ctx.database.db;
  const product = await createProduct(db, { colors: ['#000000'] });
  const color = await ensureColor(db, '#000000');
  const s0 = performance.now();
  await db.execute(sql`insert into users (firstname, lastname, email, mobile, password_hash, created_at)
    select (array['Asha','Ravi','Priya','Arjun','Meera','Vikram','Kavya','Rohan','Farhan','Neha'])[1 + i % 10] || i,
           (array['Rao','Kumar','Sharma','Mehta','Iyer','Sethi','Nair','Das','Khan','Gupta'])[1 + (i / 10) % 10] || 'son',
           'customer' || i || '@example.in', (7000000000 + i)::text, 'x', now() - (i || ' minutes')::interval
    from generate_series(1, ${N}) i`);
  await db.execute(sql`insert into checkouts (user_id, provider, provider_order_id, amount_paise, lines, status, created_at)
    select u.id, 'test', 'order_' || u.mobile, 99900 + (u.mobile::bigint % 1000) * 100, '[]'::jsonb, 'completed', u.created_at from users u where u.password_hash = 'x'`);
  await db.execute(sql`insert into payments (checkout_id, provider, provider_payment_id, provider_order_id, amount_paise, status, method, created_at)
    select c.id, 'test', 'pay_' || c.provider_order_id, c.provider_order_id, c.amount_paise, 'captured', (array['upi','card','netbanking','wallet'])[1 + (extract(epoch from c.created_at)::bigint / 60) % 4], c.created_at from checkouts c`);
  await db.execute(sql`insert into orders (order_number, user_id, checkout_id, shipping_info, total_price_paise, total_price_after_discount_paise, order_status, payment_info, paid_at, created_at)
    select 'BB' || upper(substr(md5(c.id::text), 1, 12)), c.user_id, c.id, '{"firstName":"A","lastName":"B","address":"x","landmark":"x","city":"x","state":"x","country":"India","pincode":"560001"}'::jsonb,
      c.amount_paise, c.amount_paise, (array['Ordered','Processing','Shipped','Out for delivery','Delivered','Delivered','Delivered','Cancelled'])[1 + (c.amount_paise / 100) % 8],
      jsonb_build_object('razorpayOrderId', c.provider_order_id, 'razorpayPaymentId', 'pay_' || c.provider_order_id), c.created_at, c.created_at from checkouts c`);
  await db.execute(sql`insert into order_lines (order_id, product_id, color_id, title, quantity, price_paise)
    select o.id, ${product.id}, ${color.id}, 'Product', 1, o.total_price_paise from orders o`);
  await db.execute(sql`analyze`);
  console.log(
    `seeded ${N} customers and orders in ${((performance.now() - s0) / 1000).toFixed(1)} s (${ctx.database.kind})`,
  );

  // Each list is recorded in the audit trail as a read of personal data, as the console's are.
  const bench = { id: null, email: 'bench@example.in' };
  const run = async (label: string) => {
    console.log(`--- ${label}`);
    const c = ctx.app.services.customersAdmin;
    const o = ctx.app.services.ordersAdmin;
    const sales = ctx.app.services.salesDashboard;
    await time('customers: first page (newest)', () => c.list(bench, {}));
    await time('customers: q=kumar (name)', () => c.list(bench, { q: 'kumar' }));
    await time('customers: q=priya12 (rare name)', () => c.list(bench, { q: 'priya12' }));
    await time('customers: q=customer4242@ (email)', () => c.list(bench, { q: 'customer4242@' }));
    await time('customers: q=70000 42 42 (mobile)', () => c.list(bench, { q: '70000 42 42' }));
    await time('customers: sort name asc page 100', () => c.list(bench, { sort: 'name:asc', page: 100 }));
    await time('customers: blocked=true', () => c.list(bench, { blocked: 'true' }));
    await time('orders: first page (newest)', () => o.list(bench, {}));
    await time('orders: page 1000', () => o.list(bench, { page: 1000 }));
    await time('orders: status=Shipped', () => o.list(bench, { status: 'Shipped' }));
    await time('orders: payment=card', () => o.list(bench, { payment: 'card' }));
    await time('orders: one India day', () =>
      o.list(bench, {
        from: new Date(Date.now() - 20 * 86400000).toISOString().slice(0, 10),
        to: new Date(Date.now() - 20 * 86400000).toISOString().slice(0, 10),
      }),
    );
    await time('orders: q=order number', async () => o.list(bench, { q: 'BB' }));
    await time('orders: q=kumar (name)', () => o.list(bench, { q: 'kumar' }));
    await time('orders: q=customer4242@', () => o.list(bench, { q: 'customer4242@' }));
    await time('orders: q=mobile 7000042424', () => o.list(bench, { q: '7000042424' }));
    await time('orders: sort total desc', () => o.list(bench, { sort: 'total:desc' }));
    await time('dashboard', () => sales.dashboard());
    await time('orders: q=BB (order-number start)', () => o.list(bench, { q: 'BB1' }));
    await time('legacy getallorders (10,000)', () => o.legacyList(bench), 3);
    await time('legacy monthly income', () => sales.legacyMonthlyIncome());
  };
  await run('without extra indexes');
  await db.execute(
    sql`create index if not exists users_name_trgm_idx on users using gin (lower(firstname || ' ' || lastname) gin_trgm_ops)`,
  );
  await db.execute(
    sql`create index if not exists users_email_trgm_idx on users using gin (email gin_trgm_ops)`,
  );
  await db.execute(
    sql`create index if not exists users_mobile_trgm_idx on users using gin (mobile gin_trgm_ops)`,
  );
  await db.execute(sql`create index if not exists users_created_at_idx on users (created_at, id)`);
  await db.execute(
    sql`create index if not exists users_name_idx on users (lower(firstname || ' ' || lastname), id)`,
  );
  await db.execute(
    sql`create index if not exists orders_total_idx on orders (total_price_after_discount_paise, id)`,
  );
  await db.execute(sql`create index if not exists orders_created_at_idx on orders (created_at, id)`);
  await db.execute(
    sql`create index if not exists orders_status_created_at_idx on orders (order_status, created_at, id)`,
  );
  await db.execute(sql`analyze`);
  await run('with the proposed indexes');
  await ctx.close();
}
await main();
process.exit(0);
