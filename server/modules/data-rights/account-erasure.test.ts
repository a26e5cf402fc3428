import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '../../../shared/privacy-notice.js';
import { queryRows } from '../../db/client.js';
import {
  cartLines,
  checkouts,
  consentRecords,
  orders,
  sessions,
  users,
  wishlistItems,
} from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { insertOrder } from '../../test/orders.js';
import { type Customer, shoppingCalls, testAddress } from '../../test/shopping.js';
import { mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * The right to erasure: DELETE /api/user/me erases the customer at once (name, e-mail,
 * mobile, sessions, cart, wishlist, addresses not on a tax invoice), keeps invoiced orders as tax
 * law requires (decision 021), shows their reviews as "Former customer", mails the old address,
 * and lets the same e-mail and mobile sign up again. Also the marketing consent and the scheduled
 * erasure of inactive accounts.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
/** Every message but the links that confirm an address at sign-up (contact-verification.test.ts). */
const mailsButConfirmations = () =>
  smtp.messages.filter((m) => !m.raw.includes('Subject: Confirm your e-mail address'));
const shop = shoppingCalls(() => ctx.app);
let product: { id: string; colorId: string };

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example.in' });
  const created = await createProduct(ctx.database.db, {
    title: 'Cotton Kurta',
    pricePaise: 99_900,
    quantity: 50,
    colors: ['#000000'],
  });
  const color = await ensureColor(ctx.database.db, '#000000');
  product = { id: created.id, colorId: color.id };
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const erase = (who: Customer | undefined, payload?: object) =>
  ctx.app.inject({
    method: 'DELETE',
    url: '/api/user/me',
    headers: who?.headers ?? {},
    ...(payload ? { payload } : {}),
  });

async function mailsTo(email: string) {
  await ctx.app.services.emailOutbox.drain();
  return mailsButConfirmations()
    .filter((m) => m.to.includes(email))
    .map((m) => mailText(m.raw));
}

/** Tables (and how many rows) whose rows, read as text, contain any of `needles`. */
async function tablesHolding(db: TestContext['database']['db'], needles: string[]) {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_schema || '.' || table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const [schema, table] = name.split('.') as [string, string];
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(table)} t
          where ${sql.join(
            needles.map((needle) => sql`position(${needle.toLowerCase()} in lower(t::text)) > 0`),
            sql` or `,
          )}`,
    );
    if (Number(row?.n) > 0) found.push(`${name}: ${row?.n}`);
  }
  return found;
}

const userRow = async (id: string) =>
  (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!;

/** Moves an order on to delivered, as staff would have by now. */
const markDelivered = (orderId: string) =>
  ctx.database.db
    .update(orders)
    .set({
      state: 'completed',
      fulfilmentStatus: 'delivered',
      orderStatus: 'Delivered',
      deliveredAt: new Date(),
    })
    .where(eq(orders.id, orderId));

describe('DELETE /api/user/me', () => {
  it('needs a session and the password, and refuses while an order is open', async () => {
    const customer = await signUp(ctx.app, { firstname: 'Ira' });
    expect((await erase(undefined, { currentPassword: 'x' })).statusCode).toBe(401);
    const missing = await erase(customer, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.currentPassword).toBe('Enter your password to delete your account');
    const wrong = await erase(customer, { currentPassword: 'not my password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().errors.currentPassword).toBe('Your password is not correct');

    const orderId = await shop.buy(customer, [{ id: product.id, colorId: product.colorId, quantity: 1 }], {
      shippingInfo: testAddress,
    });
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    const open = await erase(customer, { currentPassword: customer.password });
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toContain(order!.orderNumber);
    expect(open.json().message).toContain('once it is delivered or cancelled');
    // Nothing happened: the account still works.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: customer.headers })).statusCode,
    ).toBe(200);
  });

  it('erases the customer at once, keeps invoiced orders as the law requires, and lets them sign up again', async () => {
    const customer = await signUp(ctx.app, { firstname: 'Anaya', lastname: 'Kulkarni' });
    const invoicedId = await shop.buy(customer, [{ id: product.id, colorId: product.colorId, quantity: 1 }], {
      shippingInfo: { ...testAddress, mobile: '9812345678' },
    });
    await markDelivered(invoicedId);
    const [invoiced] = await ctx.database.db.select().from(orders).where(eq(orders.id, invoicedId));
    expect(invoiced!.invoiceNumber).toBeTruthy();
    const cancelled = await insertOrder(ctx.database.db, {
      userId: customer.id,
      status: 'Cancelled',
      lines: [{ productId: product.id, colorId: product.colorId, quantity: 1, pricePaise: 99_900 }],
    });
    // A cart, a wishlist, a review, an enquiry and a marketing consent to erase.
    await shop.addToCart(customer, product.id, product.colorId, 2);
    await shop.api(customer, 'PUT', '/api/product/wishlist', { prodId: product.id });
    expect(
      (
        await shop.api(customer, 'PUT', '/api/product/rating', {
          prodId: product.id,
          star: 5,
          comment: 'Lovely fabric',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/enquiry',
          headers: customer.headers,
          payload: {
            name: 'Anaya K',
            email: customer.email,
            mobile: customer.mobile,
            comment: 'Where is my parcel?',
          },
        })
      ).statusCode,
    ).toBeLessThan(300);
    expect((await shop.api(customer, 'PUT', '/api/user/me/marketing', { subscribed: true })).statusCode).toBe(
      200,
    );
    // A complaint filed signed in, from another address: erased through the account's link.
    const ticket = await shop.api(customer, 'POST', '/api/grievances', {
      kind: 'grievance',
      topic: 'delivery',
      description: 'The parcel came late and the box was torn.',
      name: 'Anaya Kulkarni',
      email: `work-${customer.email}`,
      mobile: customer.mobile,
    });
    expect(ticket.statusCode, ticket.body).toBeLessThan(300);

    // Staff looked at the customer (the audit trail writes their name and e-mail).
    const owner = await signInStaff(ctx.app, 'owner');
    const viewed = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/customers/${customer.id}`,
      headers: owner.headers,
    });
    expect(viewed.statusCode).toBe(200);

    const done = await erase(customer, { currentPassword: customer.password });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toContain('Your account has been deleted');
    // The trail keeps that it happened, not who.
    const trail = await queryRows<{ summary: string }>(
      ctx.database.db,
      sql`select summary from audit_events where action = 'customer.view' and entity_id = ${customer.id}`,
    );
    expect(trail.map((row) => row.summary)).toEqual(['Viewed [erased] ([erased])']);

    // Signed out everywhere, and the old password opens nothing.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: customer.headers })).statusCode,
    ).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: customer.email, password: customer.password },
    });
    expect(login.statusCode).toBe(401);

    // Nothing in the account identifies the person.
    const row = await userRow(customer.id);
    expect(row.erasedAt).toBeInstanceOf(Date);
    expect(JSON.stringify(row)).not.toContain('Anaya');
    expect(JSON.stringify(row)).not.toContain(customer.email);
    expect(JSON.stringify(row)).not.toContain(customer.mobile);
    const db = ctx.database.db;
    expect(await db.select().from(sessions).where(eq(sessions.userId, customer.id))).toEqual([]);
    expect(await db.select().from(cartLines).where(eq(cartLines.userId, customer.id))).toEqual([]);
    expect(await db.select().from(wishlistItems).where(eq(wishlistItems.userId, customer.id))).toEqual([]);
    const tokens = await db.select().from(consentRecords).where(eq(consentRecords.userId, customer.id));
    expect(tokens.every((t) => t.withdrawToken === null)).toBe(true);

    // The invoiced order keeps the invoice's name and address, not the mobile; the cancelled one
    // (no invoice) and every checkout keep only the state.
    const [kept] = await db.select().from(orders).where(eq(orders.id, invoicedId));
    expect(kept!.shippingInfo.firstName).toBe(testAddress.firstName);
    expect(kept!.shippingInfo.address).toBe(testAddress.address);
    expect(kept!.shippingInfo.mobile).toBeUndefined();
    const [gone] = await db.select().from(orders).where(eq(orders.id, cancelled.id));
    expect(gone!.shippingInfo).toMatchObject({
      firstName: 'Former',
      address: '',
      pincode: '',
      state: gone!.shippingInfo.state,
    });
    const checkoutRows = await db.select().from(checkouts).where(eq(checkouts.userId, customer.id));
    expect(checkoutRows.length).toBeGreaterThan(0);
    for (const checkout of checkoutRows) expect(checkout.shippingInfo?.address ?? '').toBe('');

    // The enquiry sent signed in with the address is erased too.
    const enquiries = await queryRows<{ name: string; email: string; comment: string }>(
      db,
      sql`select name, email, comment from enquiries where comment like '%erased%' or email = ${customer.email}`,
    );
    expect(enquiries.some((e) => e.email === customer.email)).toBe(false);
    expect(enquiries.some((e) => e.name === 'Former customer')).toBe(true);
    const tickets = await queryRows<{ name: string; email: string; comment: string; ticket_number: string }>(
      db,
      sql`select name, email, comment, ticket_number from enquiries where user_id = ${customer.id} order by ticket_number nulls first`,
    );
    // The contact message and the complaint, both sent signed in.
    expect(tickets).toHaveLength(2);
    for (const ticket of tickets) {
      expect(ticket).toMatchObject({
        name: 'Former customer',
        comment: '(erased at the customer’s request)',
      });
    }
    expect(tickets[1]!.ticket_number).toMatch(/^GRV-/);

    // The review stays, under "Former customer".
    const page = await ctx.app.inject({ method: 'GET', url: `/api/product/${product.id}` });
    const ratings = page.json().ratings as { comment: string; postedbyName: string }[];
    expect(ratings.find((r) => r.comment === 'Lovely fabric')?.postedbyName).toBe('Former customer');

    // Nowhere in the database: every table's every row, as text, for the e-mail, mobile and name.
    // (The invoiced order keeps the name and address printed on its invoice, which here are the
    // delivery address's, not the account's.) The confirmation to the old address is the one
    // message left; it goes out, and is not kept once sent.
    await ctx.app.services.emailOutbox.drain();
    const found = await tablesHolding(db, [customer.email, customer.mobile, 'Anaya', 'Kulkarni']);
    expect(found).toEqual([]);

    // The old address is told, with what was kept.
    const mail = (await mailsTo(customer.email)).find((text) => text.includes('has been deleted'));
    expect(mail).toContain('As you asked, we have deleted your');
    expect(mail).toContain('tax invoices of your order');

    // The same e-mail and mobile open a new, empty account.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        firstname: 'Anaya',
        lastname: 'Kulkarni',
        email: customer.email,
        mobile: customer.mobile,
        password: 'another long password',
      },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()._id).not.toBe(customer.id);
    const newLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: customer.email, password: 'another long password' },
    });
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/getmyorders',
      headers: { authorization: `Bearer ${newLogin.json().token}` },
    });
    expect(mine.json().orders).toEqual([]);
  });
});

