import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, staffSessions } from '../../db/schema.js';
import { hashToken } from '../../lib/secrets.js';
import { signUp } from '../../test/customers.js';
import { mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { STAFF_PASSWORD, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { currentTotp } from './two-factor.js';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let ip = 0;
const nextIp = () => `10.210.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example.in' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextIp() });
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers, remoteAddress: nextIp() });

async function auditActions(staffId: string) {
  const rows = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.staffId, staffId));
  return rows.map((row) => row.action);
}

describe('staff sign-in', () => {
  it('answers a session and the profile with its permissions, and records it', async () => {
    const owner = await signInStaff(ctx.app, 'owner');
    const me = await get('/api/admin/me', owner.headers);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: owner.email, role: 'owner', mustSetUpTwoFactor: false });
    expect(me.json().permissions).toContain('staff');
    expect(me.json()).not.toHaveProperty('passwordHash');
    expect(await auditActions(owner.id)).toContain('staff.login');
  });

  it('refuses a wrong password or an unknown e-mail alike with 401 and records the attempt', async () => {
    const support = await signInStaff(ctx.app, 'support');
    const wrong = await post('/api/admin/login', {
      email: support.email,
      password: 'not the password at all',
    });
    const unknown = await post('/api/admin/login', {
      email: 'nobody@staff.example.in',
      password: 'whatever it is',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
    expect(await auditActions(support.id)).toContain('staff.login_failed');
  });

  it('never lets a shopper in, and a shopper token is a 403 on staff routes', async () => {
    const shopper = await signUp(ctx.app);
    const console = await post('/api/admin/login', { email: shopper.email, password: shopper.password });
    expect(console.statusCode).toBe(401);
    const me = await get('/api/admin/me', shopper.headers);
    expect(me.statusCode).toBe(403);
  });

  it('ends a session after 30 minutes without a request, and after 12 hours whatever happens', async () => {
    const member = await signInStaff(ctx.app, 'catalogue');
    await ctx.database.db
      .update(staffSessions)
      .set({ lastSeenAt: sql`now() - interval '31 minutes'` })
      .where(eq(staffSessions.staffId, member.id));
    const idle = await get('/api/admin/me', member.headers);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().message).toMatch(/30 minutes/);

    const again = await signInStaff(ctx.app, 'catalogue', { email: member.email });
    const [session] = await ctx.database.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.tokenHash, hashToken(again.token)));
    // created_at is the database's clock, expires_at the server's: a millisecond or two apart.
    expect(
      Math.abs(session!.expiresAt.getTime() - session!.createdAt.getTime() - 12 * 3_600_000),
    ).toBeLessThan(1_000);
    await ctx.database.db
      .update(staffSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(staffSessions.id, session!.id));
    expect((await get('/api/admin/me', again.headers)).statusCode).toBe(401);
  });
});

describe('the original admin client sign-in (POST /api/user/admin-login)', () => {
  it('answers like user/login for staff', async () => {
    const orders = await signInStaff(ctx.app, 'orders');
    const answer = await post('/api/user/admin-login', { email: orders.email, password: STAFF_PASSWORD });
    expect(answer.statusCode).toBe(200);
    expect(Object.keys(answer.json()).sort()).toEqual([
      '_id',
      'email',
      'firstname',
      'lastname',
      'mobile',
      'token',
    ]);
    const me = await get('/api/admin/me', { authorization: `Bearer ${answer.json().token}` });
    expect(me.json().role).toBe('orders');
  });
});

describe('invitations', () => {
  it('lets an owner invite, and the invitee join once with the link; the link then stops working', async () => {
    const owner = await signInStaff(ctx.app, 'owner');
    const email = `invited-${Date.now()}@staff.example.in`;
    const invited = await post('/api/admin/staff/invites', { email, role: 'catalogue' }, owner.headers);
    expect(invited.statusCode).toBe(201);
    await ctx.app.services.emailOutbox.drain();
    const token = await inviteTokenFromOutbox(email);

    const read = await get(`/api/admin/invites/${token}`);
    expect(read.json()).toMatchObject({ email, role: 'catalogue' });
    const weak = await post(`/api/admin/invites/${token}/accept`, {
      firstname: 'Kavya',
      lastname: 'Rao',
      password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    const accepted = await post(`/api/admin/invites/${token}/accept`, {
      firstname: 'Kavya',
      lastname: 'Rao',
      password: 'a long enough passphrase',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().staff).toMatchObject({ email, role: 'catalogue', firstname: 'Kavya' });
    const again = await post(`/api/admin/invites/${token}/accept`, {
      firstname: 'X',
      lastname: 'Y',
      password: 'a long enough passphrase',
    });
    expect(again.statusCode).toBe(404);
    const list = await get('/api/admin/staff', owner.headers);
    expect(list.json().staff.map((member: { email: string }) => member.email)).toContain(email);
  });

  it('refuses an address already on the staff (409) and an expired link (404)', async () => {
    const owner = await signInStaff(ctx.app, 'owner');
    const duplicate = await post(
      '/api/admin/staff/invites',
      { email: owner.email, role: 'support' },
      owner.headers,
    );
    expect(duplicate.statusCode).toBe(409);
    const email = `late-${Date.now()}@staff.example.in`;
    await post('/api/admin/staff/invites', { email, role: 'support' }, owner.headers);
    await ctx.app.services.emailOutbox.drain();
    const token = await inviteTokenFromOutbox(email);
    await ctx.database.db.execute(
      sql`update staff_invites set expires_at = now() - interval '1 minute' where email = ${email}`,
    );
    expect((await get(`/api/admin/invites/${token}`)).statusCode).toBe(404);
  });
});

describe('revoking and roles', () => {
  it('ends a revoked member’s sessions at once', async () => {
    const owner = await signInStaff(ctx.app, 'owner');
    const member = await signInStaff(ctx.app, 'support');
    expect((await get('/api/admin/me', member.headers)).statusCode).toBe(200);
    const revoked = await post(`/api/admin/staff/${member.id}/revoke`, {}, owner.headers);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await get('/api/admin/me', member.headers)).statusCode).toBe(401);
    const login = await post('/api/admin/login', { email: member.email, password: STAFF_PASSWORD });
    expect(login.statusCode).toBe(401);

    // Invited back, they start afresh on the same account (their trail stays theirs).
    expect(
      (await post('/api/admin/staff/invites', { email: member.email, role: 'orders' }, owner.headers))
        .statusCode,
    ).toBe(201);
    await ctx.app.services.emailOutbox.drain();
    const token = await inviteTokenFromOutbox(member.email);
    const back = await post(`/api/admin/invites/${token}/accept`, {
      firstname: 'Back',
      lastname: 'Again',
      password: 'a brand new passphrase',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().staff).toMatchObject({
      _id: member.id,
      role: 'orders',
      revokedAt: null,
      twoFactorEnabled: false,
    });
    expect(
      (await post('/api/admin/login', { email: member.email, password: STAFF_PASSWORD })).statusCode,
    ).toBe(401);
  });

  it('applies a role change on the next request, and never leaves the shop without an owner', async () => {
    const owner = await signInStaff(ctx.app, 'owner');
    const member = await signInStaff(ctx.app, 'support');
    expect((await get('/api/admin/staff', member.headers)).statusCode).toBe(403);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/staff/${member.id}`,
      payload: { role: 'owner' },
      headers: owner.headers,
    });
    expect((await get('/api/admin/staff', member.headers)).statusCode).toBe(200);
    expect((await post(`/api/admin/staff/${owner.id}/revoke`, {}, owner.headers)).statusCode).toBe(409);
  });
});

