/**
 * The price-drop sweep over a big wishlist: `npm run bench:price-drop-sweep [-- --customers 2000
 * --products 100]`.
 *
 * The production server on a scratch PostgreSQL database with the demo catalogue and the sweep's
 * test hook. `customers` x `products` wishlist items, a day old, are written straight into the
 * database, then the sweep runs: first (every item watched), twice more with nothing changed (what
 * every hourly sweep costs), then after one product's price rose. Prints each sweep's time as the
 * hook answers it. Loopback only; stops by itself.
 */

import { benchArgs } from './lib/args.js';
import {
  call,
  createScratchDatabase,
  dropScratchDatabase,
  pgQuery,
  startShop,
  stopShop,
} from './lib/shop.js';

const args = benchArgs();
const customers = Number(args.get('customers') ?? 2000);
const productCount = Number(args.get('products') ?? 100);
const port = 3296;
const databaseName = `shop_sweep_${Date.now()}`;

const databaseUrl = await createScratchDatabase(databaseName);
const shop = await startShop(port, {
  DATABASE_URL: databaseUrl,
  DATA_DIR: '.data/bench-sweep',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  REMINDERS_TEST_HOOK: 'true',
  // Only the hook sweeps.
  PRICE_DROP_POLL_MINUTES: '0',
  CART_REMINDER_MINUTES: '0',
});
const books = pgQuery(databaseUrl);
try {
  await books.query(
    `insert into users (firstname, lastname, email, mobile, password_hash)
     select 'Sweep', 'Customer' || g, 'sweep-' || g || '@example.in', '8' || lpad(g::text, 9, '0'), 'x'
     from generate_series(1, ${customers}) g`,
  );
  await books.query(
    // Wished over the days before, as a shop's wishlists are: a sweep's look back covers minutes.
    `insert into wishlist_items (user_id, product_id, created_at)
     select u.id, p.id, now() - interval '1 day' from users u
     cross join (select id from products order by id limit ${productCount}) p
     where u.email like 'sweep-%'`,
  );
  const [row] = await books.query<{ n: string }>('select count(*) as n from wishlist_items');
  console.log(`${Number(row!.n).toLocaleString('en-IN')} wishlist items`);
  // Noon in India: outside the quiet hours.
  const at = '2026-12-01T06:30:00.000Z';
  const timed = async (label: string) => {
    const started = performance.now();
    const answer = await call(undefined, 'sweep', shop.base, 'POST', '/api/test/reminders/sweep', {
      body: { at },
    });
    if (answer.status !== 200) throw new Error(`sweep: ${answer.status} ${JSON.stringify(answer.body)}`);
    console.log(`${label}: ${(performance.now() - started).toFixed(0)} ms`);
  };
  await timed('first sweep (every item watched)');
  await timed('second sweep (nothing changed)');
  await timed('third sweep (nothing changed)');
  await books.query(
    'update products set price_paise = price_paise + 10000 where id = (select id from products order by id limit 1)',
  );
  await timed('after one price rise');
  const [watched] = await books.query<{ n: string }>('select count(*) as n from price_watches');
  console.log(`${Number(watched!.n).toLocaleString('en-IN')} watches`);
} finally {
  await books.close();
  await stopShop(shop);
  await dropScratchDatabase(databaseName);
}
