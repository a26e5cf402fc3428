import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, couponRedemptions, coupons, stockHolds } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import {
  createProduct,
  ensureBrand,
  ensureCategory,
  ensureColor,
  setVariantFigures,
} from '../../test/factories.js';
import { type Customer, shoppingCalls } from '../../test/shopping.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * Coupons at checkout: the quote and the checkout price the cart with one coupon on
 * the server, refuse one that cannot be used with the reason, and hold its use like the stock,
 * so limits hold under concurrent checkouts. Delivery: ₹49 below ₹500 (the defaults).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ CHECKOUT_HOLD_MINUTES: '15' });
});
afterAll(async () => {
  await ctx.close();
});
const shop = shoppingCalls(() => ctx.app);
const db = () => ctx.database.db;

async function product(spec: {
  pricePaise: number;
  mrpPaise?: number;
  category?: string;
  brand?: string;
  quantity?: number;
}) {
  const row = await createProduct(db(), {
    pricePaise: spec.pricePaise,
    quantity: spec.quantity ?? 100,
    category: spec.category ?? 'Watches',
    brand: spec.brand ?? 'Casio',
    colors: ['#000000'],
  });
  if (spec.mrpPaise !== undefined) await setVariantFigures(db(), row.id, { mrpPaise: spec.mrpPaise });
  return row;
}

async function shopper(lines: { id: string; quantity?: number }[]): Promise<Customer> {
  const customer = await signUp(ctx.app);
  const color = await ensureColor(db(), '#000000');
  for (const line of lines) await shop.addToCart(customer, line.id, color.id, line.quantity ?? 1);
  return customer;
}

let couponCount = 0;
async function coupon(values: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await db()
    .insert(coupons)
    .values({
      name: `SAVE${couponCount++}`,
      discountPercent: 10,
      expiresAt: new Date('2099-12-31T00:00:00.000Z'),
      ...values,
    })
    .returning();
  return row!;
}

const quote = (customer: Customer, code?: string) =>
  shop.api(customer, 'POST', '/api/user/order/quote', code === undefined ? {} : { coupon: code });
const checkout = (customer: Customer, code?: string) =>
  shop.startCheckout(customer, { amount: 1, ...(code === undefined ? {} : { coupon: code }) });
const redemptionsOf = (couponId: string) =>
  db().select().from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId));

