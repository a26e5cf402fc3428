import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactVerifications, enquiries } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { latestSmsCode, textMessagesTo } from '../../test/text-messages.js';

/**
 * Registering with someone else's address must not hand over what they filed with it: complaints
 * and enquiries sent signed out belong to an account only once its address is proved by the link
 * mailed to it (and only those filed from then on). Mobile numbers are proved by a code.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let ip = 0;
const nextIp = () => `10.240.${Math.floor(++ip / 250)}.${ip % 250}`;
type Customer = Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example.in' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who?: Customer) =>
  ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: who?.headers ?? {},
    remoteAddress: nextIp(),
  });

async function mailsTo(email: string) {
  await ctx.app.services.emailOutbox.drain();
  return smtp.messages.filter((m) => m.to.includes(email)).map((m) => mailText(m.raw));
}

/** The newest confirmation link mailed to `email`. */
async function linkTokenFor(email: string): Promise<string> {
  const tokens = (await mailsTo(email))
    .map((text) => /https:\/\/shop\.example\.in\/verify-email\/([A-Za-z0-9_-]+)/.exec(text)?.[1])
    .filter((token): token is string => Boolean(token));
  expect(tokens.length, `a confirmation link to ${email}`).toBeGreaterThan(0);
  return tokens.at(-1)!;
}

const fileComplaint = (email: string, description: string, who?: Customer) =>
  call(
    'POST',
    '/api/grievances',
    {
      kind: 'grievance',
      topic: 'delivery',
      description,
      name: 'Meera Iyer',
      email,
      mobile: '9876501234',
    },
    who,
  );

const sendEnquiry = (email: string, comment: string, who?: Customer) =>
  call('POST', '/api/enquiry', { name: 'Meera Iyer', email, mobile: '9876501234', comment }, who);

const exportedComments = async (who: Customer) => {
  const response = await call('GET', '/api/user/me/export', undefined, who);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().enquiries as { comment: string }[]).map((e) => e.comment);
};

