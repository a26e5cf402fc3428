import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { createReadiness } from '../lib/readiness.js';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { healthRoutes } from './health.routes.js';

describe('/readyz while the server warms up', () => {
  it('answers 503 "warming" until the warming is done, then ready', async () => {
    const app = Fastify();
    const readiness = createReadiness({ warn() {} });
    const database = { kind: 'pglite', ping: async () => {}, reads: {} } as unknown as DatabaseHandle;
    await app.register(healthRoutes, { database, readiness });
    let finish!: () => void;
    const warming = readiness.wait('catalogue', new Promise<void>((resolve) => (finish = resolve)));

    const early = await app.inject('/readyz');
    expect(early.statusCode).toBe(503);
    expect(early.json()).toEqual({
      status: 'warming',
      message: 'Warming up (catalogue); ready in a few seconds.',
    });
    expect((await app.inject('/healthz')).statusCode).toBe(200);

    finish();
    await warming;
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'pglite' });
    await app.close();
  });
});

describe('a server that warms up', () => {
  let ctx: TestContext;
  afterAll(() => ctx?.close());

  it('is ready once its catalogue is read', async () => {
    ctx = await createTestApp({}, { warmUp: true });
    await ctx.app.warmedUp;
    expect((await ctx.app.inject('/readyz')).json()).toEqual({ status: 'ok', database: ctx.database.kind });
  });
});
