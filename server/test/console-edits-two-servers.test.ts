import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createProduct } from './factories.js';
import { type SignedInStaff, signInStaff } from './staff.js';
import { openTestDatabase } from './test-app.js';

/**
 * How a console edit reaches shoppers when several app servers share one database (docs/
 * architecture.md, "The merchant console"): the server that made the edit clears its catalogue
 * cache at once; another server answers from its own cache until that read expires, i.e. within
 * CATALOG_CACHE_SECONDS.
 */
describe('a console edit seen by two app servers', () => {
  let shared: Awaited<ReturnType<typeof openTestDatabase>>;
  let editor: FastifyInstance;
  let other: FastifyInstance;
  let staff: SignedInStaff;

  beforeAll(async () => {
    shared = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '.data/test',
      RECONCILE_INTERVAL_SECONDS: '0',
      PAYMENT_PROVIDER: 'test',
      CATALOG_CACHE_SECONDS: '1',
    });
    // Two apps, each with its own services and cache, on the same database.
    editor = await buildApp({ config, database: shared.database, logger: false });
    other = await buildApp({ config, database: shared.database, logger: false });
    await Promise.all([editor.ready(), other.ready()]);
    staff = await signInStaff(editor, 'catalogue');
  });

  afterAll(async () => {
    await editor?.close();
    await other?.close();
    await shared?.drop();
  });

  it('shows at once on the editing server and within the cache time on the other', async () => {
    const product = await createProduct(shared.database.db, { title: 'Cache Test Watch' });
    const read = (server: FastifyInstance) =>
      server.inject({ method: 'GET', url: `/api/product/${product.id}` });
    // Both servers have the product page cached.
    expect((await read(editor)).statusCode).toBe(200);
    expect((await read(other)).statusCode).toBe(200);

    const archived = await editor.inject({
      method: 'POST',
      url: `/api/admin/products/${product.id}/archive`,
      headers: staff.headers,
    });
    expect(archived.statusCode).toBe(200);

    expect((await read(editor)).statusCode).toBe(404);
    // The other server still answers from its cache...
    expect((await read(other)).statusCode).toBe(200);
    // ...until the read expires (CATALOG_CACHE_SECONDS=1 here; 10 by default).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await read(other)).statusCode).toBe(404);
  });
});
