import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '../../db/schema.js';
import { DEMO_RATE_CARD, DEMO_WAREHOUSE } from '../../db/seed/demo-shipping.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { loadDemoPincodes } from '../../test/pincodes.js';
import { type Customer, shoppingCalls, testAddress } from '../../test/shopping.js';
import { signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { deliveryBy } from '../pincodes/index.js';

/**
 * The delivery estimate (GET /api/shipping/estimate) and the checkout's quote and total, flat by
 * default and by the rate card once the shop chooses it: a heavy, bulky parcel to the north-east
 * costs the special zone's rate by its volumetric weight, and ships free over the threshold.
 */
let ctx: TestContext;
let cheap: Awaited<ReturnType<typeof createProduct>>;
let bulky: Awaited<ReturnType<typeof createProduct>>;
const shop = shoppingCalls(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  await loadDemoPincodes(ctx.database.db);
  cheap = await createProduct(ctx.database.db, { pricePaise: 29_900, quantity: 50, colors: ['#222222'] });
  bulky = await createProduct(ctx.database.db, { pricePaise: 39_900, quantity: 50, colors: ['#222222'] });
  // A 60 × 50 × 40 cm box weighing 3 kg: 24 kg by volume.
  await ctx.database.db
    .update(productVariants)
    .set({ weightGrams: 3000, lengthMm: 600, widthMm: 500, heightMm: 400 })
    .where(eq(productVariants.id, bulky.variantId));
});
afterAll(async () => {
  await ctx.close();
});

const estimate = (query: Record<string, string | number>) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/shipping/estimate?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
  });

/** The promise for `days`, as the server works it out around the request (the clock may tick past 14:00). */
async function expectDeliveryBy(answer: Promise<{ json(): { deliveryBy: string } }>, days: number) {
  const before = deliveryBy(Date.now(), days);
  const { deliveryBy: promised } = (await answer).json();
  expect([before, deliveryBy(Date.now(), days)]).toContain(promised);
}

