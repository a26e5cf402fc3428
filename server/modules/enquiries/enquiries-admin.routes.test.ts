import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, enquiries, enquiryNotes } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let owner: SignedInStaff;
let support: SignedInStaff;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example.in' });
  owner = await signInStaff(ctx.app, 'owner');
  support = await signInStaff(ctx.app, 'support');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

let n = 0;
async function enquiry(spec: Partial<typeof enquiries.$inferInsert> = {}) {
  n++;
  const [row] = await ctx.database.db
    .insert(enquiries)
    .values({
      name: `Kavya ${n}`,
      email: `kavya${n}@example.in`,
      mobile: `98000${String(n).padStart(5, '0')}`,
      comment: 'Is the Titan Neo available in blue?',
      ...spec,
    })
    .returning();
  return row!;
}

const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object, staff = support) =>
  ctx.app.inject({ method, url, headers: staff.headers, ...(payload ? { payload } : {}) });

async function trail(entityId: string) {
  return ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, 'enquiry'), eq(auditEvents.entityId, entityId)));
}

describe('enquiries for the original admin client', () => {
  it('lists enquiries newest first, to staff only (a change from the original, which was public)', async () => {
    const older = await enquiry({ createdAt: new Date(Date.now() - 60_000) });
    // The original shop's default, lower case: shown as the client's "Submitted".
    const legacy = await enquiry({ status: 'submitted' as 'Submitted' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/enquiry/' })).statusCode).toBe(401);
    const shopper = await signUp(ctx.app);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/enquiry', headers: shopper.headers })).statusCode,
    ).toBe(403);

    const response = await call('GET', '/api/enquiry/');
    expect(response.statusCode).toBe(200);
    const list = response.json() as Record<string, unknown>[];
    expect(list[0]).toEqual({
      _id: legacy.id,
      name: legacy.name,
      email: legacy.email,
      mobile: legacy.mobile,
      comment: legacy.comment,
      status: 'Submitted',
      createdAt: legacy.createdAt.toISOString(),
    });
    expect(list.map((e) => e._id)).toContain(older.id);
  });

  it('reads one enquiry (400 malformed id, 404 unknown)', async () => {
    const row = await enquiry();
    const response = await call('GET', `/api/enquiry/${row.id}`);
    expect(response.json()).toMatchObject({ _id: row.id, comment: row.comment, status: 'Submitted' });
    expect((await call('GET', '/api/enquiry/abc')).statusCode).toBe(400);
    const unknown = await call('GET', '/api/enquiry/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/no enquiry/);
  });

  it('changes only the status, only to the four statuses, and records it', async () => {
    const row = await enquiry();
    const changed = await call('PUT', `/api/enquiry/${row.id}`, {
      status: 'In Progress',
      name: 'Mallory',
      comment: 'rewritten',
      email: 'x@evil.example',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      _id: row.id,
      status: 'In Progress',
      name: row.name,
      comment: row.comment,
    });
    const [stored] = await ctx.database.db.select().from(enquiries).where(eq(enquiries.id, row.id));
    expect(stored).toMatchObject({
      status: 'In Progress',
      name: row.name,
      email: row.email,
      comment: row.comment,
    });

    for (const status of ['Closed', 'submitted', '', undefined]) {
      const refused = await call('PUT', `/api/enquiry/${row.id}`, status === undefined ? {} : { status });
      expect(refused.statusCode, String(status)).toBe(400);
      expect(refused.json().message).toMatch(
        /Status must be one of Submitted, Contacted, In Progress, Resolved/,
      );
    }
    expect(
      (await call('PUT', '/api/enquiry/00000000-0000-4000-8000-000000000000', { status: 'Resolved' }))
        .statusCode,
    ).toBe(404);
    const [event] = await trail(row.id);
    expect(event).toMatchObject({
      action: 'enquiry.status',
      actor: support.email,
      before: { status: 'Submitted' },
      after: { status: 'In Progress' },
    });
  });

  it('deletes an enquiry with its notes, answers it, and records it', async () => {
    const row = await enquiry();
    await call('POST', `/api/admin/enquiries/${row.id}/notes`, { body: 'Called, no answer' });
    const deleted = await call('DELETE', `/api/enquiry/${row.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ _id: row.id, name: row.name, status: 'Submitted' });
    expect((await call('GET', `/api/enquiry/${row.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/enquiry/${row.id}`)).statusCode).toBe(404);
    expect(
      await ctx.database.db.select().from(enquiryNotes).where(eq(enquiryNotes.enquiryId, row.id)),
    ).toEqual([]);
    expect((await trail(row.id)).map((e) => e.action).sort()).toEqual(['enquiry.delete', 'enquiry.note']);
  });
});

describe('the console: enquiries inbox', () => {
  it('filters by status and search, newest first, with counts per status for the tabs', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const a = await enquiry({ comment: `Bulk order ${tag}`, createdAt: new Date(Date.now() - 3_000) });
    const b = await enquiry({
      comment: `Warranty ${tag}`,
      status: 'Resolved',
      createdAt: new Date(Date.now() - 2_000),
    });
    const c = await enquiry({ name: `Farhan ${tag}`, status: 'Contacted' });
    await call('POST', `/api/admin/enquiries/${a.id}/notes`, { body: 'Asked the supplier' });

    const all = await call('GET', `/api/admin/enquiries?q=${tag}`);
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.enquiries.map((e: { _id: string }) => e._id)).toEqual([c.id, b.id, a.id]);
    expect(body.counts).toEqual({ all: 3, Submitted: 1, Contacted: 1, 'In Progress': 0, Resolved: 1 });
    expect(body.total).toBe(3);
    expect(body.enquiries[2]).toMatchObject({ _id: a.id, noteCount: 1 });
    expect(body.enquiries[0]).toMatchObject({ noteCount: 0 });

    const resolved = (await call('GET', `/api/admin/enquiries?q=${tag}&status=Resolved`)).json();
    expect(resolved.enquiries.map((e: { _id: string }) => e._id)).toEqual([b.id]);
    expect(resolved).toMatchObject({ total: 1, counts: { all: 3 } });

    const paged = (await call('GET', `/api/admin/enquiries?q=${tag}&limit=2&page=2`)).json();
    expect(paged.enquiries.map((e: { _id: string }) => e._id)).toEqual([a.id]);
    expect(paged).toMatchObject({ page: 2, pageSize: 2, total: 3 });

    const byMobile = (
      await call('GET', `/api/admin/enquiries?q=${encodeURIComponent(`+91 ${c.mobile}`)}`)
    ).json();
    expect(byMobile.enquiries.map((e: { _id: string }) => e._id)).toEqual([c.id]);
    expect((await call('GET', '/api/admin/enquiries?status=Open')).statusCode).toBe(400);
  });

  it('keeps internal notes in the thread, oldest first, with their author', async () => {
    const customer = await signUp(ctx.app);
    const row = await enquiry({ email: customer.email });
    const first = await call('POST', `/api/admin/enquiries/${row.id}/notes`, {
      body: 'Checked stock: 3 left',
    });
    expect(first.statusCode).toBe(201);
    await call('POST', `/api/admin/enquiries/${row.id}/notes`, { body: 'Will call back' }, owner);
    const thread = (await call('GET', `/api/admin/enquiries/${row.id}`)).json();
    expect(thread.enquiry).toMatchObject({ _id: row.id, status: 'Submitted' });
    expect(thread.customerId).toBe(customer.id);
    expect(thread.notes.map((note: { body: string; kind: string }) => [note.kind, note.body])).toEqual([
      ['note', 'Checked stock: 3 left'],
      ['note', 'Will call back'],
    ]);
    expect(thread.notes[0].author).toMatchObject({ email: support.email });
    expect(thread.notes[1].author).toMatchObject({ email: owner.email });

    const empty = await call('POST', `/api/admin/enquiries/${row.id}/notes`, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveProperty('body');
    expect(
      (await call('POST', '/api/admin/enquiries/00000000-0000-4000-8000-000000000000/notes', { body: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await trail(row.id)).filter((e) => e.action === 'enquiry.note')).toHaveLength(2);
  });

  it('e-mails a reply to the customer, keeps it in the thread and marks the enquiry Contacted', async () => {
    const row = await enquiry({
      name: 'Rohan',
      email: 'rohan.reply@example.in',
      comment: 'Do you ship to Shillong?',
    });
    const message = 'Yes, we ship to Shillong in 5 to 7 days.\nDelivery is free above ₹499. <b>Thanks</b>';
    const replied = await call('POST', `/api/admin/enquiries/${row.id}/reply`, { message });
    expect(replied.statusCode).toBe(201);
    const thread = replied.json();
    expect(thread.enquiry.status).toBe('Contacted');
    expect(thread.notes).toEqual([expect.objectContaining({ kind: 'reply', body: message })]);

    await ctx.app.services.emailOutbox.drain();
    const mail = smtp.messages.filter((m) => m.to.includes('rohan.reply@example.in'));
    expect(mail).toHaveLength(1);
    const text = mailText(mail[0]!.raw);
    expect(text).toMatch(/Subject: Re: your enquiry to Bharat Bazaar/);
    expect(text).toContain('Hello Rohan,');
    expect(text).toContain('Yes, we ship to Shillong in 5 to 7 days.');
    expect(text).toContain('Do you ship to Shillong?');
    expect(text).toContain('https://shop.example.in/contact');
    // Staff's words are text, never markup.
    expect(text).toContain('&lt;b&gt;Thanks&lt;/b&gt;');
    expect(text).not.toContain('<b>Thanks</b></p>');

    const [event] = (await trail(row.id)).filter((e) => e.action === 'enquiry.reply');
    expect(event).toMatchObject({ before: { status: 'Submitted' }, after: { status: 'Contacted', message } });

    // A later reply leaves a further status alone.
    await call('PUT', `/api/enquiry/${row.id}`, { status: 'In Progress' });
    const second = await call('POST', `/api/admin/enquiries/${row.id}/reply`, {
      message: 'Your parcel left today.',
    });
    expect(second.json().enquiry.status).toBe('In Progress');
    expect(second.json().notes).toHaveLength(2);
    await ctx.app.services.emailOutbox.drain();
    expect(smtp.messages.filter((m) => m.to.includes('rohan.reply@example.in'))).toHaveLength(2);
  });

  it('refuses an empty reply, and sends nothing for it', async () => {
    const row = await enquiry({ email: 'nobody.reply@example.in' });
    const refused = await call('POST', `/api/admin/enquiries/${row.id}/reply`, { message: '' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Write the reply first/);
    await ctx.app.services.emailOutbox.drain();
    expect(smtp.messages.some((m) => m.to.includes('nobody.reply@example.in'))).toBe(false);
    const [stored] = await ctx.database.db.select().from(enquiries).where(eq(enquiries.id, row.id));
    expect(stored!.status).toBe('Submitted');
  });
});
