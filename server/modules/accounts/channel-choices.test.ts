import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentRecords, users } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { confirmMobile, mobileCodeFor } from '../../test/mobile-codes.js';
import { startSmtpCapture } from '../../test/smtp-capture.js';
import { signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { messageReach } from './message-reach.js';

/**
 * The profile's "Messages and updates" through the API: the mobile number proved by a code, the
 * SMS and WhatsApp switches (order updates on a column, offers as consent records), nothing
 * turned on for an unproved number, and a changed number unproved again.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let ip = 0;
const nextIp = () => `10.241.${Math.floor(++ip / 250)}.${ip % 250}`;
type Customer = Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example.in' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const mails = () => smtp.messages;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who?: { headers: object }) =>
  ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: (who?.headers ?? {}) as Record<string, string>,
    remoteAddress: nextIp(),
  });

const choices = (sms: [boolean, boolean], whatsapp: [boolean, boolean]) => ({
  sms: { orders: sms[0], offers: sms[1] },
  whatsapp: { orders: whatsapp[0], offers: whatsapp[1] },
});

async function channelsOf(customer: Customer) {
  const answer = await call('GET', '/api/user/me/notifications', undefined, customer);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

const consents = (customer: Customer) =>
  ctx.database.db
    .select()
    .from(consentRecords)
    .where(and(eq(consentRecords.userId, customer.id)));

describe("the profile's channels", () => {
  it('needs a shopper session: none, or a staff token, is a 401; each customer sees only their own', async () => {
    const staff = await signInStaff(ctx.app, 'owner');
    const routes: ['GET' | 'POST' | 'PUT', string, object?][] = [
      ['GET', '/api/user/me/notifications'],
      ['PUT', '/api/user/me/notifications', choices([false, false], [false, false])],
      ['POST', '/api/user/me/mobile/verify'],
      ['POST', '/api/user/me/mobile/confirm', { code: '123456' }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, payload)).statusCode, url).toBe(401);
      expect((await call(method, url, payload, staff)).statusCode, url).toBe(401);
    }
    const [first, second] = [await signUp(ctx.app), await signUp(ctx.app)];
    expect((await channelsOf(first)).email.to).toBe(first.email);
    expect((await channelsOf(second)).sms.to).toBe(second.mobile);
  });

  it('turns nothing on for an unconfirmed number, then confirms it with the code and keeps the switches', async () => {
    const customer = await signUp(ctx.app);
    const before = await channelsOf(customer);
    expect(before).toEqual({
      email: { to: customer.email, verified: false, orders: true, offers: expect.any(Boolean) },
      sms: { to: customer.mobile, verified: false, orders: false, offers: false },
      whatsapp: { to: customer.mobile, verified: false, orders: false, offers: false },
    });
    const refused = await call(
      'PUT',
      '/api/user/me/notifications',
      choices([true, false], [false, false]),
      customer,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Confirm your mobile number first/);
    expect(await consents(customer)).not.toContainEqual(
      expect.objectContaining({ purpose: 'marketing-sms' }),
    );
    // Leaving them off is no change, and keeps order updates on for when the number is confirmed.
    const unchanged = await call(
      'PUT',
      '/api/user/me/notifications',
      choices([false, false], [false, false]),
      customer,
    );
    expect(unchanged.statusCode, unchanged.body).toBe(200);

    const sent = await call('POST', '/api/user/me/mobile/verify', undefined, customer);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().sentTo).toBeTruthy();
    const code = await mobileCodeFor(ctx, mails, customer);
    const wrong = await call(
      'POST',
      '/api/user/me/mobile/confirm',
      { code: code === '000000' ? '111111' : '000000' },
      customer,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toMatch(/not right/);
    const confirmed = await call('POST', '/api/user/me/mobile/confirm', { code }, customer);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await call('POST', '/api/user/me/mobile/verify', undefined, customer)).statusCode).toBe(409);

    const after = await channelsOf(customer);
    expect(after.sms).toEqual({ to: customer.mobile, verified: true, orders: true, offers: false });
    expect(after.whatsapp).toEqual({ to: customer.mobile, verified: true, orders: true, offers: false });

    const set = await call(
      'PUT',
      '/api/user/me/notifications',
      choices([false, true], [true, true]),
      customer,
    );
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().sms).toMatchObject({ orders: false, offers: true });
    expect(set.json().whatsapp).toMatchObject({ orders: true, offers: true });
    expect(await channelsOf(customer)).toEqual(set.json());
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, customer.id));
    expect([row!.smsOrders, row!.whatsappOrders]).toEqual([false, true]);
    // The same choice again records nothing new; withdrawing is one more record.
    await call('PUT', '/api/user/me/notifications', choices([false, true], [true, true]), customer);
    await call('PUT', '/api/user/me/notifications', choices([false, true], [true, false]), customer);
    const records = (await consents(customer)).filter(
      (r) => r.purpose !== 'privacy-notice' && r.purpose !== 'marketing-emails',
    );
    expect(records.map((r) => [r.purpose, r.given, r.source]).sort()).toEqual([
      ['marketing-sms', true, 'profile'],
      ['marketing-whatsapp', false, 'profile'],
      ['marketing-whatsapp', true, 'profile'],
    ]);
    expect(await messageReach(ctx.database.db, customer.id)).toMatchObject({
      mobile: customer.mobile,
      orders: { sms: false, whatsapp: true },
      offers: { sms: true, whatsapp: false },
    });

    // The data export carries the choices.
    const exported = await call('GET', '/api/user/me/export', undefined, customer);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().messageChannels.sms).toEqual({
      to: customer.mobile,
      verified: true,
      orders: false,
      offers: true,
    });
  });

  it('unconfirms a changed number: nothing goes to the new one until its own code is entered', async () => {
    const customer = await signUp(ctx.app);
    await confirmMobile(ctx, mails, customer);
    expect((await messageReach(ctx.database.db, customer.id))?.mobile).toBe(customer.mobile);
    const newMobile = `8${customer.mobile.slice(1)}`;
    const edited = await call(
      'PUT',
      '/api/user/edit-user',
      {
        firstname: customer.firstname,
        lastname: customer.lastname,
        email: customer.email,
        mobile: newMobile,
      },
      customer,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().mobileVerified).toBe(false);
    const reach = await messageReach(ctx.database.db, customer.id);
    expect(reach).toMatchObject({ mobile: null, orders: { sms: false, whatsapp: false } });
    expect((await channelsOf(customer)).sms).toEqual({
      to: newMobile,
      verified: false,
      orders: false,
      offers: false,
    });
    await confirmMobile(ctx, mails, { ...customer, mobile: newMobile });
    expect((await channelsOf(customer)).sms).toMatchObject({ to: newMobile, verified: true, orders: true });
  });

  it("limits codes per account, on the profile's route and the original one alike", async () => {
    const customer = await signUp(ctx.app);
    const statuses = [
      (await call('POST', '/api/user/verify-mobile/send', undefined, customer)).statusCode,
      (await call('POST', '/api/user/me/mobile/verify', undefined, customer)).statusCode,
      (await call('POST', '/api/user/me/mobile/verify', undefined, customer)).statusCode,
      (await call('POST', '/api/user/me/mobile/verify', undefined, customer)).statusCode,
    ];
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another customer is not held back by it.
    const other = await signUp(ctx.app);
    expect((await call('POST', '/api/user/me/mobile/verify', undefined, other)).statusCode).toBe(200);
  });

  it('refuses a malformed choice with a 400', async () => {
    const customer = await signUp(ctx.app);
    for (const body of [
      {},
      { sms: { orders: 'yes', offers: false }, whatsapp: { orders: true, offers: false } },
    ]) {
      const answer = await call('PUT', '/api/user/me/notifications', body, customer);
      expect(answer.statusCode, answer.body).toBe(400);
    }
  });
});