describe('POST /api/user/order/quote', () => {
  it('answers the breakup: MRP, product discount, ₹49 delivery below ₹500 and how much more ships free', async () => {
    const earphones = await product({
      pricePaise: 39_900,
      mrpPaise: 59_900,
      category: 'Audio',
      brand: 'boAt',
    });
    const customer = await shopper([{ id: earphones.id }]);
    const answer = await quote(customer);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      itemsMrp: 599,
      productDiscount: 200,
      coupon: null,
      delivery: 49,
      codFee: 0,
      total: 448,
      // No GST rate set anywhere: 18%. 2 × round(39900 × 900 / 11800) + 2 × round(4900 × 900 / 11800).
      taxIncluded: 68.34,
      items: 1,
      freeDeliveryFrom: 500,
      addForFreeDelivery: 101,
      // Within the shop's cash-on-delivery limit (₹50,000 unless COD_MAX_ORDER says otherwise), and
      // no handling fee unless the shop sets one: in cash the same total.
      cashOnDelivery: {
        available: true,
        reason: null,
        limit: 50_000,
        fee: 0,
        total: 448,
        taxIncluded: 68.34,
      },
    });
  });

  it('applies a percentage coupon with its cap, and a flat one; delivery counts the items after it', async () => {
    const watch = await product({ pricePaise: 199_900, mrpPaise: 249_900 });
    const customer = await shopper([{ id: watch.id, quantity: 2 }]);
    const capped = await coupon({ discountPercent: 20, maxDiscountPaise: 50_000 });
    const answer = (await quote(customer, ` ${capped.name.toLowerCase()} `)).json();
    expect(answer).toMatchObject({
      itemsMrp: 4998,
      productDiscount: 1000,
      coupon: { code: capped.name, discount: 500 },
      delivery: 0,
      total: 3498,
    });
    const flat = await coupon({ kind: 'flat', flatPaise: 20_000, discountPercent: 100 });
    expect((await quote(customer, flat.name)).json()).toMatchObject({
      coupon: { code: flat.name, discount: 200 },
      total: 3798,
    });
    const small = await product({ pricePaise: 54_900, category: 'Audio' });
    const buyer = await shopper([{ id: small.id }]);
    // ₹549 less ₹100 is ₹449 of items: below ₹500, so ₹49 delivery.
    const hundred = await coupon({ kind: 'flat', flatPaise: 10_000, discountPercent: 100 });
    expect((await quote(buyer, hundred.name)).json()).toMatchObject({
      coupon: { discount: 100 },
      delivery: 49,
      total: 498,
      addForFreeDelivery: 51,
    });
  });

  it('refuses with the reason on the coupon field: unknown, not yet valid, expired, minimum, other items', async () => {
    const watch = await product({ pricePaise: 99_900 });
    const customer = await shopper([{ id: watch.id }]);
    const mobiles = await ensureCategory(db(), 'Mobiles');
    const samsung = await ensureBrand(db(), 'Samsung');
    const future = await coupon({ startsAt: new Date('2099-01-01T00:00:00.000Z') });
    const past = await coupon({ expiresAt: new Date('2020-01-01T00:00:00.000Z') });
    const minimum = await coupon({ minOrderPaise: 150_000 });
    const other = await coupon({ categoryIds: [mobiles.id], brandIds: [samsung.id] });
    const cases: [string, string][] = [
      ['NOPE', 'There is no coupon called NOPE. Please check the code.'],
      [future.name, `${future.name} can be used from 1 Jan 2099.`],
      [past.name, `${past.name} expired on 1 Jan 2020.`],
      [minimum.name, `${minimum.name} needs an order of at least ₹1,500.00: add ₹501.00 more to use it.`],
      [other.name, `${other.name} is for Mobiles by Samsung only: nothing in your cart is.`],
    ];
    for (const [code, message] of cases) {
      const answer = await quote(customer, code);
      expect(answer.statusCode, code).toBe(400);
      expect(answer.json()).toMatchObject({ message, errors: { coupon: message } });
      // The checkout refuses it the same way, before any provider order or hold.
      const start = await checkout(customer, code);
      expect(start.statusCode).toBe(400);
      expect(start.json().message).toBe(message);
    }
    expect(await db().select().from(checkouts).where(eq(checkouts.userId, customer.id))).toEqual([]);
    // A blank coupon is no coupon.
    expect((await quote(customer, '  ')).json().coupon).toBeNull();
    // An empty cart costs nothing; a coupon needs something to apply to.
    const empty = await signUp(ctx.app);
    expect((await quote(empty)).json()).toMatchObject({ total: 0, items: 0, delivery: 0 });
    expect((await quote(empty, minimum.name)).json().message).toBe(
      'Your cart is empty. Add something before checking out.',
    );
  });

  it('discounts only the lines of the coupon’s category, the shares adding up to the discount', async () => {
    const watches = await ensureCategory(db(), 'Watches');
    const watch = await product({ pricePaise: 99_900 });
    const speaker = await product({ pricePaise: 49_900, category: 'Audio', brand: 'boAt' });
    const customer = await shopper([{ id: watch.id }, { id: speaker.id }]);
    const forWatches = await coupon({ discountPercent: 15, categoryIds: [watches.id] });
    expect((await quote(customer, forWatches.name)).json()).toMatchObject({
      coupon: { discount: 149.85 },
      total: 1498 - 149.85,
    });
    const start = await checkout(customer, forWatches.name);
    expect(start.statusCode, start.body).toBe(200);
    const [row] = await db()
      .select()
      .from(checkouts)
      .where(eq(checkouts.providerOrderId, start.json().order.id));
    expect(row!.lines.map((l) => [l.productId, l.discountPaise])).toEqual([
      [watch.id, 14_985],
      [speaker.id, 0],
    ]);
  });
});

