import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expiryDay, indiaToday, isCouponExpired } from '../../../shared/api/coupons.schemas.js';
import { auditEvents, coupons } from '../../db/schema.js';
import { ensureBrand, ensureCategory } from '../../test/factories.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let manager: SignedInStaff;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await signInStaff(ctx.app, 'catalogue');
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.database.db.delete(coupons);
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: manager.headers, ...(payload ? { payload } : {}) });

const auditFor = (entityId: string) =>
  ctx.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.entityId, entityId))
    .orderBy(auditEvents.createdAt);

describe('/api/coupon', () => {
  it('creates with the name upper case and the expiry at 00:00 UTC of its day; lists and reads as [coupon]', async () => {
    const created = await inject('POST', '/api/coupon/', {
      name: ' diwali25 ',
      expiry: '2026-11-8',
      discount: '25',
    });
    expect(created.statusCode, created.body).toBe(200);
    const coupon = created.json();
    // The contract's shape, then the usability fields added after it: a percentage coupon without limits.
    expect(coupon).toEqual({
      _id: expect.any(String),
      name: 'DIWALI25',
      expiry: '2026-11-08T00:00:00.000Z',
      discount: 25,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      kind: 'percent',
      flatAmount: null,
      minOrder: null,
      maxDiscount: null,
      startsAt: null,
      usageLimit: null,
      perCustomerLimit: null,
      categoryIds: [],
      brandIds: [],
      used: 0,
      held: 0,
    });
    for (const url of ['/api/coupon', '/api/coupon/']) {
      const list = await inject('GET', url);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([coupon]);
    }
    const read = await inject('GET', `/api/coupon/${coupon._id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual([coupon]);
    const [event] = await auditFor(coupon._id);
    expect(event).toMatchObject({
      action: 'coupon.create',
      entityType: 'coupon',
      staffId: manager.id,
      after: coupon,
    });
    expect(event!.summary).toBe('Added the coupon DIWALI25 (25% off, expires 2026-11-08)');
  });

  it('accepts padded, unpadded and full ISO expiries, and lets coupons share one', async () => {
    const cases: [string, string][] = [
      ['2026-12-31', '2026-12-31T00:00:00.000Z'],
      ['2027-1-5', '2027-01-05T00:00:00.000Z'],
      ['2027-02-01T00:00:00.000Z', '2027-02-01T00:00:00.000Z'],
      ['2027-03-01T00:00:00+05:30', '2027-03-01T00:00:00.000Z'],
      ['2027-03-01T23:59:59.999Z', '2027-03-01T00:00:00.000Z'],
    ];
    for (const [i, [expiry, stored]] of cases.entries()) {
      const answer = await inject('POST', '/api/coupon', { name: `SAME${i}`, expiry, discount: 10 });
      expect(answer.statusCode, `${expiry}: ${answer.body}`).toBe(200);
      expect(answer.json().expiry).toBe(stored);
    }
    const twin = await inject('POST', '/api/coupon', { name: 'TWIN', expiry: '2026-12-31', discount: 5 });
    expect(twin.statusCode).toBe(200);
  });

  it('answers 400 for bad names, expiries and discounts, with the field', async () => {
    const good = { name: 'OK10', expiry: '2026-12-31', discount: 10 };
    const bad: object[] = [
      {},
      { ...good, name: '' },
      { ...good, name: 'TWO WORDS' },
      { ...good, name: 'X'.repeat(31) },
      { ...good, expiry: '' },
      { ...good, expiry: '31/12/2026' },
      { ...good, expiry: '2026-02-30' },
      { ...good, expiry: '2026-13-01' },
      { ...good, expiry: 'Thu Dec 31 2026' },
      { ...good, expiry: 20261231 },
      { ...good, discount: 0 },
      { ...good, discount: 101 },
      { ...good, discount: 12.5 },
      { ...good, discount: '' },
      { ...good, discount: 'ten' },
      { ...good, discount: null },
    ];
    for (const payload of bad) {
      const answer = await inject('POST', '/api/coupon', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().message).toBeTruthy();
    }
    const field = (await inject('POST', '/api/coupon', { ...good, discount: 0 })).json();
    expect(field.errors).toHaveProperty('discount');
    expect(await ctx.database.db.select().from(coupons)).toEqual([]);
  });

  it('answers 409 for a name taken in any case, on create and on edit', async () => {
    await inject('POST', '/api/coupon', { name: 'FESTIVE', expiry: '2026-12-31', discount: 10 });
    const dup = await inject('POST', '/api/coupon', { name: 'festive', expiry: '2027-01-31', discount: 20 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A coupon called FESTIVE already exists.');
    const other = (
      await inject('POST', '/api/coupon', { name: 'OTHER', expiry: '2026-12-31', discount: 10 })
    ).json();
    const clash = await inject('PUT', `/api/coupon/${other._id}`, {
      name: 'Festive',
      expiry: '2026-12-31',
      discount: 10,
    });
    expect(clash.statusCode).toBe(409);
  });

  it('edits only name, expiry and discount; audits before and after', async () => {
    const coupon = (
      await inject('POST', '/api/coupon', { name: 'EDITME', expiry: '2026-12-31', discount: 10 })
    ).json();
    const edited = await inject('PUT', `/api/coupon/${coupon._id}`, {
      name: 'edited',
      expiry: '2027-1-2',
      discount: 15,
      _id: UNKNOWN,
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      _id: coupon._id,
      name: 'EDITED',
      expiry: '2027-01-02T00:00:00.000Z',
      discount: 15,
      createdAt: coupon.createdAt,
    });
    // Its own name is not a clash.
    expect(
      (await inject('PUT', `/api/coupon/${coupon._id}`, { name: 'Edited', expiry: '2027-1-2', discount: 15 }))
        .statusCode,
    ).toBe(200);
    const [, event] = await auditFor(coupon._id);
    expect(event).toMatchObject({
      action: 'coupon.update',
      before: { name: 'EDITME', discount: 10 },
      after: { name: 'EDITED', discount: 15 },
    });
  });

  it('deletes, answering the coupon; unknown ids 404, malformed 400', async () => {
    const coupon = (
      await inject('POST', '/api/coupon', { name: 'GONE', expiry: '2026-12-31', discount: 10 })
    ).json();
    const deleted = await inject('DELETE', `/api/coupon/${coupon._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual(coupon);
    expect((await auditFor(coupon._id)).at(-1)).toMatchObject({ action: 'coupon.delete', before: coupon });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const body = { name: 'X', expiry: '2026-12-31', discount: 10 };
      const unknown = await inject(method, `/api/coupon/${coupon._id}`, method === 'PUT' ? body : undefined);
      expect(unknown.statusCode, method).toBe(404);
      expect(unknown.json().message).toMatch(/does not exist/);
      expect((await inject(method, '/api/coupon/123', method === 'PUT' ? body : undefined)).statusCode).toBe(
        400,
      );
    }
  });

  it('needs the catalogue permission, even to read', async () => {
    const support = await signInStaff(ctx.app, 'support');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/coupon', headers: support.headers })).statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/coupon' })).statusCode).toBe(401);
  });
});