describe('what was filed under an address belongs to an account only once the address is proved', () => {
  it('does not export or erase, for someone who registered with the address, what its owner filed signed out', async () => {
    const victim = `meera-${Date.now()}@example.in`;
    expect((await fileComplaint(victim, 'My refund for the blender never came.')).statusCode).toBe(201);
    expect((await sendEnquiry(victim, 'Is the blender back in stock?')).statusCode).toBeLessThan(300);

    const impostor = await signUp(ctx.app, { email: victim });
    expect(await exportedComments(impostor)).toEqual([]);
    const login = await call('POST', '/api/user/login', { email: victim, password: impostor.password });
    expect(login.json()).toMatchObject({ emailVerified: false, mobileVerified: false });

    const erased = await call('DELETE', '/api/user/me', { currentPassword: impostor.password }, impostor);
    expect(erased.statusCode, erased.body).toBe(200);
    const kept = await ctx.database.db
      .select({ comment: enquiries.comment })
      .from(enquiries)
      .where(eq(enquiries.email, victim));
    expect(kept.map((row) => row.comment).sort()).toEqual([
      'Is the blender back in stock?',
      'My refund for the blender never came.',
    ]);
  });

  it('links what is filed signed in at once, and what is sent with the address after the link is used', async () => {
    const customer = await signUp(ctx.app);
    await fileComplaint(customer.email, 'Before the proof, signed out.');
    await fileComplaint(`other-${customer.email}`, 'Signed in, from another address.', customer);
    await sendEnquiry(customer.email, 'Contact form, signed in.', customer);
    expect((await exportedComments(customer)).sort()).toEqual([
      'Contact form, signed in.',
      'Signed in, from another address.',
    ]);

    const confirmed = await call('POST', `/api/user/verify-email/${await linkTokenFor(customer.email)}`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toMatch(/confirmed/);
    expect((await call('GET', '/api/user/me', undefined, customer)).json().emailVerified).toBe(true);
    await sendEnquiry(customer.email.toUpperCase(), 'After the proof, signed out.');
    expect((await exportedComments(customer)).sort()).toEqual([
      'After the proof, signed out.',
      'Contact form, signed in.',
      'Signed in, from another address.',
    ]);
  });
});

describe('the confirmation link', () => {
  it('is kept as a hash, works once, and says apart unknown, used and expired links', async () => {
    const customer = await signUp(ctx.app);
    const token = await linkTokenFor(customer.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await ctx.database.db
      .select()
      .from(contactVerifications)
      .where(eq(contactVerifications.target, customer.email));
    expect(stored!.tokenHash).not.toContain(token);

    expect((await call('POST', '/api/user/verify-email/not-a-real-link-at-all-xyz')).statusCode).toBe(400);
    await ctx.database.db
      .update(contactVerifications)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(contactVerifications.id, stored!.id));
    const expired = await call('POST', `/api/user/verify-email/${token}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(/expired/);

    const resent = await call('POST', '/api/user/verify-email/resend', undefined, customer);
    expect(resent.statusCode, resent.body).toBe(200);
    const fresh = await linkTokenFor(customer.email);
    expect(fresh).not.toBe(token);
    expect((await call('POST', `/api/user/verify-email/${fresh}`)).statusCode).toBe(200);
    const again = await call('POST', `/api/user/verify-email/${fresh}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toMatch(/already confirmed/);
    expect((await call('POST', '/api/user/verify-email/resend', undefined, customer)).statusCode).toBe(409);
  });

  it('limits resending per account, and needs a shopper session', async () => {
    const customer = await signUp(ctx.app);
    const staff = await signInStaff(ctx.app, 'owner');
    for (const url of [
      '/api/user/verify-email/resend',
      '/api/user/verify-mobile/send',
      '/api/user/verify-mobile',
    ]) {
      const payload = url.endsWith('verify-mobile') ? { code: '123456' } : undefined;
      expect((await call('POST', url, payload)).statusCode).toBe(401);
      const asStaff = await ctx.app.inject({
        method: 'POST',
        url,
        headers: staff.headers,
        ...(payload ? { payload } : {}),
      });
      expect(asStaff.statusCode).toBe(401);
    }
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await call('POST', '/api/user/verify-email/resend', undefined, customer)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('a changed address is unproved again: its own link proves it, the old address link does not', async () => {
    const customer = await signUp(ctx.app);
    const oldToken = await linkTokenFor(customer.email);
    const newEmail = `moved-${customer.email}`;
    const { password, ...profile } = customer;
    const changed = await call(
      'PUT',
      '/api/user/edit-user',
      {
        firstname: profile.firstname,
        lastname: profile.lastname,
        mobile: profile.mobile,
        email: newEmail,
        currentPassword: password,
      },
      customer,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ email: newEmail, emailVerified: false });
    const stale = await call('POST', `/api/user/verify-email/${oldToken}`);
    expect(stale.statusCode).toBe(400);
    expect((await call('POST', `/api/user/verify-email/${await linkTokenFor(newEmail)}`)).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/user/me', undefined, customer)).json()).toMatchObject({
      email: newEmail,
      emailVerified: true,
    });
  });
});

describe('the mobile number', () => {
  // The code goes by SMS to the number being proved, never by e-mail.
  const codeIn = (customer: Customer) => latestSmsCode(ctx.app, customer.mobile, 'mobile-code');

  it('is confirmed with a code from the one-time-code sender, and unconfirmed again when changed', async () => {
    const customer = await signUp(ctx.app);
    const sent = await call('POST', '/api/user/verify-mobile/send', undefined, customer);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().sentTo).toBe(`••••••${customer.mobile.slice(-4)}`);
    const code = await codeIn(customer);
    const [sms] = await textMessagesTo(ctx.app, 'sms', customer.mobile, 'mobile-code');
    expect(sms?.text).toMatch(new RegExp(`^${code} is your Bharat Bazaar code .* Do not share it`));
    expect((await mailsTo(customer.email)).some((text) => text.includes(code))).toBe(false);
    const wrong = await call(
      'POST',
      '/api/user/verify-mobile',
      { code: code === '000000' ? '111111' : '000000' },
      customer,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toMatch(/not right/);
    expect((await call('POST', '/api/user/verify-mobile', { code }, customer)).statusCode).toBe(200);
    expect((await call('GET', '/api/user/me', undefined, customer)).json().mobileVerified).toBe(true);

    const changed = await call(
      'PUT',
      '/api/user/edit-user',
      {
        firstname: customer.firstname,
        lastname: customer.lastname,
        email: customer.email,
        mobile: '9812300077',
      },
      customer,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().mobileVerified).toBe(false);
    // The code of the old number does not prove the new one.
    expect((await call('POST', '/api/user/verify-mobile', { code }, customer)).statusCode).toBe(400);
  });

  it('spends a code after five wrong tries', async () => {
    const customer = await signUp(ctx.app);
    await call('POST', '/api/user/verify-mobile/send', undefined, customer);
    const code = await codeIn(customer);
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) await call('POST', '/api/user/verify-mobile', { code: wrongCode }, customer);
    const late = await call('POST', '/api/user/verify-mobile', { code }, customer);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/Too many wrong codes/);
  });
});
