import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../test/factories.js';
import { openTestDatabase } from '../test/test-app.js';
import { queryRows } from './client.js';

/**
 * PGlite runs no autovacuum, so without refreshStatistics the planner never learns how
 * many products there are (pg_class.reltuples stays at its "never analysed" -1) and plans every
 * catalogue query blind. On PostgreSQL autovacuum does this and refreshStatistics does nothing.
 */
describe('refreshStatistics', () => {
  it('gives the planner the catalogue’s size on PGlite', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      for (let i = 0; i < 5; i++) await createProduct(database.db);
      const tuples = async () =>
        Number(
          (
            await queryRows<{ n: number }>(
              database.db,
              sql`select reltuples::int as n from pg_class where relname = 'products'`,
            )
          )[0]?.n,
        );
      if (database.kind !== 'pglite') return;
      expect(await tuples()).toBe(-1);
      await database.refreshStatistics();
      expect(await tuples()).toBe(5);
    } finally {
      await drop();
    }
  });
});
