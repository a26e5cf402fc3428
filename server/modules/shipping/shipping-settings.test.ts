import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema.js';
import { DEMO_RATE_CARD, DEMO_WAREHOUSE } from '../../db/seed/demo-shipping.js';
import { signUp } from '../../test/customers.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/** The console's shipping settings: who may read and change them, what is refused, the audit trail. */
let ctx: TestContext;
let owner: SignedInStaff;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signInStaff(ctx.app, 'owner');
});
afterAll(async () => {
  await ctx.close();
});

const URL = '/api/admin/shipping/settings';
const cardSettings = {
  mode: 'card',
  codFee: 0,
  codFeePercent: 0,
  defaultParcel: { weightGrams: 500, lengthMm: 200, widthMm: 150, heightMm: 80 },
  rates: DEMO_RATE_CARD,
  warehouse: DEMO_WAREHOUSE,
};
const put = (headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: URL, headers, payload });

describe('GET and PUT /api/admin/shipping/settings', () => {
  it('answers the defaults before anyone saves: flat, DELIVERY_FEE and FREE_DELIVERY_FROM, no card', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: URL, headers: owner.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      mode: 'flat',
      codFee: 0,
      codFeePercent: 0,
      liveFloor: 0,
      liveCap: 0,
      defaultParcel: { weightGrams: 500, lengthMm: 200, widthMm: 150, heightMm: 80 },
      rates: [],
      warehouse: null,
      flat: { deliveryFee: 49, freeDeliveryFrom: 500 },
      updatedAt: null,
    });
  });

  it('needs a staff token (401), and a role that may (403)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await put({}, cardSettings)).statusCode).toBe(401);
    const shopper = await signUp(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: URL, headers: shopper.headers })).statusCode).toBe(
      403,
    );
    const catalogue = await signInStaff(ctx.app, 'catalogue');
    expect((await ctx.app.inject({ method: 'GET', url: URL, headers: catalogue.headers })).statusCode).toBe(
      403,
    );
    // Support sees orders, so reads the settings, but does not change them.
    const support = await signInStaff(ctx.app, 'support');
    expect((await ctx.app.inject({ method: 'GET', url: URL, headers: support.headers })).statusCode).toBe(
      200,
    );
    expect((await put(support.headers, cardSettings)).statusCode).toBe(403);
  });

  it('refuses, with a message for the field, what cannot be charged', async () => {
    const refusals: [object, string, string][] = [
      [{ rates: [] }, 'rates', 'Charging by the rate card needs a rate for every zone.'],
      [
        { rates: DEMO_RATE_CARD.slice(0, 4) },
        'rates',
        'The rate card needs every zone: add North-east, Jammu & Kashmir and Ladakh.',
      ],
      [
        { rates: [...DEMO_RATE_CARD.slice(0, 4), DEMO_RATE_CARD[0]] },
        'rates.4.zone',
        'Within city is listed twice. Give each zone one rate.',
      ],
      [
        { rates: [{ ...DEMO_RATE_CARD[0], minDays: 3, maxDays: 2 }, ...DEMO_RATE_CARD.slice(1)] },
        'rates.0.maxDays',
        'Within city: the most days cannot be fewer than the least.',
      ],
      [
        { warehouse: null },
        'warehouse',
        'Charging by the rate card needs the pickup address parcels leave from.',
      ],
      [
        { mode: 'live', liveFloor: 40, liveCap: 150, rates: [] },
        'rates',
        'Live rates need the rate card for every zone: it prices delivery when the courier provider does not answer.',
      ],
      [
        { mode: 'live', liveFloor: 40, liveCap: 150, warehouse: null },
        'warehouse',
        'Live rates need the pickup address parcels leave from: couriers quote from it.',
      ],
      [
        { mode: 'live', liveFloor: 40 },
        'liveCap',
        'Live rates need a cap above ₹0: the most a delivery may be charged.',
      ],
      [{ mode: 'live', liveFloor: 90, liveCap: 60 }, 'liveCap', 'The cap cannot be less than the floor.'],
      [{ liveFloor: 90, liveCap: 60 }, 'liveCap', 'The cap cannot be less than the floor.'],
      [{ liveCap: -5 }, 'liveCap', 'The cap cannot be negative'],
      [{ codFee: -1 }, 'codFee', 'The COD fee cannot be negative'],
      [{ codFeePercent: 1.255 }, 'codFeePercent', 'The COD fee percent has at most two decimals.'],
    ];
    for (const [change, field, message] of refusals) {
      const answer = await put(owner.headers, { ...cardSettings, ...change });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ message, errors: { [field]: message } });
    }
    const badPincode = await put(owner.headers, {
      ...cardSettings,
      warehouse: { ...DEMO_WAREHOUSE, pincode: '56010' },
    });
    expect(badPincode.statusCode).toBe(400);
    expect(badPincode.json().errors['warehouse.pincode']).toBe('Enter a valid 6-digit PIN code');
    const badRate = await put(owner.headers, {
      ...cardSettings,
      rates: [{ ...DEMO_RATE_CARD[0], firstSlab: -1 }, ...DEMO_RATE_CARD.slice(1)],
    });
    expect(badRate.statusCode).toBe(400);
    expect(badRate.json().errors['rates.0.firstSlab']).toBe('The first 0.5 kg cannot be negative');
  });

  it('saves the rate card and the pickup address, and records who changed what', async () => {
    const answer = await put(owner.headers, cardSettings);
    expect(answer.statusCode, answer.body).toBe(200);
    const saved = answer.json();
    expect(saved).toMatchObject({ mode: 'card', warehouse: { ...DEMO_WAREHOUSE, id: expect.any(String) } });
    expect(
      saved.rates.map((rate: { zone: string; label: string; firstSlab: number }) => [
        rate.zone,
        rate.firstSlab,
      ]),
    ).toEqual([
      ['city', 40],
      ['state', 50],
      ['metro', 60],
      ['rest', 70],
      ['special', 90],
    ]);
    const again = await ctx.app.inject({ method: 'GET', url: URL, headers: owner.headers });
    expect(again.json()).toEqual(saved);

    const [audit] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'shipping.settings'))
      .orderBy(desc(auditEvents.createdAt));
    expect(audit).toMatchObject({
      entityType: 'shipping',
      summary: 'Delivery now charged by the rate card (was flat)',
    });
    expect(audit!.before).toMatchObject({ mode: 'flat', rates: [] });
    expect(audit!.after).toMatchObject({ mode: 'card', warehouse: { pincode: '560103' } });

    // Back to flat: the card may stay for later; the same warehouse row is changed, not a second made.
    const flat = await put(owner.headers, {
      ...cardSettings,
      mode: 'flat',
      warehouse: { ...DEMO_WAREHOUSE, name: 'Main' },
    });
    expect(flat.statusCode, flat.body).toBe(200);
    expect(flat.json().warehouse).toMatchObject({ id: saved.warehouse.id, name: 'Main' });
  });
});

