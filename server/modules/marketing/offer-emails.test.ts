import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * Offer e-mails go only to customers whose current choice is yes (not to those who
 * withdrew, never chose, were erased or are blocked), and each carries its own one-click way out.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let owner: SignedInStaff;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example.in' });
  owner = await signInStaff(ctx.app, 'owner');
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const choose = (who: Awaited<ReturnType<typeof signUp>>, subscribed: boolean) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/user/me/marketing',
    headers: who.headers,
    payload: { subscribed },
  });
const send = (payload: object, headers = owner.headers) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/offer-emails', headers, payload });
const offer = {
  subject: 'Diwali sale: 20% off headphones',
  message: 'Our biggest sale of the year.\n\nUse code DIWALI20 at checkout, until Sunday.',
  linkPath: '/product?tags=sale',
  linkLabel: 'See the sale',
};

describe('offer e-mails', () => {
  it('go only to customers who want them, each with its own way to stop them', async () => {
    const keen = await signUp(ctx.app, { firstname: 'Keen' });
    const changed = await signUp(ctx.app, { firstname: 'Changed' });
    // One who never chose gets nothing either.
    await signUp(ctx.app, { firstname: 'Silent' });
    const erased = await signUp(ctx.app, { firstname: 'Erased' });
    const blocked = await signUp(ctx.app, { firstname: 'Blocked' });
    for (const who of [keen, changed, erased, blocked])
      expect((await choose(who, true)).statusCode).toBe(200);
    expect((await choose(changed, false)).statusCode).toBe(200);
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/user/me',
      headers: erased.headers,
      payload: { currentPassword: erased.password },
    });
    expect(gone.statusCode).toBe(200);
    await ctx.database.db.update(users).set({ isBlocked: true }).where(eq(users.id, blocked.id));

    const audience = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/offer-emails/audience',
      headers: owner.headers,
    });
    expect(audience.json()).toEqual({ subscribers: 1 });

    const sent = await send(offer);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ queued: 1, message: 'The offer is on its way to 1 customer.' });
    await ctx.app.services.emailOutbox.drain();
    const offers = smtp.messages.filter((m) => mailText(m.raw).includes('Diwali sale'));
    expect(offers.map((m) => m.to)).toEqual([[keen.email]]);
    const raw = mailText(offers[0]!.raw);
    expect(raw).toContain('Use code DIWALI20 at checkout, until Sunday.');
    expect(raw).toContain('https://shop.example.in/product?tags=sale');
    // Headers as sent (folded lines joined), not through the body's quoted-printable decoding.
    const headers = offers[0]!.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const oneClick = headers.match(
      /^List-Unsubscribe: <https:\/\/shop\.example\.in(\/api\/marketing\/unsubscribe\?token=[\w%-]+)>$/m,
    )?.[1];
    expect(oneClick, headers).toBeDefined();
    expect(raw).toContain('https://shop.example.in/unsubscribe?token=');

    // The mail program's one-click unsubscribe withdraws the consent; the next offer skips them.
    const stop = await ctx.app.inject({
      method: 'POST',
      url: oneClick!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stop.statusCode).toBe(200);
    const again = await send({
      subject: 'Another offer',
      message: 'Weekend deals on watches, this week only.',
    });
    expect(again.json()).toEqual({
      queued: 0,
      message: 'Nobody has asked for offers by e-mail yet, so nothing was sent.',
    });

    const audit = await queryRows<{ summary: string; after: { recipients: number } }>(
      ctx.database.db,
      sql`select summary, after from audit_events where action = 'offer-email.send' order by created_at`,
    );
    expect(audit.map((a) => [a.summary, a.after.recipients])).toEqual([
      ['E-mailed the offer "Diwali sale: 20% off headphones" to the customers who want offers', 1],
      ['E-mailed the offer "Another offer" to the customers who want offers', 0],
    ]);
  });

  it('sends an offer once when Send is pressed twice at once', async () => {
    const keen = await signUp(ctx.app, { firstname: 'Twice' });
    expect((await choose(keen, true)).statusCode).toBe(200);
    const twice = { subject: `Flash sale ${Date.now()}`, message: 'Two hours only: 40% off speakers.' };
    const answers = await Promise.all([send(twice), send(twice)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toContain(
      'To send it again, wait 10 minutes',
    );
    await ctx.app.services.emailOutbox.drain();
    const received = smtp.messages.filter(
      (m) => m.to.includes(keen.email) && mailText(m.raw).includes('40% off'),
    );
    expect(received).toHaveLength(1);
  });

  it('checks what staff write, and is for staff who manage customers', async () => {
    const bad = await send({ subject: 'x', message: 'short', linkPath: 'https://elsewhere.example.com/' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      subject: 'Subject is required',
      message: 'Write the offer, at least a sentence',
      linkPath: 'The link must be a page of the shop, starting with /, e.g. /product?tags=sale',
    });
    const support = await signInStaff(ctx.app, 'support');
    expect((await send(offer, support.headers)).statusCode).toBe(403);
  });
});