async function chooseRateCard() {
  const owner = await signInStaff(ctx.app, 'owner');
  const answer = await ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/shipping/settings',
    headers: owner.headers,
    payload: {
      mode: 'card',
      codFee: 0,
      codFeePercent: 0,
      defaultParcel: { weightGrams: 500, lengthMm: 200, widthMm: 150, heightMm: 80 },
      rates: DEMO_RATE_CARD,
      warehouse: DEMO_WAREHOUSE,
    },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

describe('GET /api/shipping/estimate', () => {
  it('refuses a malformed pincode, an unknown product or option, a bad quantity (400 with the field)', async () => {
    const cases: [Record<string, string | number>, string, string][] = [
      [{ pincode: '56003', productId: cheap.id }, 'pincode', 'Enter a valid 6-digit PIN code'],
      [{ pincode: '560038', productId: 'nope' }, 'productId', 'We could not find that product.'],
      [
        { pincode: '560038', productId: cheap.id, variantId: bulky.variantId },
        'variantId',
        'We could not find that product or option. Please choose again.',
      ],
      [
        { pincode: '560038', productId: cheap.id, quantity: 0 },
        'quantity',
        'quantity must be a whole number from 1 to 10',
      ],
      [
        { pincode: '560038', productId: cheap.id, quantity: 11 },
        'quantity',
        'quantity must be a whole number from 1 to 10',
      ],
      [
        { pincode: '560038', productId: cheap.id, quantity: 'two' },
        'quantity',
        'quantity must be a whole number from 1 to 10',
      ],
    ];
    for (const [query, field, message] of cases) {
      const answer = await estimate(query);
      expect(answer.statusCode, JSON.stringify(query)).toBe(400);
      expect(answer.json()).toMatchObject({ message, errors: { [field]: message } });
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/shipping/estimate' })).statusCode).toBe(400);
  });

  it('says where the shop does not deliver, with a message', async () => {
    const answer = await estimate({ pincode: '744301', productId: cheap.id });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      pincode: '744301',
      serviceable: false,
      charge: null,
      deliveryBy: null,
      cod: false,
      codFee: 0,
      place: { city: 'Car Nicobar', state: 'Andaman and Nicobar Islands' },
      zone: null,
      message: 'We do not deliver to 744301 yet.',
    });
  });

  it('charges the flat fee below the threshold, nothing from it, and dates by the pincode’s days', async () => {
    const answer = estimate({ pincode: '560038', productId: cheap.id });
    expect((await answer).headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect((await answer).json()).toEqual({
      pincode: '560038',
      serviceable: true,
      charge: 49,
      deliveryBy: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      cod: true,
      codFee: 0,
      place: { city: 'Bengaluru', state: 'Karnataka' },
      zone: 'state', // no pickup address yet: from the seller's state
      message: null,
    });
    await expectDeliveryBy(answer, 1); // 560038 is a day from the warehouse in the demo list
    const two = await estimate({
      pincode: '560038',
      productId: cheap.id,
      quantity: 2,
      variantId: cheap.variantId,
    });
    expect(two.json().charge).toBe(0); // ₹598 of items
  });

  it('leaves the quote’s flat fee as it was, and dates it for the pincode given', async () => {
    const shopper = await signUp(ctx.app);
    const color = await ensureColor(ctx.database.db, '#222222');
    await shop.addToCart(shopper, cheap.id, color.id, 1);
    const answer = shop.api(shopper, 'POST', '/api/user/order/quote', { pincode: '560038' });
    expect((await answer).json()).toMatchObject({ delivery: 49, total: 348 });
    await expectDeliveryBy(answer, 1);
    const started = await shop.startCheckout(shopper, { shippingInfo: testAddress, expectedTotal: 348 });
    expect(started.statusCode, started.body).toBe(200);
  });
});

describe('delivery by the rate card', () => {
  beforeAll(chooseRateCard);

  it('prices a heavy, bulky parcel to the north-east at the special rate by its volumetric weight', async () => {
    const answer = estimate({ pincode: '737101', productId: bulky.id });
    // 24 kg: the first 0.5 kg at ₹90, 47 more at ₹80.
    expect((await answer).json()).toMatchObject({ serviceable: true, zone: 'special', charge: 90 + 47 * 80 });
    await expectDeliveryBy(answer, 6); // Gangtok's own days in the list
    // Within Bengaluru, the light one: the city's first slab.
    expect((await estimate({ pincode: '560038', productId: cheap.id })).json()).toMatchObject({
      zone: 'city',
      charge: 40,
    });
    // Metro to metro, and free from the threshold whatever the zone.
    expect((await estimate({ pincode: '400001', productId: cheap.id })).json()).toMatchObject({
      zone: 'metro',
      charge: 60,
    });
    expect((await estimate({ pincode: '737101', productId: bulky.id, quantity: 2 })).json().charge).toBe(0);
  });

  describe('at checkout', () => {
    let shopper: Customer;
    const sikkim = { ...testAddress, city: 'Gangtok', state: 'Sikkim', pincode: '737101' };
    const quote = (payload: object) => shop.api(shopper, 'POST', '/api/user/order/quote', payload);

    beforeAll(async () => {
      shopper = await signUp(ctx.app);
      const color = await ensureColor(ctx.database.db, '#222222');
      await shop.addToCart(shopper, bulky.id, color.id, 1);
    });

    it('quotes the rate card’s charge to the pincode, with the date', async () => {
      const answer = quote({ pincode: '737101' });
      expect((await answer).json()).toMatchObject({
        delivery: 3850,
        total: 399 + 3850,
        addForFreeDelivery: 101,
      });
      await expectDeliveryBy(answer, 6);
      // Without a pincode: the rest of India's rate, and no date.
      const anywhere = (await quote({})).json();
      expect(anywhere).toMatchObject({ delivery: 70 + 47 * 60 });
      expect(anywhere).not.toHaveProperty('deliveryBy');
      const nowhere = await quote({ pincode: '744301' });
      expect(nowhere.statusCode).toBe(400);
      expect(nowhere.json().errors).toEqual({ pincode: 'We do not deliver to 744301 yet.' });
    });

    it('charges exactly the quote for that address, and nothing for delivery over the threshold', async () => {
      const started = await shop.startCheckout(shopper, { shippingInfo: sikkim, expectedTotal: 399 + 3850 });
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json().order.amount).toBe((399 + 3850) * 100);
      expect(started.json().breakup).toMatchObject({ delivery: 3850 });

      const color = await ensureColor(ctx.database.db, '#222222');
      await shop.addToCart(shopper, cheap.id, color.id, 1); // ₹698 of items now
      const free = await quote({ pincode: '737101' });
      expect(free.json()).toMatchObject({ delivery: 0, total: 698, addForFreeDelivery: 0 });
      const paid = await shop.startCheckout(shopper, { shippingInfo: sikkim, amount: 1 });
      expect(paid.json().order.amount).toBe(69_800);
    });
  });
});
