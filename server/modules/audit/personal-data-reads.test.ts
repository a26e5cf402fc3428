import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAuditEvent } from '../../../shared/api/audit.schemas.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { insertCustomer, insertOrder } from '../../test/orders.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * Staff reading customers' personal data in bulk (DPDP accountability): every list, search, export
 * and report leaves who read it, what was asked and how many records came back, never the records.
 */
let ctx: TestContext;
let owner: SignedInStaff;
let support: SignedInStaff;
let customers: Awaited<ReturnType<typeof insertCustomer>>[];

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signInStaff(ctx.app, 'owner');
  support = await signInStaff(ctx.app, 'support');
  const db = ctx.database.db;
  customers = [
    await insertCustomer(db, { firstname: 'Kavya', lastname: 'Nair', email: 'kavya.nair@example.in' }),
    await insertCustomer(db, { firstname: 'Rohan', lastname: 'Das', email: 'rohan.das@example.in' }),
    await insertCustomer(db, { firstname: 'Neha', lastname: 'Gupta', email: 'neha.gupta@example.in' }),
  ];
  const product = await createProduct(db, { colors: ['#000000'] });
  const color = await ensureColor(db, '#000000');
  for (const customer of customers) {
    await insertOrder(db, {
      userId: customer.id,
      lines: [{ productId: product.id, colorId: color.id, pricePaise: 49_900 }],
    });
  }
  // One contact-form message, so the inbox lists hold someone's name, e-mail and mobile.
  const filed = await ctx.app.inject({
    method: 'POST',
    url: '/api/enquiry',
    payload: { name: 'Rohan Das', email: 'rohan.das@example.in', mobile: '9845033333', comment: 'Hello' },
  });
  expect(filed.statusCode).toBe(201);
}, 60_000);
afterAll(() => ctx.close());

const asStaff = (who: SignedInStaff, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: who.headers });

/** The trail as its owner reads it, newest first, filtered by `query`. */
async function trail(query: string): Promise<ApiAuditEvent[]> {
  const response = await asStaff(owner, `/api/admin/audit?limit=200&${query}`);
  expect(response.statusCode).toBe(200);
  return response.json().events;
}

/** Nothing of the customers themselves: their e-mails, mobiles and surnames never enter the trail. */
function expectNoPersonalData(events: ApiAuditEvent[], allowed: string[] = []) {
  const text = JSON.stringify(events).toLowerCase();
  for (const customer of customers) {
    for (const value of [customer.email, customer.mobile, customer.lastname.toLowerCase()]) {
      if (allowed.some((word) => value.includes(word))) continue;
      expect(text, value).not.toContain(value);
    }
  }
}

