import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '../../db/schema.js';
import { DEMO_RATE_CARD, DEMO_WAREHOUSE } from '../../db/seed/demo-shipping.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { loadDemoPincodes } from '../../test/pincodes.js';
import { type Customer, shoppingCalls, testAddress } from '../../test/shopping.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * Live courier rates (shipping mode `live`, decision 049) through the API, with the built-in test
 * courier as the provider: its cheapest courier's quote (SHIPPING_COURIER_RULE's default), kept
 * between the floor and the cap, for the product page's estimate, the checkout's quote and the
 * amount charged; the free-delivery threshold still holds; and when the provider is down, slow or
 * quotes nothing, the rate card answers within the timeout.
 *
 * The test courier (per 0.5 kg slab): Express ₹70 then ₹55, Surface ₹45 then ₹35, Economy ₹39 then
 * ₹42. A 0.5 kg parcel: Economy, ₹39. A 24 kg one (48 slabs): Surface, 45 + 47 × 35 = ₹1,690.
 */
let ctx: TestContext;
let owner: SignedInStaff;
let light: Awaited<ReturnType<typeof createProduct>>;
let bulky: Awaited<ReturnType<typeof createProduct>>;
const shop = shoppingCalls(() => ctx.app);
const TIMEOUT_MS = 300;

beforeAll(async () => {
  ctx = await createTestApp({ SHIPPING_LIVE_RATE_TIMEOUT_MS: String(TIMEOUT_MS) });
  owner = await signInStaff(ctx.app, 'owner');
  await loadDemoPincodes(ctx.database.db);
  light = await createProduct(ctx.database.db, { pricePaise: 29_900, quantity: 50, colors: ['#333333'] });
  bulky = await createProduct(ctx.database.db, { pricePaise: 39_900, quantity: 50, colors: ['#333333'] });
  // A 60 × 50 × 40 cm box weighing 3 kg: 24 kg by volume.
  await ctx.database.db
    .update(productVariants)
    .set({ weightGrams: 3000, lengthMm: 600, widthMm: 500, heightMm: 400 })
    .where(eq(productVariants.id, bulky.variantId));
});
afterAll(async () => {
  await ctx.close();
});

const courier = () => ctx.app.services.testCourier!;

/** Live rates between `floor` and `cap` rupees (saving also makes the shop ask the provider afresh). */
async function chooseLive(floor: number, cap: number) {
  const answer = await ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/shipping/settings',
    headers: owner.headers,
    payload: {
      mode: 'live',
      liveFloor: floor,
      liveCap: cap,
      codFee: 0,
      codFeePercent: 0,
      defaultParcel: { weightGrams: 500, lengthMm: 200, widthMm: 150, heightMm: 80 },
      rates: DEMO_RATE_CARD,
      warehouse: DEMO_WAREHOUSE,
    },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

const estimate = async (productId: string, pincode: string, quantity = 1) => {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: `/api/shipping/estimate?pincode=${pincode}&productId=${productId}&quantity=${quantity}`,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};

async function shopperWith(productId: string) {
  const customer = await signUp(ctx.app);
  const color = await ensureColor(ctx.database.db, '#333333');
  await shop.addToCart(customer, productId, color.id, 1);
  return customer;
}
const quote = (customer: Customer, pincode?: string) =>
  shop.api(customer, 'POST', '/api/user/order/quote', pincode ? { pincode } : {});
const sikkim = { ...testAddress, city: 'Gangtok', state: 'Sikkim', pincode: '737101' };

describe('delivery by live courier rates', () => {
  it('charges the provider’s quote between the floor and the cap, and nothing over the threshold', async () => {
    courier().scriptQuotes('quote');
    await chooseLive(30, 2000);
    expect(await estimate(light.id, '560038')).toMatchObject({ serviceable: true, charge: 39, zone: 'city' });
    expect(await estimate(bulky.id, '737101')).toMatchObject({ charge: 1690, zone: 'special' });
    // The free-delivery threshold (₹500 of items) holds in live mode too.
    expect(await estimate(bulky.id, '737101', 2)).toMatchObject({ charge: 0 });

    // The floor lifts the cheap parcel, the cap holds the dear one.
    await chooseLive(50, 1000);
    expect(await estimate(light.id, '560038')).toMatchObject({ charge: 50 });
    expect(await estimate(bulky.id, '737101')).toMatchObject({ charge: 1000 });
  });

  it('quotes and charges the checkout exactly that; without a pincode, the rate card', async () => {
    courier().scriptQuotes('quote');
    await chooseLive(50, 1000);
    const customer = await shopperWith(bulky.id);
    const quoted = await quote(customer, '737101');
    expect(quoted.json()).toMatchObject({ delivery: 1000, total: 399 + 1000, addForFreeDelivery: 101 });
    expect(quoted.json().deliveryBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // No destination to quote to yet: the card's rest of India, 70 + 47 × 60.
    expect((await quote(customer)).json()).toMatchObject({ delivery: 2890 });
    const started = await shop.startCheckout(customer, { shippingInfo: sikkim, expectedTotal: 1399 });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().order.amount).toBe(139_900);
    expect(started.json().breakup).toMatchObject({ delivery: 1000, total: 1399 });
  });

  it('falls back to the rate card when the provider is down, and leaves it alone for a while', async () => {
    courier().scriptQuotes('unreachable');
    await chooseLive(50, 1000);
    // The card: within Bengaluru ₹40; 24 kg to Gangtok 90 + 47 × 80 = ₹3,850 (the cap is for live quotes).
    expect(await estimate(light.id, '560038')).toMatchObject({ charge: 40 });
    const asked = courier().scriptQuotes('quote');
    // Up again, but not asked until the pause is over (or the settings are saved).
    expect(await estimate(bulky.id, '737101')).toMatchObject({ charge: 3850 });
    expect(courier().scriptQuotes('quote')).toBe(asked);
    await chooseLive(50, 1000);
    expect(await estimate(bulky.id, '737101')).toMatchObject({ charge: 1000 });
    expect(courier().scriptQuotes('quote')).toBe(asked + 1);
  });

  it('falls back to the rate card within the timeout when the provider is slow', async () => {
    courier().scriptQuotes('slow');
    await chooseLive(50, 1000);
    const customer = await shopperWith(bulky.id);
    const started = Date.now();
    const quoted = await quote(customer, '737101');
    const waited = Date.now() - started;
    expect(quoted.json()).toMatchObject({ delivery: 3850, total: 399 + 3850 });
    // The provider answers after 5 s; the quote does not wait for it.
    expect(waited).toBeLessThan(TIMEOUT_MS + 2_500);
    // The order is charged what was shown.
    const paid = await shop.startCheckout(customer, { shippingInfo: sikkim, expectedTotal: 399 + 3850 });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().order.amount).toBe(424_900);
  });

  it('falls back to the rate card when no courier is quoted; a change since the quote is a 409 with the new total', async () => {
    courier().scriptQuotes('none');
    await chooseLive(50, 1000);
    const customer = await shopperWith(light.id);
    expect((await quote(customer, '560038')).json()).toMatchObject({ delivery: 40, total: 339 });
    // The provider quotes again (a new pickup address, say): the total shown no longer holds.
    courier().scriptQuotes('quote');
    await chooseLive(50, 1000);
    const stale = await shop.startCheckout(customer, { shippingInfo: testAddress, expectedTotal: 339 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^The total is now ₹349\.00, not ₹339\.00/);
  });
});