describe('/api/coupon with what makes a coupon usable', () => {
  it('creates a percentage coupon with a cap, minimum, window, limits and a category restriction', async () => {
    const watches = await ensureCategory(ctx.database.db, 'Watches');
    const casio = await ensureBrand(ctx.database.db, 'Casio');
    const created = await inject('POST', '/api/coupon', {
      name: 'watch10',
      expiry: '2099-12-31',
      discount: '10',
      maxDiscount: '500',
      minOrder: 1999.5,
      startsAt: '2026-10-20',
      usageLimit: '100',
      perCustomerLimit: 1,
      categoryIds: [watches.id],
      brandIds: [casio.id, casio.id],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      name: 'WATCH10',
      kind: 'percent',
      discount: 10,
      flatAmount: null,
      maxDiscount: 500,
      minOrder: 1999.5,
      startsAt: '2026-10-20T00:00:00.000Z',
      usageLimit: 100,
      perCustomerLimit: 1,
      categoryIds: [watches.id],
      brandIds: [casio.id],
      used: 0,
      held: 0,
    });
    const [row] = await ctx.database.db.select().from(coupons);
    expect(row).toMatchObject({ maxDiscountPaise: 50_000, minOrderPaise: 199_950, flatPaise: null });
    const [event] = await auditFor(created.json()._id);
    expect(event!.summary).toBe(
      'Added the coupon WATCH10 (10% off up to ₹500.00, min order ₹1,999.50, from 2026-10-20, 100 uses, 1 per customer, 1 category, 1 brand, expires 2099-12-31)',
    );
  });

  it('creates a flat coupon without a percentage; its answer says flat', async () => {
    const created = await inject('POST', '/api/coupon', {
      name: 'FLAT200',
      expiry: '2099-12-31',
      kind: 'flat',
      flatAmount: 200,
      minOrder: 999,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ kind: 'flat', flatAmount: 200, discount: 100, maxDiscount: null });
  });

  it('an edit from the original client ({name, expiry, discount}) keeps the limits; null clears one', async () => {
    const coupon = (
      await inject('POST', '/api/coupon', {
        name: 'KEEP',
        expiry: '2099-12-31',
        discount: 10,
        usageLimit: 5,
        perCustomerLimit: 2,
        minOrder: 100,
      })
    ).json();
    const edited = await inject('PUT', `/api/coupon/${coupon._id}`, {
      name: 'KEEP',
      expiry: '2099-1-1',
      discount: 15,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ discount: 15, usageLimit: 5, perCustomerLimit: 2, minOrder: 100 });
    const cleared = await inject('PUT', `/api/coupon/${coupon._id}`, {
      name: 'KEEP',
      expiry: '2099-1-1',
      discount: 15,
      usageLimit: null,
      minOrder: '',
    });
    expect(cleared.json()).toMatchObject({ usageLimit: null, minOrder: null, perCustomerLimit: 2 });
    // Switching to flat needs an amount; the cap goes.
    const flat = await inject('PUT', `/api/coupon/${coupon._id}`, {
      name: 'KEEP',
      expiry: '2099-1-1',
      kind: 'flat',
      flatAmount: '250',
    });
    expect(flat.json()).toMatchObject({ kind: 'flat', flatAmount: 250, maxDiscount: null });
  });

  it('answers 400 with the field for what cannot make sense', async () => {
    const good = { name: 'OK10', expiry: '2099-12-31', discount: 10 };
    const cases: [object, string, RegExp][] = [
      [{ ...good, kind: 'half' }, 'kind', /percent or flat/],
      [{ name: 'F', expiry: '2099-12-31', kind: 'flat' }, 'flatAmount', /Amount off is required/],
      [{ name: 'F', expiry: '2099-12-31', kind: 'flat', flatAmount: 0 }, 'flatAmount', /more than ₹0/],
      [
        { name: 'F', expiry: '2099-12-31', kind: 'flat', flatAmount: 100, maxDiscount: 50 },
        'maxDiscount',
        /leave the maximum/,
      ],
      [{ name: 'P', expiry: '2099-12-31', kind: 'percent' }, 'discount', /whole percentage/],
      [{ ...good, maxDiscount: 'lots' }, 'maxDiscount', /number of rupees/],
      [{ ...good, minOrder: -5 }, 'minOrder', /number of rupees/],
      [{ ...good, minOrder: 10.555 }, 'minOrder', /two decimals/],
      [{ ...good, usageLimit: 0 }, 'usageLimit', /from 1/],
      [{ ...good, usageLimit: 2.5 }, 'usageLimit', /whole number/],
      [{ ...good, perCustomerLimit: 'once' }, 'perCustomerLimit', /whole number/],
      [{ ...good, startsAt: '2100-01-01' }, 'startsAt', /on or before the last day/],
      [{ ...good, startsAt: 'tomorrow' }, 'startsAt', /First day must be a date/],
      [{ ...good, categoryIds: ['not-an-id'] }, 'categoryIds', /list of ids/],
      [{ ...good, brandIds: 'Casio' }, 'brandIds', /list of ids/],
      [{ ...good, categoryIds: [UNKNOWN] }, 'categoryIds', /no longer exists/],
    ];
    for (const [payload, field, message] of cases) {
      const answer = await inject('POST', '/api/coupon', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().errors?.[field], `${JSON.stringify(payload)}: ${answer.body}`).toMatch(message);
    }
    expect(await ctx.database.db.select().from(coupons)).toEqual([]);
  });
});

