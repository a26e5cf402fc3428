import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, enquiries } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { oneMonthAfter } from './grievances.service.js';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let support: SignedInStaff;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example.in' });
  support = await signInStaff(ctx.app, 'support');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let ip = 0;
/** Each filing from its own address, so the per-address limit only bites where a test means it to. */
const nextAddress = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;

const complaint = {
  kind: 'grievance',
  topic: 'delivery',
  orderNumber: 'BB-20261101-AB12',
  description: 'My television arrived with a cracked screen.',
  name: 'Meera Iyer',
  email: 'Meera.Iyer@Example.in',
  mobile: '+91 98450 12345',
};
const dataRequest = {
  kind: 'rights-request',
  topic: 'erasure',
  description: 'Please erase my account and everything you hold about me.',
  name: 'Arjun Das',
  email: 'arjun.das@example.in',
  mobile: '9845012346',
};

function file(payload: object, headers: Record<string, string> = {}, remoteAddress = nextAddress()) {
  return ctx.app.inject({ method: 'POST', url: '/api/grievances', payload, headers, remoteAddress });
}

const staffCall = (url: string, method: 'GET' | 'PUT' | 'POST' = 'GET', payload?: object) =>
  ctx.app.inject({ method, url, headers: support.headers, ...(payload ? { payload } : {}) });

describe("a complaint's month", () => {
  it("is the same India date next month, or that month's last day", () => {
    // 31 January, 10:00 India time → 28 February (2026 is not a leap year), 10:00.
    expect(oneMonthAfter(new Date('2026-01-31T04:30:00Z')).toISOString()).toBe('2026-02-28T04:30:00.000Z');
    expect(oneMonthAfter(new Date('2028-01-31T04:30:00Z')).toISOString()).toBe('2028-02-29T04:30:00.000Z');
    // 15 March → 15 April; 31 December → 31 January of the next year.
    expect(oneMonthAfter(new Date('2026-03-15T12:00:00Z')).toISOString()).toBe('2026-04-15T12:00:00.000Z');
    expect(oneMonthAfter(new Date('2026-12-31T10:00:00Z')).toISOString()).toBe('2027-01-31T10:00:00.000Z');
    // 1 November 01:00 India time is still 31 October in UTC: the India date counts (1 December).
    expect(oneMonthAfter(new Date('2026-10-31T19:30:00Z')).toISOString()).toBe('2026-11-30T19:30:00.000Z');
  });
});

