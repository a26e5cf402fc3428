import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './customers.js';
import { createProduct, ensureColor } from './factories.js';
import { shoppingCalls } from './shopping.js';
import { startSmtpCapture } from './smtp-capture.js';
import { signInStaff } from './staff.js';
import { createTestApp, type TestContext } from './test-app.js';

/**
 * E-mail that is never lost: the mail server refuses every connection (421) while
 * customers and staff cause e-mails of every kind; nothing is delivered and every request
 * answers at once. When it accepts again, each message arrives exactly once (by Message-ID).
 * The kill -9 half of the test is `npm run bench:mail-outage`.
 */
describe('an SMTP outage', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

  beforeAll(async () => {
    smtp = await startSmtpCapture({ refusing: true });
    ctx = await createTestApp({
      SMTP_URL: smtp.url,
      // Short pauses, so the test sees several retries in a second or two.
      EMAIL_POLL_SECONDS: '0.1',
      EMAIL_RETRY_FIRST_SECONDS: '0.05',
      EMAIL_RETRY_MAX_SECONDS: '0.3',
      TEST_GATEWAY_WEBHOOK_DELAY_MS: '600000',
    });
  }, 180_000);
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('delivers every message exactly once after the mail server comes back', async () => {
    const app = () => ctx.app;
    const shop = shoppingCalls(app);
    const db = ctx.database.db;
    const product = await createProduct(db, { quantity: 50, pricePaise: 100_000, colors: ['#000000'] });
    const color = await ensureColor(db, '#000000');
    const owner = await signInStaff(ctx.app, 'owner');
    const expected: string[] = [];

    // 8 password resets, 4 e-mail changes, 4 staff invitations, 4 order confirmations; and the
    // links that confirm an address: 8 at sign-up, 4 for the changed addresses.
    const customers = await Promise.all(Array.from({ length: 8 }, () => signUp(ctx.app)));
    for (const customer of customers) expected.push(customer.email);
    for (const customer of customers) {
      const started = Date.now();
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/api/user/forgot-password-token',
        payload: { email: customer.email },
      });
      expect(answer.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(1_000);
      expected.push(customer.email);
    }
    for (const customer of customers.slice(0, 4)) {
      const { password: currentPassword, id: _id, token: _t, headers, ...profile } = customer;
      const changed = await ctx.app.inject({
        method: 'PUT',
        url: '/api/user/edit-user',
        headers,
        payload: { ...profile, email: `moved-${customer.email}`, currentPassword },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expected.push(customer.email, `moved-${customer.email}`);
    }
    for (let n = 0; n < 4; n++) {
      const email = `outage-invite-${n}-${process.pid}@staff.example.in`;
      const invited = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/staff/invites',
        headers: owner.headers,
        payload: { email, role: 'support' },
      });
      expect(invited.statusCode, invited.body).toBe(201);
      expected.push(email);
    }
    for (const customer of customers.slice(4)) {
      await shop.buy(customer, [{ id: product.id, colorId: color.id, quantity: 1 }]);
      expected.push(customer.email);
    }
    expect(expected).toHaveLength(32);

    // The worker keeps trying (woken by each commit, then backing off): nothing gets through.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(smtp.messages).toHaveLength(0);
    expect(smtp.refused).toBeGreaterThan(20);
    const waiting = await ctx.app.services.emailOutbox.stats();
    expect(waiting.waiting).toBe(32);
    const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(/shop_emails_waiting 32/);

    smtp.refuse(false);
    const deadline = Date.now() + 10_000;
    while (smtp.messages.length < 32 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    // Long enough for a duplicate to show, if there were one.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await ctx.app.services.emailOutbox.drain();

    const ids = smtp.messages.map((m) => /^Message-ID: (.+)$/im.exec(m.raw)?.[1]?.trim());
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(smtp.messages).toHaveLength(32);
    expect(smtp.messages.flatMap((m) => m.to).sort()).toEqual([...expected].sort());
    expect((await ctx.app.services.emailOutbox.stats()).waiting).toBe(0);
  }, 120_000);
});
