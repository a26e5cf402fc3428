import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, signInFailures } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { STAFF_PASSWORD, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { currentTotp } from './two-factor.js';

/**
 * Staff sign-in against strangers: failing on purpose must not lock a member out (throttled per
 * account and address), a TOTP code signs in once, and the original admin client's sign-in tells
 * nobody whether a shopper's password is right and grants no budget of its own.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let ip = 0;
const nextIp = () => `10.220.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example.in' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const post = (url: string, payload: object, from = nextIp(), headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: from });

async function mailsTo(email: string) {
  await ctx.app.services.emailOutbox.drain();
  return smtp.messages.filter((m) => m.to.includes(email)).map((m) => mailText(m.raw));
}

/** Lets the waits of an address end, as if time had passed. */
async function endWaits(from: string) {
  await ctx.database.db
    .update(signInFailures)
    .set({ blockedUntil: new Date(Date.now() - 1000) })
    .where(eq(signInFailures.ip, from));
}

describe('failed sign-ins never lock a staff member out', () => {
  it('lets the owner in from an address that has not failed after ten wrong passwords from ten others', async () => {
    const owner = await signInStaff(ctx.app, 'owner');
    for (let i = 0; i < 10; i++) {
      const wrong = await post('/api/admin/login', { email: owner.email, password: `guess number ${i}` });
      expect(wrong.statusCode).toBe(401);
    }
    const right = await post('/api/admin/login', { email: owner.email, password: STAFF_PASSWORD });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().token).toBeTruthy();
  });

  it('makes one failing address wait longer each time, tells the member once, and records it in the trail', async () => {
    const member = await signInStaff(ctx.app, 'orders');
    const from = nextIp();
    const attempt = (password: string) => post('/api/admin/login', { email: member.email, password }, from);
    expect((await attempt('wrong one')).statusCode).toBe(401);
    expect((await attempt('wrong two')).statusCode).toBe(401);
    expect((await attempt('wrong three')).statusCode).toBe(401);
    const waiting = await attempt(STAFF_PASSWORD);
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(20);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(waiting.json().message).toMatch(/Too many failed sign-ins from here/);

    await endWaits(from);
    expect((await attempt('wrong four')).statusCode).toBe(401);
    const longer = await attempt(STAFF_PASSWORD);
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(50);
    // Meanwhile the member, elsewhere, signs in.
    expect(
      (await post('/api/admin/login', { email: member.email, password: STAFF_PASSWORD })).statusCode,
    ).toBe(200);

    const alerts = (await mailsTo(member.email)).filter((text) =>
      /Subject: Someone tried to sign in/.test(text),
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toContain('You can still sign in as usual');
    const locked = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, member.id), eq(auditEvents.action, 'staff.login_locked')));
    expect(locked.length).toBeGreaterThanOrEqual(1);
    expect(locked[0]!.ip).toBe(from);
  });

  it('after a right password an address starts again from nothing', async () => {
    const member = await signInStaff(ctx.app, 'support');
    const from = nextIp();
    const attempt = (password: string) => post('/api/admin/login', { email: member.email, password }, from);
    expect((await attempt('typo one')).statusCode).toBe(401);
    expect((await attempt('typo two')).statusCode).toBe(401);
    expect((await attempt(STAFF_PASSWORD)).statusCode).toBe(200);
    expect((await attempt('typo three')).statusCode).toBe(401);
    expect((await attempt('typo four')).statusCode).toBe(401);
    expect((await attempt(STAFF_PASSWORD)).statusCode).toBe(200);
  });
});

describe('a TOTP code signs in once', () => {
  it('refuses a code of a step already used or older, also when two requests race with one', async () => {
    const member = await signInStaff(ctx.app, 'catalogue');
    const setup = await post('/api/admin/me/two-factor/setup', {}, nextIp(), member.headers);
    const secret: string = setup.json().secret;
    const start = Date.now();
    const enabled = await post(
      '/api/admin/me/two-factor/enable',
      { code: currentTotp(secret, member.email, start) },
      nextIp(),
      member.headers,
    );
    expect(enabled.statusCode).toBe(200);
    const signIn = (code: string) =>
      post('/api/admin/login', { email: member.email, password: STAFF_PASSWORD, code });

    // The enabling code is spent.
    expect((await signIn(currentTotp(secret, member.email, start))).statusCode).toBe(401);
    // Two requests at once with one fresh code: one session, not two; then the code is spent.
    const next = currentTotp(secret, member.email, start + 30_000);
    const racing = await Promise.all([signIn(next), signIn(next)]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const replayed = await signIn(next);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toMatch(/That code is not right/);
  });
});

describe('the original admin client sign-in (POST /api/user/admin-login)', () => {
  it('answers a shopper "Invalid Credentials" whether the password is right or wrong', async () => {
    const shopper = await signUp(ctx.app);
    const right = await post('/api/user/admin-login', { email: shopper.email, password: shopper.password });
    const wrong = await post('/api/user/admin-login', {
      email: shopper.email,
      password: 'wrong password here',
    });
    const nobody = await post('/api/user/admin-login', {
      email: 'nobody@example.in',
      password: 'wrong password here',
    });
    for (const answer of [right, wrong, nobody]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: 'Invalid Credentials', requestId: expect.any(String) });
    }
  });

  it("shares the shoppers' sign-in budget per address: no second allowance", async () => {
    const from = nextIp();
    for (let i = 0; i < 30; i++) {
      const answer = await post(
        '/api/user/login',
        { email: `sprayed${i}@example.in`, password: 'Password1' },
        from,
      );
      expect(answer.statusCode).toBe(401);
    }
    const legacy = await post(
      '/api/user/admin-login',
      { email: 'other@example.in', password: 'Password1' },
      from,
    );
    expect(legacy.statusCode).toBe(429);
  });
});
