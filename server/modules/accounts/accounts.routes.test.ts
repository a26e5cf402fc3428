import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, sessions, users } from '../../db/schema.js';
import { mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const bodies: string[] = [];
let ipCounter = 1;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example.in' });
});
afterAll(async () => {
  // No response of the whole suite may carry a password hash or a reset token.
  for (const body of bodies) {
    expect(body).not.toMatch(/passwordHash|password_hash|\$argon2|tokenHash/);
  }
  const resetTokens = smtp.messages
    .map((m) => /reset-password\/([A-Za-z0-9_-]+)/.exec(mailText(m.raw))?.[1])
    .filter(Boolean);
  for (const token of resetTokens) for (const body of bodies) expect(body).not.toContain(token);
  await ctx.close();
  await smtp.close();
});

/** Each call comes from its own address unless told, so per-IP limits do not couple tests. */
async function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  token?: string,
  ip?: string,
) {
  const response: LightMyRequestResponse = await ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: ip ?? `10.1.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`,
  });
  bodies.push(response.body);
  return { status: response.statusCode, body: response.json() };
}

let mobileCounter = 0;
function newCustomer(overrides: Record<string, unknown> = {}) {
  const n = mobileCounter++;
  return {
    firstname: 'Asha',
    lastname: 'Rao',
    email: `asha${n}@example.in`,
    mobile: `98${String(10_000_000 + n).slice(-8)}`,
    password: 'correct horse battery',
    ...overrides,
  };
}

async function registerAndLogin(overrides: Record<string, unknown> = {}) {
  const customer = newCustomer(overrides);
  await call('POST', '/api/user/register', customer);
  const login = await call('POST', '/api/user/login', { email: customer.email, password: customer.password });
  return { customer, token: login.body.token as string, id: login.body._id as string };
}

describe('register', () => {
  it('creates a customer and returns the contract shape without secrets', async () => {
    const customer = newCustomer({ email: ' Priya@Example.IN ', mobile: '+91 90000-00001' });
    const { status, body } = await call('POST', '/api/user/register', customer);
    expect(status).toBe(201);
    expect(Object.keys(body).sort()).toEqual([
      '_id',
      'createdAt',
      'email',
      'firstname',
      'lastname',
      'mobile',
    ]);
    expect(body).toMatchObject({ email: 'priya@example.in', mobile: '9000000001', firstname: 'Asha' });
  });

  it('refuses a duplicate e-mail or mobile with 409 and the spec message', async () => {
    const customer = newCustomer();
    await call('POST', '/api/user/register', customer);
    const sameEmail = await call('POST', '/api/user/register', {
      ...newCustomer(),
      email: customer.email.toUpperCase(),
    });
    const sameMobile = await call('POST', '/api/user/register', {
      ...newCustomer(),
      mobile: customer.mobile,
    });
    expect([sameEmail.status, sameMobile.status]).toEqual([409, 409]);
    expect(sameEmail.body.message).toBe('User already exist! please login!');
  });

  it('answers 400 with the spec messages per field', async () => {
    const { status, body } = await call('POST', '/api/user/register', { email: 'nope', password: 'short' });
    expect(status).toBe(400);
    expect(body.errors).toEqual({
      firstname: 'First name is required',
      lastname: 'Last name is required',
      email: 'Invalid email address',
      mobile: 'Mobile number is required',
      password: 'Password must be at least 8 characters',
    });
  });

  it('ignores role and other privileged fields sent by the client', async () => {
    const customer = newCustomer({ role: 'admin', isBlocked: false, passwordHash: 'x', _id: 'x' });
    const { body } = await call('POST', '/api/user/register', customer);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, body._id));
    expect(row!.role).toBe('user');
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('lets exactly one of two simultaneous sign-ups with one e-mail through', async () => {
    const customer = newCustomer();
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        call('POST', '/api/user/register', { ...customer, mobile: `97000000${10 + i}` }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const rows = await ctx.database.db.select().from(users).where(eq(users.email, customer.email));
    expect(rows).toHaveLength(1);
  });
});

describe('login, sessions and logout', () => {
  it('returns the customer with a token, and the token works on every request', async () => {
    const { customer, token, id } = await registerAndLogin();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await call('GET', '/api/user/me', undefined, token);
    expect(me.body).toMatchObject({ _id: id, email: customer.email });
    const [session] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(session!.tokenHash).not.toContain(token);
  });

  it('answers 401 Invalid Credentials for a wrong password and an unknown e-mail alike', async () => {
    const { customer } = await registerAndLogin();
    const wrong = await call('POST', '/api/user/login', {
      email: customer.email,
      password: 'wrong password',
    });
    const unknown = await call('POST', '/api/user/login', {
      email: 'nobody@example.in',
      password: 'whatever1',
    });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body).toEqual({ message: 'Invalid Credentials' });
    expect(unknown.body).toEqual({ message: 'Invalid Credentials' });
  });

  it('refuses missing, malformed, expired and revoked tokens with 401', async () => {
    expect((await call('GET', '/api/user/me')).status).toBe(401);
    expect((await call('GET', '/api/user/me', undefined, 'not-a-real-token')).status).toBe(401);
    const expired = await registerAndLogin();
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expired.id));
    expect((await call('GET', '/api/user/me', undefined, expired.token)).status).toBe(401);
    const { token } = await registerAndLogin();
    expect((await call('POST', '/api/user/logout', undefined, token)).status).toBe(200);
    expect((await call('GET', '/api/user/me', undefined, token)).status).toBe(401);
  });

  it('answers 403 for a blocked customer', async () => {
    const { customer, token, id } = await registerAndLogin();
    await ctx.database.db.update(users).set({ isBlocked: true }).where(eq(users.id, id));
    expect((await call('GET', '/api/user/me', undefined, token)).status).toBe(403);
    expect(
      (await call('POST', '/api/user/login', { email: customer.email, password: customer.password })).status,
    ).toBe(403);
  });

  it('rate-limits login attempts against one e-mail with 429', async () => {
    const { customer } = await registerAndLogin();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await call('POST', '/api/user/login', { email: customer.email, password: 'wrong password' })).status,
      );
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(9);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('edit profile', () => {
  it('updates the profile and ignores privileged fields', async () => {
    const { token, id } = await registerAndLogin();
    const { status, body } = await call(
      'PUT',
      '/api/user/edit-user',
      {
        firstname: 'Asha',
        lastname: 'Iyer',
        email: 'asha.iyer@example.in',
        mobile: '9123456789',
        role: 'admin',
      },
      token,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      _id: id,
      lastname: 'Iyer',
      email: 'asha.iyer@example.in',
      mobile: '9123456789',
    });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.role).toBe('user');
  });

  it('refuses another account’s e-mail with 409 and needs a token', async () => {
    const first = await registerAndLogin();
    const second = await registerAndLogin();
    const clash = await call(
      'PUT',
      '/api/user/edit-user',
      { ...second.customer, email: first.customer.email },
      second.token,
    );
    expect(clash.status).toBe(409);
    expect((await call('PUT', '/api/user/edit-user', second.customer)).status).toBe(401);
  });
});