describe('live courier rates and the cash-on-delivery fee in the settings', () => {
  it('saves live mode with its floor and cap and a COD fee, audited; support may read but not save it', async () => {
    const live = {
      ...cardSettings,
      mode: 'live',
      liveFloor: 40,
      liveCap: 150,
      codFee: 49,
      codFeePercent: 1.5,
    };
    const answer = await put(owner.headers, live);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      mode: 'live',
      liveFloor: 40,
      liveCap: 150,
      codFee: 49,
      codFeePercent: 1.5,
    });
    const [audit] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'shipping.settings'))
      .orderBy(desc(auditEvents.createdAt));
    expect(audit!.summary).toMatch(/^Delivery now charged by live courier rates \(was /);
    expect(audit!.after).toMatchObject({ mode: 'live', liveFloor: 40, liveCap: 150, codFee: 49 });

    const support = await signInStaff(ctx.app, 'support');
    const read = await ctx.app.inject({ method: 'GET', url: URL, headers: support.headers });
    expect(read.json()).toMatchObject({ mode: 'live', liveFloor: 40, liveCap: 150 });
    expect((await put(support.headers, { ...live, liveCap: 500 })).statusCode).toBe(403);

    // Without the live fields (an older console), flat mode saves with no floor or cap.
    const { liveFloor: _floor, liveCap: _cap, ...older } = live;
    const flat = await put(owner.headers, { ...older, mode: 'flat', codFee: 0, codFeePercent: 0 });
    expect(flat.statusCode, flat.body).toBe(200);
    expect(flat.json()).toMatchObject({ mode: 'flat', liveFloor: 0, liveCap: 0, codFee: 0 });
  });
});