describe('GET /api/admin/coupons', () => {
  it('searches, filters active or expired by India date, sorts and pages', async () => {
    const today = indiaToday().toISOString().slice(0, 10);
    const yesterday = new Date(indiaToday().getTime() - 86_400_000).toISOString().slice(0, 10);
    await inject('POST', '/api/coupon', { name: 'SUMMER10', expiry: yesterday, discount: 10 });
    await inject('POST', '/api/coupon', { name: 'SUMMER50', expiry: today, discount: 50 });
    await inject('POST', '/api/coupon', { name: 'WINTER20', expiry: '2099-01-01', discount: 20 });
    const names = async (query: string) =>
      ((await inject('GET', `/api/admin/coupons${query}`)).json().items as { name: string }[]).map(
        (c) => c.name,
      );
    expect(await names('')).toEqual(['SUMMER10', 'SUMMER50', 'WINTER20']);
    expect(await names('?sort=discount:desc')).toEqual(['SUMMER50', 'WINTER20', 'SUMMER10']);
    expect(await names('?q=summer')).toEqual(['SUMMER10', 'SUMMER50']);
    // A coupon still applies on its expiry day.
    expect(await names('?status=active')).toEqual(['SUMMER50', 'WINTER20']);
    expect(await names('?status=expired')).toEqual(['SUMMER10']);
    const table = (await inject('GET', '/api/admin/coupons?page=1')).json();
    expect(table).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    expect((await inject('GET', '/api/admin/coupons?page=2')).json().items).toEqual([]);
    expect((await inject('GET', '/api/admin/coupons?status=soon')).statusCode).toBe(400);
  });
});

describe('expiry days', () => {
  it('reads the day as written and knows when a coupon has expired in India', () => {
    expect(expiryDay('2026-1-9')).toBe('2026-01-09');
    expect(expiryDay('2026-01-09T23:30:00-05:00')).toBe('2026-01-09');
    expect(expiryDay('2026-01-09T25:00:00Z')).toBeNull();
    expect(expiryDay('1999-01-01')).toBeNull();
    // 20:00 UTC on 8 Jan is 01:30 on 9 Jan in India: a coupon expiring on the 8th has expired.
    const lateEvening = Date.parse('2026-01-08T20:00:00Z');
    expect(isCouponExpired('2026-01-08T00:00:00.000Z', lateEvening)).toBe(true);
    expect(isCouponExpired('2026-01-09T00:00:00.000Z', lateEvening)).toBe(false);
    expect(isCouponExpired('2026-01-08T00:00:00.000Z', Date.parse('2026-01-08T18:00:00Z'))).toBe(false);
  });
});