describe('POST /api/user/order/checkout with a coupon', () => {
  it('charges the breakup’s total, records it on the checkout and holds one use as long as the stock', async () => {
    const watch = await product({ pricePaise: 45_000, mrpPaise: 50_000 });
    const customer = await shopper([{ id: watch.id }]);
    const tenPercent = await coupon({ discountPercent: 10 });
    const start = await checkout(customer, tenPercent.name);
    expect(start.statusCode, start.body).toBe(200);
    const body = start.json();
    // ₹450 − ₹45 = ₹405 of items: below ₹500, ₹49 delivery.
    expect(body.breakup).toMatchObject({
      itemsMrp: 500,
      productDiscount: 50,
      coupon: { code: tenPercent.name, discount: 45 },
      delivery: 49,
      total: 454,
    });
    expect(body.order.amount).toBe(45_400);
    const [row] = await db().select().from(checkouts).where(eq(checkouts.providerOrderId, body.order.id));
    expect(row).toMatchObject({
      amountPaise: 45_400,
      couponCode: tenPercent.name,
      couponDiscountPaise: 4_500,
      deliveryPaise: 4_900,
    });
    expect(row!.lines[0]).toMatchObject({ pricePaise: 45_000, mrpPaise: 50_000, discountPaise: 4_500 });
    const [use] = await redemptionsOf(tenPercent.id);
    const [hold] = await db().select().from(stockHolds).where(eq(stockHolds.checkoutId, row!.id));
    expect(use).toMatchObject({
      checkoutId: row!.id,
      userId: customer.id,
      orderId: null,
      discountPaise: 4_500,
    });
    expect(use!.expiresAt.getTime()).toBe(hold!.expiresAt.getTime());
  });

  it('refuses to charge other than the total the shopper was shown (409 saying the new total)', async () => {
    const watch = await product({ pricePaise: 45_000 });
    const customer = await shopper([{ id: watch.id }]);
    const shown = (await quote(customer)).json().total;
    expect(shown).toBe(499);
    // Delivery was ₹49; the price goes up meanwhile, and with it the total.
    await setVariantFigures(db(), watch.id, { pricePaise: 46_000 });
    const changed = await shop.startCheckout(customer, { expectedTotal: shown });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(
      'The total is now ₹509.00, not ₹499.00: a price or your cart changed. Please check the new total and pay again.',
    );
    expect(await db().select().from(checkouts).where(eq(checkouts.userId, customer.id))).toEqual([]);
    const agreed = await shop.startCheckout(customer, { expectedTotal: 509 });
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(agreed.json().order.amount).toBe(50_900);
  });

  it('a second checkout by the same shopper replaces the first one’s use; a failed payment gives it back', async () => {
    const watch = await product({ pricePaise: 99_900 });
    const once = await coupon({ perCustomerLimit: 1, usageLimit: 1 });
    const customer = await shopper([{ id: watch.id }]);
    expect((await checkout(customer, once.name)).statusCode).toBe(200);
    const again = await checkout(customer, once.name);
    expect(again.statusCode, again.body).toBe(200);
    expect(await redemptionsOf(once.id)).toHaveLength(1);
    // Its one use is held: another shopper is refused while this one pays.
    const other = await shopper([{ id: watch.id }]);
    const refused = await checkout(other, once.name);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`${once.name} has been used up. Try another coupon.`);
    // The card is declined: the payment.failed webhook releases the use with the stock.
    const declined = await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/test-gateway/orders/${again.json().order.id}/fail`,
      payload: { method: 'card' },
    });
    await shop.deliverGatewayWebhook('payment.failed', declined.json().error.metadata.payment_id);
    expect(await redemptionsOf(once.id)).toEqual([]);
    expect((await checkout(other, once.name)).statusCode).toBe(200);
  });

  it('counts a shopper’s placed uses against the per-customer limit', async () => {
    const watch = await product({ pricePaise: 99_900 });
    const twice = await coupon({ perCustomerLimit: 2 });
    const customer = await shopper([{ id: watch.id }]);
    const color = await ensureColor(db(), '#000000');
    for (let i = 0; i < 2; i++) {
      const start = await checkout(customer, twice.name);
      expect(start.statusCode, start.body).toBe(200);
      const fields = await shop.payWithGateway(start.json().order.id);
      expect((await shop.verify(customer, fields)).statusCode).toBe(200);
      expect((await shop.createOrder(customer, fields)).statusCode).toBe(200);
      await shop.addToCart(customer, watch.id, color.id, 1);
    }
    const third = await quote(customer, twice.name);
    expect(third.statusCode).toBe(400);
    expect(third.json().message).toBe(
      `You have already used ${twice.name}: it can be used 2 times per customer.`,
    );
    // Another customer still can.
    expect((await quote(await shopper([{ id: watch.id }]), twice.name)).statusCode).toBe(200);
  }, 60_000);

  it('uses a coupon with 5 uses left exactly 5 times when 20 shoppers check out at once', async () => {
    const watch = await product({ pricePaise: 99_900, quantity: 100 });
    const limited = await coupon({ usageLimit: 7, discountPercent: 5 });
    // Two uses already held by shoppers paying now: 5 left.
    for (let i = 0; i < 2; i++) {
      expect((await checkout(await shopper([{ id: watch.id }]), limited.name)).statusCode).toBe(200);
    }
    // Each buys a product of their own, so that nothing but the coupon makes them wait on each other.
    const shoppers = await Promise.all(
      Array.from({ length: 20 }, async () => shopper([{ id: (await product({ pricePaise: 99_900 })).id }])),
    );
    const starts = await Promise.all(shoppers.map((s) => checkout(s, limited.name)));
    const statuses = starts.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 400)).toHaveLength(15);
    for (const refused of starts.filter((r) => r.statusCode === 400))
      expect(refused.json().message).toBe(`${limited.name} has been used up. Try another coupon.`);
    expect(await redemptionsOf(limited.id)).toHaveLength(7);
  }, 120_000);
});
