import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { checkouts } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { shoppingCalls } from '../../test/shopping.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { lockProducts } from './product-writes.repository.js';
import { deleteHoldsOfCheckout } from './stock.repository.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const shop = shoppingCalls(() => ctx.app);

/** Waits until some session of this database waits for a lock another holds. */
async function someoneWaitsForALock() {
  for (let i = 0; i < 200; i++) {
    const [row] = await queryRows<{ waiting: number }>(
      ctx.database.db,
      sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (row!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('nobody waited for a lock');
}

describe('holding stock', () => {
  // Two transactions at once: PGlite runs one at a time.
  it.skipIf(!process.env.DATABASE_URL)(
    'waits for the same shopper’s order taking its stock instead of deadlocking with it (a double click)',
    async () => {
      const { db } = ctx.database;
      const customer = await signUp(ctx.app);
      const product = await createProduct(db, { quantity: 10, pricePaise: 100_000, colors: ['#000000'] });
      const color = await ensureColor(db, '#000000');
      await shop.addToCart(customer, product.id, color.id, 1);
      expect((await shop.startCheckout(customer)).statusCode).toBe(200);
      const [first] = await db
        .select({ id: checkouts.id })
        .from(checkouts)
        .where(eq(checkouts.userId, customer.id))
        .orderBy(desc(checkouts.createdAt))
        .limit(1);

      // The first checkout's order takes its stock: products locked, then its holds deleted
      // (takeStockForOrder), with the second checkout starting in between.
      let goOn: () => void = () => {};
      const wentOn = new Promise<void>((resolve) => {
        goOn = resolve;
      });
      const order = db.transaction(async (tx) => {
        await lockProducts(tx, [product.id]);
        await wentOn;
        await deleteHoldsOfCheckout(tx, first!.id);
      });
      const second = shop.startCheckout(customer);
      await someoneWaitsForALock();
      goOn();
      await order;
      const answer = await second;
      expect(answer.statusCode, answer.body).toBe(200);
    },
    20_000,
  );
});