describe('two-factor sign-in', () => {
  it('sets up with a code, then asks for one at sign-in, and accepts each recovery code once', async () => {
    const member = await signInStaff(ctx.app, 'orders');
    const setup = await post('/api/admin/me/two-factor/setup', {}, member.headers);
    expect(setup.statusCode).toBe(200);
    const { secret, qrSvg } = setup.json();
    expect(qrSvg).toContain('<svg');
    const badCode = await post('/api/admin/me/two-factor/enable', { code: '000000' }, member.headers);
    expect(badCode.statusCode).toBe(400);
    const enabled = await post(
      '/api/admin/me/two-factor/enable',
      { code: currentTotp(secret, member.email) },
      member.headers,
    );
    expect(enabled.statusCode).toBe(200);
    const codes: string[] = enabled.json().recoveryCodes;
    expect(codes).toHaveLength(10);

    const step1 = await post('/api/admin/login', { email: member.email, password: STAFF_PASSWORD });
    expect(step1.json()).toMatchObject({ twoFactorRequired: true });
    expect(step1.json()).not.toHaveProperty('token');
    const wrong = await post('/api/admin/login', {
      email: member.email,
      password: STAFF_PASSWORD,
      code: '123456',
    });
    expect(wrong.statusCode).toBe(401);
    // The code that turned it on was spent doing so: the next step's code signs in.
    const right = await post('/api/admin/login', {
      email: member.email,
      password: STAFF_PASSWORD,
      code: currentTotp(secret, member.email, Date.now() + 30_000),
    });
    expect(right.json().token).toBeTruthy();
    const recovery = await post('/api/admin/login', {
      email: member.email,
      password: STAFF_PASSWORD,
      code: codes[0],
    });
    expect(recovery.statusCode).toBe(200);
    const reused = await post('/api/admin/login', {
      email: member.email,
      password: STAFF_PASSWORD,
      code: codes[0],
    });
    expect(reused.statusCode).toBe(401);
    // The original admin client cannot ask for a code: refused with a pointer to the console.
    const legacy = await post('/api/user/admin-login', { email: member.email, password: STAFF_PASSWORD });
    expect(legacy.statusCode).toBe(403);
    expect(legacy.json().message).toMatch(/admin\/login/);
  });

  it('when the owner requires it, staff without it can only set it up', async () => {
    const owner = await signInStaff(ctx.app, 'owner');
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/security',
      payload: { requireTwoFactor: true },
      headers: owner.headers,
    });
    expect(refused.statusCode).toBe(409);
    const setup = await post('/api/admin/me/two-factor/setup', {}, owner.headers);
    await post(
      '/api/admin/me/two-factor/enable',
      { code: currentTotp(setup.json().secret, owner.email) },
      owner.headers,
    );
    const required = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/security',
      payload: { requireTwoFactor: true },
      headers: owner.headers,
    });
    expect(required.statusCode).toBe(200);
    try {
      const member = await signInStaff(ctx.app, 'owner');
      const me = await get('/api/admin/me', member.headers);
      expect(me.json().mustSetUpTwoFactor).toBe(true);
      const blocked = await get('/api/admin/staff', member.headers);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().message).toMatch(/two-factor/);
      expect((await post('/api/admin/me/two-factor/setup', {}, member.headers)).statusCode).toBe(200);
    } finally {
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/security',
        payload: { requireTwoFactor: false },
        headers: owner.headers,
      });
    }
  });
});

describe('the first owner', () => {
  it('is created once from ADMIN_EMAIL and never changed after', async () => {
    const email = `first-${Date.now()}@staff.example.in`;
    expect(
      await ctx.app.services.staff.createIfAbsent({ email, password: 'first owner password', role: 'owner' }),
    ).toBe('created');
    expect(
      await ctx.app.services.staff.createIfAbsent({ email, password: 'another password!!', role: 'support' }),
    ).toBe('exists');
    const login = await post('/api/admin/login', { email, password: 'first owner password' });
    expect(login.json().staff.role).toBe('owner');
  });
});

/** The invitation link's token, from the e-mail sent to `email`. */
async function inviteTokenFromOutbox(email: string): Promise<string> {
  const mail = smtp.messages.filter((message) => message.to.includes(email)).at(-1);
  const match = mail && /admin\/accept-invite\/([\w-]+)/.exec(mailText(mail.raw));
  if (!match) throw new Error(`no invitation e-mail to ${email}`);
  return match[1]!;
}