describe('DELETE /api/user/me twice at once', () => {
  it('erases once and confirms once', async () => {
    const customer = await signUp(ctx.app, { firstname: 'Double' });
    const answers = await Promise.all([
      erase(customer, { currentPassword: customer.password }),
      erase(customer, { currentPassword: customer.password }),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses[0]).toBe(200);
    // The second finds the account gone: its session, or the account itself.
    expect([401, 404]).toContain(statuses[1]);
    const confirmations = (await mailsTo(customer.email)).filter((text) => text.includes('has been deleted'));
    expect(confirmations).toHaveLength(1);
  });
});

describe('POST /api/admin/customers/:id/erase', () => {
  it('lets staff erase a customer on request, recording only the id and the reason', async () => {
    const owner = await signInStaff(ctx.app, 'owner');
    const customer = await signUp(ctx.app, { firstname: 'Rekha' });
    const staffCall = (id: string, payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/customers/${id}/erase`,
        headers: owner.headers,
        payload,
      });
    const noReason = await staffCall(customer.id, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toBe('Say why, e.g. the ticket number of the request');
    expect(
      (await staffCall('00000000-0000-4000-8000-000000000000', { reason: 'DPR-2026-000001' })).statusCode,
    ).toBe(404);

    const open = await shop.buy(customer, [{ id: product.id, colorId: product.colorId, quantity: 1 }], {
      shippingInfo: testAddress,
    });
    const refused = await staffCall(customer.id, { reason: 'DPR-2026-000001' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('finish, cancel or refund it first');
    await markDelivered(open);

    const done = await staffCall(customer.id, { reason: 'DPR-2026-000001 (erasure request)' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await userRow(customer.id)).erasedAt).toBeInstanceOf(Date);
    const audit = await queryRows<{ action: string; summary: string }>(
      ctx.database.db,
      sql`select action, summary from audit_events where entity_id = ${customer.id} and action = 'customer.erase'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.summary).toContain('DPR-2026-000001');
    expect(audit[0]!.summary).not.toContain(customer.email);
    expect(audit[0]!.summary).not.toContain('Rekha');
    const mail = (await mailsTo(customer.email)).find((text) => text.includes('has been deleted'));
    expect(mail).toContain('As you asked us, we have erased your personal data');

    const again = await staffCall(customer.id, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already been erased');
    // The console shows who was erased, without contact details to show.
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/customers/${customer.id}`,
      headers: owner.headers,
    });
    expect(page.json().customer).toMatchObject({ firstname: 'Former customer', lastname: '' });
    expect(page.json().customer.erasedAt).toBeTruthy();
    const block = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/block-user/${customer.id}`,
      headers: owner.headers,
    });
    expect(block.statusCode).toBe(409);
  });
});

