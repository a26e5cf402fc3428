import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test/customers.js';
import { createProduct, ensureColor } from '../test/factories.js';
import { shoppingCalls } from '../test/shopping.js';
import { startSmtpCapture } from '../test/smtp-capture.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

/**
 * GET /metrics in Prometheus' format, readable from this machine directly or with the
 * token, and counting what happens: requests by route and status, orders, payments, e-mails.
 */
const token = 'a-metrics-token-of-32-characters';
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const shop = shoppingCalls(() => ctx.app);

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ METRICS_TOKEN: token, SMTP_URL: smtp.url });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const scrape = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', ...options });

/** The value of one series (name and labels as Prometheus prints them), 0 when absent. */
function series(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((label) => line.includes(label))) return Number(line.split(' ').pop());
  }
  return 0;
}

describe('who may read /metrics', () => {
  it('answers a direct loopback connection without a token', async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(response.body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('refuses a loopback request that came through a proxy, and any other address, without the token', async () => {
    const proxied = await scrape({ headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(proxied.statusCode).toBe(401);
    expect(proxied.json().message).toContain('METRICS_TOKEN');
    const remote = await scrape({ remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(401);
    const wrong = await scrape({
      remoteAddress: '203.0.113.7',
      headers: { authorization: 'Bearer not-the-token' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('http_request_duration_seconds');
  });

  it('answers anyone with the token', async () => {
    const response = await scrape({
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses everyone but loopback when no token is set', async () => {
    const bare = await createTestApp();
    try {
      const remote = await bare.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
      expect(remote.statusCode).toBe(403);
      expect(remote.json().message).toContain('only on this machine');
      const withAnyToken = await bare.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.7',
        headers: { authorization: 'Bearer anything-at-all-here' },
      });
      expect(withAnyToken.statusCode).toBe(403);
    } finally {
      await bare.close();
    }
  });
});

describe('what /metrics counts', () => {
  it('times requests by route pattern and status, never by raw URL', async () => {
    const before = (await scrape()).body;
    const product = await createProduct(ctx.database.db);
    for (let i = 0; i < 3; i++) await ctx.app.inject({ method: 'GET', url: `/api/product/${product.slug}` });
    await ctx.app.inject({ method: 'GET', url: '/api/product/no-such-product' });
    const after = (await scrape()).body;
    const count = (text: string, status: string) =>
      series(text, 'http_request_duration_seconds_count', { route: '/api/product/:id', status });
    expect(count(after, '200') - count(before, '200')).toBe(3);
    expect(count(after, '404') - count(before, '404')).toBe(1);
    expect(after).not.toContain(product.slug);
  });

  it('counts an order placed and paid, and e-mails queued and sent', async () => {
    const before = (await scrape()).body;
    const customer = await signUp(ctx.app);
    const row = await createProduct(ctx.database.db, { quantity: 5, colors: ['#000000'] });
    const color = await ensureColor(ctx.database.db, '#000000');
    await shop.buy(customer, [{ id: row.id, colorId: color.id, quantity: 1 }]);
    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/forgot-password-token',
      payload: { email: customer.email },
    });
    expect(forgot.statusCode).toBe(200);
    await ctx.app.services.emailOutbox.drain();

    const after = (await scrape()).body;
    const delta = (name: string, labels: Record<string, string>) =>
      series(after, name, labels) - series(before, name, labels);
    expect(delta('shop_orders_placed_total', { payment: 'online' })).toBe(1);
    expect(delta('shop_payments_total', { outcome: 'paid' })).toBe(1);
    expect(delta('shop_emails_total', { outcome: 'queued' })).toBeGreaterThanOrEqual(1);
    expect(delta('shop_emails_total', { outcome: 'sent' })).toBeGreaterThanOrEqual(1);
  });
});

describe('request ids', () => {
  it('are on every answer and in every error body', async () => {
    const ok = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/product/no-such-product' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      message: expect.any(String),
      requestId: missing.headers['x-request-id'],
    });
    const noRoute = await ctx.app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(noRoute.json().requestId).toBe(noRoute.headers['x-request-id']);
  });
});