describe('POST /api/grievances', () => {
  it('files a complaint signed out: a GRV ticket, 48 hours to acknowledge, a month to resolve, an e-mail at once', async () => {
    const before = Date.now();
    const answer = await file(complaint);
    expect(answer.statusCode).toBe(201);
    const ticket = answer.json();
    expect(ticket).toMatchObject({
      kind: 'grievance',
      topic: 'delivery',
      orderNumber: 'BB-20261101-AB12',
      status: 'Submitted',
      resolvedAt: null,
    });
    expect(ticket.ticketNumber).toMatch(/^GRV-20\d\d-\d{6}$/);
    const created = Date.parse(ticket.createdAt);
    expect(created).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(ticket.acknowledgeBy) - created).toBe(48 * HOUR);
    expect(ticket.respondBy).toBe(oneMonthAfter(new Date(ticket.createdAt)).toISOString());
    expect(Date.parse(ticket.respondBy) - created).toBeGreaterThanOrEqual(28 * DAY);
    expect(Date.parse(ticket.respondBy) - created).toBeLessThanOrEqual(31 * DAY);
    // Handing the acknowledgement to the mail queue is the acknowledgement.
    expect(ticket.acknowledgedAt).not.toBeNull();

    const [row] = await ctx.database.db.select().from(enquiries).where(eq(enquiries.id, ticket._id));
    expect(row).toMatchObject({ userId: null, email: 'meera.iyer@example.in', mobile: '9845012345' });
    expect(row!.comment).toBe(complaint.description);

    await ctx.app.services.emailOutbox.drain();
    const mail = smtp.messages.filter((m) => m.to.includes('meera.iyer@example.in'));
    expect(mail).toHaveLength(1);
    const text = mailText(mail[0]!.raw);
    expect(text).toContain(ticket.ticketNumber);
    expect(text).toMatch(/Subject: We have received your complaint: ticket GRV-/);
    expect(text).toContain('https://shop.example.in/grievances');
    // The resolve-by date in India time, as the customer reads it.
    const due = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' }).format(
      new Date(ticket.respondBy),
    );
    expect(text).toContain(due);
  });

  it('files a data request signed in: a DPR ticket linked to the account, 30 days as the privacy notice promises', async () => {
    const customer = await signUp(ctx.app);
    const answer = await file(dataRequest, customer.headers);
    expect(answer.statusCode).toBe(201);
    const ticket = answer.json();
    expect(ticket.ticketNumber).toMatch(/^DPR-20\d\d-\d{6}$/);
    expect(ticket.orderNumber).toBeNull();
    expect(Date.parse(ticket.respondBy) - Date.parse(ticket.createdAt)).toBe(30 * DAY);
    const [row] = await ctx.database.db.select().from(enquiries).where(eq(enquiries.id, ticket._id));
    expect(row!.userId).toBe(customer.id);
    expect(row!.kind).toBe('rights-request');
  });

  it('files signed out when the token is stale, rather than losing the complaint', async () => {
    const answer = await file(complaint, { authorization: 'Bearer not-a-live-token' });
    expect(answer.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(enquiries).where(eq(enquiries.id, answer.json()._id));
    expect(row!.userId).toBeNull();
  });

  it('answers 400 with a message at each field', async () => {
    const answer = await file({ kind: 'grievance', topic: 'spam', email: 'x', mobile: '12' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toMatchObject({
      topic: 'Choose what it is about',
      description: 'Tell us what happened or what you would like us to do',
      name: 'Name is required',
      email: 'Invalid email address',
      mobile: 'Enter a valid 10-digit Indian mobile number',
    });
    // A topic of the other kind: erasure is a data request's, not a complaint's.
    const wrongTopic = await file({ ...complaint, topic: 'erasure' });
    expect(wrongTopic.statusCode).toBe(400);
    expect(wrongTopic.json().errors).toEqual({ topic: 'Choose what it is about' });
    const noKind = await file({ ...complaint, kind: 'enquiry' });
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json().errors.kind).toBe('Choose whether this is a complaint or a data request');
    const longOrder = await file({ ...complaint, orderNumber: 'x'.repeat(41) });
    expect(longOrder.json().errors.orderNumber).toBe('An order number is at most 40 characters');
  });

  it('refuses markup in any text of a complaint, saying what to change, and files nothing', async () => {
    const plainText = 'Please write plain text, without HTML tags such as <b> or <a href>.';
    const before = (await ctx.database.db.select().from(enquiries)).length;
    for (const change of [
      { description: 'Cracked screen <img src=x onerror=alert(1)>' },
      { name: '<svg onload=alert(1)>' },
      { orderNumber: '<a href=//evil.example>BB</a>' },
    ]) {
      const answer = await file({ ...complaint, ...change });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        message: plainText,
        errors: { [Object.keys(change)[0]!]: plainText },
      });
    }
    expect(await ctx.database.db.select().from(enquiries)).toHaveLength(before);
  });

  it('gives 20 concurrent filings 20 different ticket numbers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        file({ ...(i % 2 ? complaint : dataRequest), email: `burst${i}@example.in` }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const numbers = answers.map((a) => a.json().ticketNumber as string);
    expect(new Set(numbers).size).toBe(20);
    // One sequence across both kinds: the serials are distinct too.
    expect(new Set(numbers.map((n) => n.slice(-6))).size).toBe(20);
  });

  it('limits a flood from one address, like the contact form', async () => {
    const address = '10.78.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await file(complaint, {}, address)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('GET /api/user/grievances', () => {
  it('shows a customer their own tickets only, newest first, and needs a token', async () => {
    const asha = await signUp(ctx.app);
    const ravi = await signUp(ctx.app);
    const first = (await file(complaint, asha.headers)).json();
    const second = (await file(dataRequest, asha.headers)).json();
    await file({ ...complaint, description: "Ravi's complaint" }, ravi.headers);
    // Same e-mail address but signed out: not linked to the account, so not listed.
    await file({ ...complaint, email: 'someone@example.in' });

    const mine = await ctx.app.inject({ method: 'GET', url: '/api/user/grievances', headers: asha.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((t: { ticketNumber: string }) => t.ticketNumber)).toEqual([
      second.ticketNumber,
      first.ticketNumber,
    ]);
    expect(JSON.stringify(mine.json())).not.toContain("Ravi's complaint");

    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/grievances' })).statusCode).toBe(401);
  });
});

describe('the support inbox', () => {
  async function oldTicket(spec: Partial<typeof enquiries.$inferInsert> & { ageMs: number }) {
    const created = new Date(Date.now() - spec.ageMs);
    const [row] = await ctx.database.db
      .insert(enquiries)
      .values({
        name: 'Old Ticket',
        email: 'old@example.in',
        mobile: '9845000000',
        comment: 'An old complaint',
        kind: 'grievance',
        topic: 'order',
        ticketNumber: `GRV-2026-9${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`,
        createdAt: created,
        acknowledgeBy: new Date(created.getTime() + 48 * HOUR),
        respondBy: new Date(created.getTime() + 30 * DAY),
        acknowledgedAt: created,
        ...spec,
      })
      .returning();
    return row!;
  }

  it('filters by kind and overdue, most urgent first, with the reason it is overdue', async () => {
    const late = await oldTicket({ ageMs: 31 * DAY, name: 'Late Resolve' });
    const unacknowledged = await oldTicket({ ageMs: 3 * DAY, acknowledgedAt: null, name: 'Never Acked' });
    const onTime = await oldTicket({ ageMs: 2 * DAY, name: 'On Time' });
    const resolvedLate = await oldTicket({ ageMs: 40 * DAY, status: 'Resolved', name: 'Done Late' });
    const lateRights = await oldTicket({
      ageMs: 35 * DAY,
      kind: 'rights-request',
      topic: 'access',
      name: 'Late Rights',
    });

    const overdue = await staffCall('/api/admin/enquiries?overdue=true&limit=100');
    expect(overdue.statusCode).toBe(200);
    const rows = overdue.json().enquiries as { _id: string; ticket: { overdue: string } }[];
    const ids = rows.map((r) => r._id);
    expect(ids).toEqual(expect.arrayContaining([late.id, unacknowledged.id, lateRights.id]));
    expect(ids).not.toContain(onTime.id);
    expect(ids).not.toContain(resolvedLate.id);
    // Most urgent first: the deadline furthest past leads (the 35-day-old, then the 31-day-old).
    expect(ids.indexOf(lateRights.id)).toBeLessThan(ids.indexOf(late.id));
    expect(rows.find((r) => r._id === unacknowledged.id)!.ticket.overdue).toBe('acknowledge');
    expect(rows.find((r) => r._id === late.id)!.ticket.overdue).toBe('respond');
    expect(overdue.json().kindCounts.overdue).toBe(overdue.json().total);

    const rights = await staffCall('/api/admin/enquiries?kind=rights-request&limit=100');
    const rightsRows = rights.json().enquiries as { ticket: { kind: string } }[];
    expect(rightsRows.length).toBeGreaterThan(0);
    expect(rightsRows.every((r) => r.ticket.kind === 'rights-request')).toBe(true);

    // All: the overdue rows come before the rest.
    const all = (await staffCall('/api/admin/enquiries?limit=100')).json().enquiries as {
      _id: string;
      ticket: { overdue: string | null } | null;
    }[];
    const firstNotOverdue = all.findIndex((r) => !r.ticket?.overdue);
    expect(all.slice(firstNotOverdue).some((r) => r.ticket?.overdue)).toBe(false);

    const dashboard = await staffCall('/api/admin/dashboard');
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json().requestsOverdue).toBe(overdue.json().total);

    expect((await staffCall('/api/admin/enquiries?kind=spam')).statusCode).toBe(400);
  });

  it('is for staff only: no token is a 401, a shopper a 403, and neither sees a ticket', async () => {
    const shopper = await signUp(ctx.app);
    for (const url of ['/api/admin/enquiries?overdue=true', '/api/admin/enquiries?kind=grievance']) {
      const anonymous = await ctx.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.body).not.toContain('GRV-');
      const asShopper = await ctx.app.inject({ method: 'GET', url, headers: shopper.headers });
      expect(asShopper.statusCode).toBe(403);
      expect(asShopper.body).not.toContain('GRV-');
    }
  });

  it('keeps contact-form enquiries as they were: no ticket, never overdue, the legacy shape unchanged', async () => {
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/enquiry',
      payload: { name: 'Plain', email: 'plain@example.in', mobile: '9845011111', comment: 'Hello' },
      remoteAddress: nextAddress(),
    });
    expect(sent.statusCode).toBe(201);
    expect(Object.keys(sent.json()).sort()).toEqual(
      ['_id', 'comment', 'createdAt', 'email', 'mobile', 'name', 'status'].sort(),
    );
    const list = (await staffCall('/api/admin/enquiries?kind=enquiry&limit=100')).json();
    const row = list.enquiries.find((e: { _id: string }) => e._id === sent.json()._id);
    expect(row.ticket).toBeNull();
    const legacy = (await staffCall(`/api/enquiry/${sent.json()._id}`)).json();
    expect(Object.keys(legacy).sort()).toEqual(
      ['_id', 'comment', 'createdAt', 'email', 'mobile', 'name', 'status'].sort(),
    );
  });

  it('resolves a ticket only with a reply or a note, records resolved_at, and audits each step', async () => {
    const ticket = (await file(dataRequest)).json();
    const url = `/api/enquiry/${ticket._id}`;
    const refused = await staffCall(url, 'PUT', { status: 'Resolved' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/reply or add a note/);

    const replied = await staffCall(`/api/admin/enquiries/${ticket._id}/reply`, 'POST', {
      message: 'We have erased your account.',
    });
    expect(replied.statusCode).toBe(201);
    expect(replied.json().ticket).toMatchObject({
      ticketNumber: ticket.ticketNumber,
      kind: 'rights-request',
    });
    const resolved = await staffCall(url, 'PUT', { status: 'Resolved' });
    expect(resolved.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(enquiries).where(eq(enquiries.id, ticket._id));
    expect(row!.resolvedAt).not.toBeNull();
    const thread = (await staffCall(`/api/admin/enquiries/${ticket._id}`)).json();
    expect(thread.ticket.resolvedAt).not.toBeNull();
    expect(thread.ticket.overdue).toBeNull();

    await ctx.app.services.emailOutbox.drain();
    const reply = smtp.messages
      .filter((m) => m.to.includes('arjun.das@example.in'))
      .map((m) => mailText(m.raw))
      .find((text) => text.includes('We have erased your account.'));
    expect(reply).toContain(`Subject: Re: your ticket ${ticket.ticketNumber}`);

    const trail = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'enquiry'), eq(auditEvents.entityId, ticket._id)));
    expect(trail.map((e) => e.action).sort()).toEqual(['enquiry.reply', 'enquiry.status']);
    expect(trail.find((e) => e.action === 'enquiry.status')!.summary).toContain(ticket.ticketNumber);

    // Reopening clears the resolution date.
    await staffCall(url, 'PUT', { status: 'In Progress' });
    const [reopened] = await ctx.database.db.select().from(enquiries).where(eq(enquiries.id, ticket._id));
    expect(reopened!.resolvedAt).toBeNull();
  });

  it('a contact-form enquiry may still be resolved without a word, as before', async () => {
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/enquiry',
      payload: { name: 'Quick', email: 'quick@example.in', mobile: '9845022222', comment: 'Thanks!' },
      remoteAddress: nextAddress(),
    });
    const resolved = await staffCall(`/api/enquiry/${sent.json()._id}`, 'PUT', { status: 'Resolved' });
    expect(resolved.statusCode).toBe(200);
  });
});
