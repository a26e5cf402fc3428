import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(redisUrl);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    socket.once('connect', () => resolve(true));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(false));
  });
}

// Every machine of this project (CI included) runs Redis on 127.0.0.1:6379; elsewhere say so loudly.
const reachable = await redisReachable();
if (!reachable)
  console.warn(`\n!!! Redis not reachable at ${redisUrl}: shared rate-limit tests skipped !!!\n`);

/**
 * Two app servers behind one load balancer must share their rate limits, or an attacker gets the
 * allowance once per server. With REDIS_URL both count in Redis.
 */
describe.skipIf(!reachable)('rate limits shared through Redis', () => {
  let first: TestContext;
  let second: TestContext;

  beforeAll(async () => {
    [first, second] = await Promise.all([
      createTestApp({ REDIS_URL: redisUrl }),
      createTestApp({ REDIS_URL: redisUrl }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it('counts one allowance across both servers', async () => {
    // A fresh e-mail and address per run: the counters outlive the test in Redis for 15 minutes.
    const run = `${Date.now()}-${process.pid}`;
    const email = `limited-${run}@example.in`;
    const remoteAddress = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const ask = (context: TestContext) =>
      context.app.inject({
        method: 'POST',
        url: '/api/user/forgot-password-token',
        payload: { email },
        remoteAddress,
      });
    // The per-account allowance is 3 per 15 minutes: two here, one there, and the fourth is refused
    // wherever it lands. Counted per server, the fourth would be only the third on `first`.
    expect((await ask(first)).statusCode).toBe(200);
    expect((await ask(first)).statusCode).toBe(200);
    expect((await ask(second)).statusCode).toBe(200);
    const refused = await ask(first);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many attempts/);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('keeps answering when Redis is unreachable, without limits rather than with errors', async () => {
    const offline = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const response = await offline.app.inject({
        method: 'POST',
        url: '/api/user/forgot-password-token',
        payload: { email: 'nobody@example.in' },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await offline.close();
    }
  });
});