describe('marketing e-mails: a separate consent, withdrawn in one click', () => {
  const consentsOf = (userId: string) =>
    ctx.database.db.select().from(consentRecords).where(eq(consentRecords.userId, userId));

  it('records the privacy notice at sign-up, and marketing only when ticked', async () => {
    const plain = await signUp(ctx.app);
    const plainConsents = await consentsOf(plain.id);
    expect(plainConsents.map((c) => [c.purpose, c.given, c.noticeVersion, c.source])).toEqual([
      ['privacy-notice', true, PRIVACY_NOTICE_VERSION, 'sign-up'],
    ]);
    expect((await shop.api(plain, 'GET', '/api/user/me/marketing')).json()).toEqual({
      subscribed: false,
      since: null,
      noticeVersion: null,
    });

    const keen = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        firstname: 'Keen',
        lastname: 'Shopper',
        email: `keen-${process.pid}@example.in`,
        mobile: '9000011111',
        password: 'a good long password',
        marketingEmails: true,
      },
    });
    expect(keen.statusCode).toBe(201);
    const keenConsents = await consentsOf(keen.json()._id);
    expect(keenConsents.map((c) => c.purpose).sort()).toEqual(['marketing-emails', 'privacy-notice']);
    expect(keenConsents.find((c) => c.purpose === 'marketing-emails')?.withdrawToken).toMatch(/^[\w-]{40,}$/);
  });

  it('is given and withdrawn on the profile, and by the link without signing in', async () => {
    const customer = await signUp(ctx.app);
    const on = await shop.api(customer, 'PUT', '/api/user/me/marketing', { subscribed: true });
    expect(on.json()).toMatchObject({ subscribed: true, noticeVersion: PRIVACY_NOTICE_VERSION });
    // Saying yes twice records one change.
    await shop.api(customer, 'PUT', '/api/user/me/marketing', { subscribed: true });
    const yes = (await consentsOf(customer.id)).filter((c) => c.purpose === 'marketing-emails');
    expect(yes).toHaveLength(1);

    const link = yes[0]!.withdrawToken!;
    // A mail program's one-click (RFC 8058) posts a form to the link.
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: `/api/marketing/unsubscribe?token=${link}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json().message).toContain('You will not receive offers by e-mail');
    expect((await shop.api(customer, 'GET', '/api/user/me/marketing')).json().subscribed).toBe(false);
    // The same link again answers the same and records nothing more.
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/marketing/unsubscribe?token=${link}` })).statusCode,
    ).toBe(200);
    const history = (await consentsOf(customer.id)).filter((c) => c.purpose === 'marketing-emails');
    expect(history.map((c) => [c.given, c.source])).toEqual(
      expect.arrayContaining([
        [true, 'profile'],
        [false, 'e-mail link'],
      ]),
    );
    expect(history).toHaveLength(2);

    const unknown = await ctx.app.inject({
      method: 'POST',
      url: `/api/marketing/unsubscribe?token=${'x'.repeat(43)}`,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('untick “Offers by e-mail”');
    const malformed = await ctx.app.inject({ method: 'POST', url: '/api/marketing/unsubscribe?token=short' });
    expect(malformed.statusCode).toBe(400);

    // The export lists every choice.
    const exported = (await shop.api(customer, 'GET', '/api/user/me/export')).json();
    expect(exported.consents.map((c: { purpose: string }) => c.purpose)).toEqual(
      expect.arrayContaining(['privacy-notice', 'marketing-emails']),
    );
  });
});