describe('forgot and reset password', () => {
  const linkFor = (email: string) => {
    const mail = smtp.messages.filter((m) => m.to.includes(email)).at(-1);
    return mail
      ? /https:\/\/shop\.example\.in\/reset-password\/([A-Za-z0-9_-]+)/.exec(mailText(mail.raw))?.[1]
      : undefined;
  };

  it('answers the same whether or not the e-mail exists, and mails only a known one', async () => {
    const { customer } = await registerAndLogin();
    const known = await call('POST', '/api/user/forgot-password-token', { email: customer.email });
    const unknown = await call('POST', '/api/user/forgot-password-token', { email: 'ghost@example.in' });
    expect(known).toEqual(unknown);
    expect(smtp.messages.some((m) => m.to.includes('ghost@example.in'))).toBe(false);
    const mail = smtp.messages.find((m) => m.to.includes(customer.email))!;
    expect(mail.raw).toMatch(/Subject: Reset your Bharat Bazaar password/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(linkFor(customer.email)).toBeTruthy();
  });

  it('sets a new password once, signs out old sessions, and rejects reuse', async () => {
    const { customer, token } = await registerAndLogin();
    await call('POST', '/api/user/forgot-password-token', { email: customer.email });
    const resetToken = linkFor(customer.email)!;
    const reset = await call('PUT', `/api/user/reset-password/${resetToken}`, {
      password: 'a brand new secret',
    });
    expect(reset).toEqual({ status: 200, body: { message: 'Password updated successfully!' } });
    expect((await call('GET', '/api/user/me', undefined, token)).status).toBe(401);
    expect(
      (await call('POST', '/api/user/login', { email: customer.email, password: customer.password })).status,
    ).toBe(401);
    expect(
      (await call('POST', '/api/user/login', { email: customer.email, password: 'a brand new secret' }))
        .status,
    ).toBe(200);
    const again = await call('PUT', `/api/user/reset-password/${resetToken}`, {
      password: 'another secret!',
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/invalid, expired or already used/);
  });

  it('invalidates an older link when a new one is requested, and expires links', async () => {
    const { customer, id } = await registerAndLogin();
    await call('POST', '/api/user/forgot-password-token', { email: customer.email });
    const first = linkFor(customer.email)!;
    await call('POST', '/api/user/forgot-password-token', { email: customer.email });
    const second = linkFor(customer.email)!;
    expect(second).not.toBe(first);
    expect(
      (await call('PUT', `/api/user/reset-password/${first}`, { password: 'new secret one' })).status,
    ).toBe(400);
    await ctx.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, id));
    expect(
      (await call('PUT', `/api/user/reset-password/${second}`, { password: 'new secret two' })).status,
    ).toBe(400);
  });

  it('validates the new password and rate-limits requests per e-mail', async () => {
    const weak = await call('PUT', '/api/user/reset-password/abcdefghijklmnopqrstuvwxyz', {
      password: 'short',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors.password).toBe('Password must be at least 8 characters');
    const email = 'limit@example.in';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await call('POST', '/api/user/forgot-password-token', { email })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
