import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('app', () => {
  it('answers health and readiness', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ok');
  });

  it('answers unknown API routes with 404 JSON', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'No API route for GET /api/nope',
      requestId: expect.any(String),
    });
  });

  it('refuses oversized bodies with 413 JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/enquiry',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ comment: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/too large/);
  });

  // Found by the bad-input fuzz suite: PostgreSQL refuses a NUL byte in text, which was a 500.
  it('answers a NUL byte in an id or a body with 400 JSON, not 500', async () => {
    const inPath = await ctx.app.inject('/api/blog/%00');
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json().message).toMatch(/characters/);
    const inGatewayPath = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/test-gateway/orders/%00/fail',
    });
    expect(inGatewayPath.statusCode).toBeLessThan(500);
    const inBody = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/forgot-password-token',
      payload: { email: 'nul\u0000@example.in' },
    });
    expect(inBody.statusCode).toBeLessThan(500);
  });

  it('sends strict security headers', async () => {
    const response = await ctx.app.inject('/healthz');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('reports an unreachable database as not ready', async () => {
    const failing = { ...ctx.database, ping: async () => Promise.reject(new Error('down')) };
    const { buildApp } = await import('./app.js');
    const { loadConfig } = await import('./config.js');
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test' }),
      database: failing,
      logger: false,
    });
    const response = await app.inject('/readyz');
    expect(response.statusCode).toBe(503);
    await app.close();
  });
});