describe("staff reads of customers' personal data in bulk", () => {
  it('records the customer list and its search with who, the query and the count, not the data', async () => {
    const search = await asStaff(support, '/api/admin/customers?q=kavya&sort=name:asc');
    expect(search.statusCode).toBe(200);
    expect(search.json().total).toBe(1);
    const legacy = await asStaff(support, '/api/user/all-users');
    expect(legacy.statusCode).toBe(200);
    const everyone = legacy.json().length;
    expect(everyone).toBeGreaterThanOrEqual(3);

    const events = await trail(`staffId=${support.id}&action=customer.list`);
    expect(events).toHaveLength(2);
    const [legacyRead, searchRead] = events;
    expect(searchRead).toMatchObject({
      staffId: support.id,
      actor: support.email,
      action: 'customer.list',
      entityType: 'customer',
      entityId: null,
      summary:
        'Read the customer list (search "kavya", sort "name:asc", page 1, pageSize 25): 1 of 1 records',
      after: {
        source: 'the customer list',
        query: { search: 'kavya', sort: 'name:asc', page: 1, pageSize: 25 },
        rows: 1,
        total: 1,
      },
    });
    expect(legacyRead).toMatchObject({
      action: 'customer.list',
      after: { query: {}, rows: everyone },
    });
    expect(legacyRead!.summary).toContain('GET /api/user/all-users');
    // The search term says whom staff looked for; nothing else of anyone is copied.
    expectNoPersonalData(events, ['kavya']);
  });

  it('records the order lists (console and the original admin client) with their filters and counts', async () => {
    expect((await asStaff(support, '/api/admin/orders?status=Ordered&payment=upi')).statusCode).toBe(200);
    const legacy = await asStaff(support, '/api/user/getallorders');
    expect(legacy.statusCode).toBe(200);
    const events = await trail(`staffId=${support.id}&action=order.list`);
    expect(events.map((e) => e.after)).toEqual([
      {
        source: 'every order with its customer (the original admin client, GET /api/user/getallorders)',
        query: {},
        rows: legacy.json().orders.length,
      },
      {
        source: 'the order list',
        query: { status: 'Ordered', payment: 'upi', page: 1, pageSize: 25 },
        rows: 3,
        total: 3,
      },
    ]);
    expectNoPersonalData(events);
  });

  it('records the support inbox lists and the GST report (summary and CSV) with the month', async () => {
    expect((await asStaff(support, '/api/admin/enquiries?q=rohan&kind=enquiry')).statusCode).toBe(200);
    expect((await asStaff(support, '/api/enquiry')).statusCode).toBe(200);
    const inbox = await trail(`staffId=${support.id}&action=enquiry.list`);
    expect(inbox.map((e) => e.after)).toEqual([
      { source: 'every enquiry (the original admin client, GET /api/enquiry)', query: {}, rows: 1 },
      {
        source: 'the support inbox',
        query: { search: 'rohan', kind: 'enquiry', page: 1, pageSize: 25 },
        rows: 1,
        total: 1,
      },
    ]);
    expectNoPersonalData(inbox, ['rohan']);

    expect((await asStaff(owner, '/api/admin/reports/gst/summary?month=2026-10')).statusCode).toBe(200);
    const csv = await asStaff(owner, '/api/admin/reports/gst?month=2026-10');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const reports = await trail(`staffId=${owner.id}&action=report.gst`);
    expect(reports.map((e) => [e.entityType, e.after])).toEqual([
      ['report', { source: 'the GST summary as CSV', query: { month: '2026-10' }, rows: 0 }],
      ['report', { source: 'the GST summary', query: { month: '2026-10' }, rows: 0 }],
    ]);
  });

  it("filters the trail to reads of personal data, one customer's page included, and nothing else", async () => {
    const kavya = customers[0]!;
    expect((await asStaff(support, `/api/admin/customers/${kavya.id}`)).statusCode).toBe(200);
    const blocked = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/block-user/${customers[2]!.id}`,
      headers: owner.headers,
    });
    expect(blocked.statusCode).toBe(200);

    const reads = await trail('kind=personal-data');
    const actions = new Set(reads.map((e) => e.action));
    expect([...actions].sort()).toEqual([
      'customer.list',
      'customer.view',
      'enquiry.list',
      'order.list',
      'report.gst',
    ]);
    // The block is a write, and sign-ins are not reads: both stay out, and are in the whole trail.
    const everything = await trail('');
    expect(everything.some((e) => e.action === 'customer.block')).toBe(true);
    expect(everything.some((e) => e.action === 'staff.login')).toBe(true);
    expect(reads.length).toBeLessThan(everything.length);
    // With a staff member: their reads only.
    const supportReads = await trail(`kind=personal-data&staffId=${support.id}`);
    expect(supportReads.every((e) => e.staffId === support.id)).toBe(true);
    expect(supportReads.some((e) => e.action === 'customer.view' && e.entityId === kavya.id)).toBe(true);

    const wrongKind = await asStaff(owner, '/api/admin/audit?kind=everything');
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().message).toBe('kind is personal-data or absent');
  });

  it('is read by the owner only; the lists still need their own permission', async () => {
    expect((await asStaff(support, '/api/admin/audit?kind=personal-data')).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/audit?kind=personal-data' })).statusCode,
    ).toBe(401);
    const catalogue = await signInStaff(ctx.app, 'catalogue');
    const before = (await trail('kind=personal-data')).length;
    expect((await asStaff(catalogue, '/api/admin/customers')).statusCode).toBe(403);
    expect((await asStaff(catalogue, '/api/user/getallorders')).statusCode).toBe(403);
    // A refused read read nothing, so nothing is recorded as read.
    expect((await trail('kind=personal-data')).length).toBe(before);
  });
});