describe('erasing inactive accounts', () => {
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
  /** Makes an account look unused since `days` ago. */
  const idleSince = async (userId: string, days: number) => {
    await ctx.database.db
      .update(users)
      .set({ createdAt: daysAgo(days) })
      .where(eq(users.id, userId));
    await ctx.database.db
      .update(sessions)
      .set({ lastSeenAt: daysAgo(days), createdAt: daysAgo(days) })
      .where(eq(sessions.userId, userId));
  };

  it('is off by default', async () => {
    const customer = await signUp(ctx.app);
    await idleSince(customer.id, 5000);
    expect(await ctx.app.services.accountErasure.runRetention()).toMatchObject({ warned: 0, erased: 0 });
    expect((await userRow(customer.id)).erasedAt).toBeNull();
  });

  it('warns 48 hours before, erases if still unused, and spares an account used since', async () => {
    const own = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://shop.example.in',
      INACTIVE_ACCOUNT_ERASE_DAYS: '365',
    });
    try {
      const idle = await signUp(own.app, { firstname: 'Idle' });
      const returning = await signUp(own.app, { firstname: 'Back' });
      const recent = await signUp(own.app, { firstname: 'Recent' });
      for (const who of [idle, returning]) {
        await own.database.db
          .update(users)
          .set({ createdAt: daysAgo(400) })
          .where(eq(users.id, who.id));
        await own.database.db
          .update(sessions)
          .set({ lastSeenAt: daysAgo(400) })
          .where(eq(sessions.userId, who.id));
      }
      await own.database.db
        .update(sessions)
        .set({ lastSeenAt: daysAgo(100) })
        .where(eq(sessions.userId, recent.id));

      const first = await own.app.services.accountErasure.runRetention();
      expect(first).toMatchObject({ warned: 2, erased: 0 });
      await own.app.services.emailOutbox.drain();
      const warning = mailsButConfirmations()
        .filter((m) => m.to.includes(idle.email))
        .map((m) => mailText(m.raw));
      expect(warning.join('\n')).toContain('will be deleted in 48 hours');
      // Within the 48 hours nothing more happens.
      expect(await own.app.services.accountErasure.runRetention()).toMatchObject({ warned: 0, erased: 0 });

      // 49 hours later: one came back (signed in after the warning), the other did not.
      await own.database.db
        .update(users)
        .set({ inactivityWarnedAt: new Date(Date.now() - 49 * 3_600_000) })
        .where(sql`${users.id} in (${idle.id}, ${returning.id})`);
      const signedIn = await own.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: returning.email, password: returning.password },
      });
      expect(signedIn.statusCode).toBe(200);
      expect(await own.app.services.accountErasure.runRetention()).toMatchObject({ warned: 0, erased: 1 });
      const [idleRow] = await own.database.db.select().from(users).where(eq(users.id, idle.id));
      const [backRow] = await own.database.db.select().from(users).where(eq(users.id, returning.id));
      const [recentRow] = await own.database.db.select().from(users).where(eq(users.id, recent.id));
      expect(idleRow!.erasedAt).toBeInstanceOf(Date);
      expect(backRow!.erasedAt).toBeNull();
      expect(backRow!.inactivityWarnedAt).toBeNull();
      expect(recentRow!.erasedAt).toBeNull();
      await own.app.services.emailOutbox.drain();
      const erased = mailsButConfirmations()
        .filter((m) => m.to.includes(idle.email))
        .map((m) => mailText(m.raw));
      expect(erased.join('\n')).toContain('had not been used for over 12 months');
    } finally {
      await own.close();
    }
  });

  it("ends the retention of an erased customer's invoiced orders 8 years after their financial year", async () => {
    const customer = await signUp(ctx.app);
    const old = await insertOrder(ctx.database.db, {
      userId: customer.id,
      status: 'Delivered',
      lines: [{ productId: product.id, colorId: product.colorId, quantity: 1, pricePaise: 99_900 }],
    });
    const newer = await insertOrder(ctx.database.db, {
      userId: customer.id,
      status: 'Delivered',
      lines: [{ productId: product.id, colorId: product.colorId, quantity: 1, pricePaise: 99_900 }],
    });
    const invoice = (id: string, number: string, date: string) =>
      ctx.database.db
        .update(orders)
        .set({ invoiceNumber: number, invoiceDate: new Date(date) })
        .where(eq(orders.id, id));
    // FY 2017-18 ends 31 March 2018: kept until 1 April 2026, so its time is over.
    await invoice(old.id, `OLD-${process.pid}`, '2018-03-31T12:00:00+05:30');
    // FY 2018-19 (from 1 April 2018, India time) is kept until 1 April 2027.
    await invoice(newer.id, `NEW-${process.pid}`, '2018-04-01T00:30:00+05:30');
    expect((await erase(customer, { currentPassword: customer.password })).statusCode).toBe(200);

    await ctx.app.services.accountErasure.runRetention(new Date('2026-11-26T12:00:00+05:30'));
    const [oldRow] = await ctx.database.db.select().from(orders).where(eq(orders.id, old.id));
    const [newerRow] = await ctx.database.db.select().from(orders).where(eq(orders.id, newer.id));
    expect(oldRow!.shippingInfo).toMatchObject({ firstName: 'Former', address: '' });
    expect(newerRow!.shippingInfo.address).toBe(testAddress.address);
  });
});
