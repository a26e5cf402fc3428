import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, signInFailures } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { waitAfterFailure } from './sign-in-throttle.js';

/**
 * A shopper's sign-in against strangers: wrong passwords count per (account, address), with growing
 * waits, so nobody can lock an owner out by failing on purpose; the owner hears of it once per
 * window; one address still cannot spray passwords over many accounts.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let ip = 0;
const nextIp = () => `10.230.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example.in' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const login = (email: string, password: string, from = nextIp()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email, password },
    remoteAddress: from,
  });

async function alertsTo(email: string) {
  await ctx.app.services.emailOutbox.drain();
  return smtp.messages
    .filter((m) => m.to.includes(email))
    .map((m) => mailText(m.raw))
    .filter((text) => /Subject: Someone tried to sign in to your Bharat Bazaar account/.test(text));
}

describe('failed sign-ins never lock a shopper out', () => {
  it('lets the owner in from an address that has not failed after ten wrong passwords from ten others', async () => {
    const customer = await signUp(ctx.app);
    for (let i = 0; i < 10; i++) expect((await login(customer.email, `guess ${i}`)).statusCode).toBe(401);
    const right = await login(customer.email, customer.password);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().token).toBeTruthy();
  });

  it('makes one failing address wait 30 s, then 60 s, while the owner elsewhere signs in; one e-mail', async () => {
    const customer = await signUp(ctx.app);
    const from = nextIp();
    for (const guess of ['one', 'two', 'three']) {
      expect((await login(customer.email, `wrong ${guess}`, from)).statusCode).toBe(401);
    }
    const waiting = await login(customer.email, customer.password, from);
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(20);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(30);

    await ctx.database.db
      .update(signInFailures)
      .set({ blockedUntil: new Date(Date.now() - 1000) })
      .where(eq(signInFailures.ip, from));
    expect((await login(customer.email, 'wrong four', from)).statusCode).toBe(401);
    const longer = await login(customer.email, customer.password, from);
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(50);
    expect((await login(customer.email, customer.password)).statusCode).toBe(200);

    const alerts = await alertsTo(customer.email);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toContain('You can still sign in as usual with your password');
    expect(alerts[0]).toContain('https://shop.example.in/forgot-password');
    const trail = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, customer.id), eq(auditEvents.action, 'customer.login_locked')));
    expect(trail.length).toBeGreaterThanOrEqual(1);
    expect(trail[0]!.summary).not.toContain(customer.email);
  });

  it('under a spread-out attack makes every failing address wait the whole window; the owner still gets in', async () => {
    const customer = await signUp(ctx.app);
    for (let i = 0; i < 20; i++) await login(customer.email, `botnet guess ${i}`);
    const from = nextIp();
    expect((await login(customer.email, 'one more guess', from)).statusCode).toBe(401);
    const blocked = await login(customer.email, 'and another', from);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect((await login(customer.email, customer.password)).statusCode).toBe(200);
    expect(await alertsTo(customer.email)).toHaveLength(1);
  });

  it('answers an unknown e-mail exactly as a known one, and e-mails nobody', async () => {
    const from = nextIp();
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await login('nobody-here@example.in', `guess ${i}`, from)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(await alertsTo('nobody-here@example.in')).toEqual([]);
  });

  it('still limits one address across many accounts (password spraying)', async () => {
    const from = nextIp();
    const statuses = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await login(`sprayed${i}@example.in`, 'Password1', from)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('waitAfterFailure', () => {
  it('grows from nothing to the window, and is the whole window under attack', () => {
    expect([1, 2, 3, 4, 5, 8, 20].map((n) => waitAfterFailure(n, n))).toEqual([0, 0, 30, 60, 120, 900, 900]);
    expect(waitAfterFailure(1, 20)).toBe(900);
  });
});
