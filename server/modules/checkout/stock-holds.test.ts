import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, payments, products, stockHolds } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor, lapseStockHolds } from '../../test/factories.js';
import { type Customer, shoppingCalls } from '../../test/shopping.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ CHECKOUT_HOLD_MINUTES: '15' });
});
afterAll(async () => {
  await ctx.close();
});
const shop = shoppingCalls(() => ctx.app);

async function stocked(quantity: number, colors = ['#000000']) {
  const product = await createProduct(ctx.database.db, { quantity, pricePaise: 99_900, colors });
  const colorRows = await Promise.all(colors.map((c) => ensureColor(ctx.database.db, c)));
  return { product, color: colorRows[0]!, colors: colorRows };
}

async function shopperWith(productId: string, colorId: string, quantity: number): Promise<Customer> {
  const customer = await signUp(ctx.app);
  await shop.addToCart(customer, productId, colorId, quantity);
  return customer;
}

const holdsOf = (productId: string) =>
  ctx.database.db.select().from(stockHolds).where(eq(stockHolds.productId, productId));
const shownQuantity = async (productId: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/product/${productId}` })).json().quantity as number;

describe('stock held while the shopper pays', () => {
  it('lets exactly 1 of 5 shoppers start paying for the last unit; the others get 409 before paying', async () => {
    const { product, color } = await stocked(1);
    const shoppers = await Promise.all(Array.from({ length: 5 }, () => shopperWith(product.id, color.id, 1)));
    const starts = await Promise.all(shoppers.map((s) => shop.startCheckout(s)));
    const statuses = starts.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
    const refusal = starts.find((r) => r.statusCode === 409)!.json().message as string;
    expect(refusal).toContain(product.title);
    expect(refusal).toMatch(/being paid for by other shoppers/);
    // The store shows the held unit as gone; the stock itself is untouched until the order.
    expect(await shownQuantity(product.id)).toBe(0);
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.quantity).toBe(1);
    expect(await holdsOf(product.id)).toHaveLength(1);
  }, 60_000);

  it('turns the hold into the order: stock taken once, hold gone, nothing oversold', async () => {
    const { product, color } = await stocked(2);
    const buyer = await shopperWith(product.id, color.id, 2);
    const start = await shop.startCheckout(buyer);
    expect(start.statusCode, start.body).toBe(200);
    expect(Date.parse(start.json().heldUntil)).toBeGreaterThan(Date.now() + 14 * 60_000);
    const fields = await shop.payWithGateway(start.json().order.id);
    expect((await shop.verify(buyer, fields)).statusCode).toBe(200);
    expect((await shop.createOrder(buyer, fields)).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ quantity: 0, sold: 2 });
    expect(await holdsOf(product.id)).toHaveLength(0);
  });

  it('replaces a shopper’s earlier checkout instead of holding twice (the original client checks out twice per click)', async () => {
    const { product, color } = await stocked(3);
    const twice = await shopperWith(product.id, color.id, 2);
    const [first, second] = await Promise.all([shop.startCheckout(twice), shop.startCheckout(twice)]);
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    const holds = await holdsOf(product.id);
    expect(holds).toHaveLength(1);
    expect(holds[0]!.quantity).toBe(2);
    // 3 in stock, 2 held once: one more shopper can still buy the third.
    const other = await shopperWith(product.id, color.id, 1);
    expect((await shop.startCheckout(other)).statusCode).toBe(200);
    const late = await shopperWith(product.id, color.id, 1);
    expect((await shop.startCheckout(late)).statusCode).toBe(409);
  }, 60_000);

  it('gives the stock back when the hold lapses or the payment fails', async () => {
    const { product, color } = await stocked(1);
    const walker = await shopperWith(product.id, color.id, 1);
    expect((await shop.startCheckout(walker)).statusCode).toBe(200);
    const waiting = await shopperWith(product.id, color.id, 1);
    expect((await shop.startCheckout(waiting)).statusCode).toBe(409);
    await lapseStockHolds(ctx.database.db);
    expect(await shownQuantity(product.id)).toBe(1);
    const start = await shop.startCheckout(waiting);
    expect(start.statusCode).toBe(200);

    // The waiting shopper's card is declined: the provider's payment.failed webhook frees the unit.
    const declined = await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/test-gateway/orders/${start.json().order.id}/fail`,
      payload: { method: 'card' },
    });
    await shop.deliverGatewayWebhook('payment.failed', declined.json().error.metadata.payment_id);
    const live = (await holdsOf(product.id)).filter((h) => h.expiresAt.getTime() > Date.now());
    expect(live).toHaveLength(0);
    const third = await shopperWith(product.id, color.id, 1);
    expect((await shop.startCheckout(third)).statusCode).toBe(200);
  }, 60_000);

  it('still makes an order from a payment that outlived its hold when stock allows, and refunds it when not', async () => {
    const { product, color } = await stocked(1);
    const slow = await shopperWith(product.id, color.id, 1);
    const start = await shop.startCheckout(slow);
    await lapseStockHolds(ctx.database.db);
    const fields = await shop.payWithGateway(start.json().order.id);
    expect((await shop.verify(slow, fields)).statusCode).toBe(200);
    expect((await shop.createOrder(slow, fields)).statusCode).toBe(200);

    const { product: scarce, color: black } = await stocked(1);
    const late = await shopperWith(scarce.id, black.id, 1);
    const lateStart = await shop.startCheckout(late);
    await lapseStockHolds(ctx.database.db);
    // Someone else holds the unit now: the late payment may not take it.
    const holder = await shopperWith(scarce.id, black.id, 1);
    expect((await shop.startCheckout(holder)).statusCode).toBe(200);
    const lateFields = await shop.payWithGateway(lateStart.json().order.id);
    expect((await shop.verify(late, lateFields)).statusCode).toBe(200);
    const refused = await shop.createOrder(late, lateFields);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/sold out while you were paying/);
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, scarce.id));
    expect(row!.quantity).toBe(1);
  }, 60_000);

  it('limits what one shopper can hold: the cart limit per product across colours', async () => {
    const { product, colors } = await stocked(50, ['#000000', '#ffffff']);
    const hoarder = await signUp(ctx.app);
    await shop.addToCart(hoarder, product.id, colors[0]!.id, 10);
    await shop.addToCart(hoarder, product.id, colors[1]!.id, 10);
    const refused = await shop.startCheckout(hoarder);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`You can buy at most 10 of ${product.title} in one order.`);
    expect(await holdsOf(product.id)).toHaveLength(0);
  });

  it('sweeps lapsed holds during reconciliation', async () => {
    const { product, color } = await stocked(5);
    const buyer = await shopperWith(product.id, color.id, 1);
    expect((await shop.startCheckout(buyer)).statusCode).toBe(200);
    await lapseStockHolds(ctx.database.db);
    await ctx.app.services.settlement.reconcile();
    expect(await holdsOf(product.id)).toHaveLength(0);
  });
});

describe('payments the provider does not know, and checkout floods', () => {
  it('refuses a correctly signed payment id the provider never saw, recording nothing', async () => {
    const { product, color } = await stocked(5);
    const customer = await shopperWith(product.id, color.id, 1);
    const start = await shop.startCheckout(customer);
    const orderId = start.json().order.id as string;
    // The test gateway's key secret is public, so anyone can sign any payment id.
    const forgedId = 'pay_madeupbutsigned';
    const signature = createHmac('sha256', 'builtin-test-gateway-key-secret')
      .update(`${orderId}|${forgedId}`)
      .digest('hex');
    const verified = await shop.verify(customer, {
      razorpay_order_id: orderId,
      razorpay_payment_id: forgedId,
      razorpay_signature: signature,
    });
    expect(verified.statusCode).toBe(400);
    expect(verified.json().message).toMatch(/could not verify this payment/);
    expect(
      await ctx.database.db.select().from(payments).where(eq(payments.providerPaymentId, forgedId)),
    ).toEqual([]);
    const [checkout] = await ctx.database.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.providerOrderId, orderId));
    expect(checkout!.status).toBe('pending');
    expect(
      (await shop.createOrder(customer, { razorpay_order_id: orderId, razorpay_payment_id: forgedId }))
        .statusCode,
    ).toBe(400);
  });

  it('rate-limits checkout starts and order creation per customer', async () => {
    const { product, color } = await stocked(100);
    const customer = await shopperWith(product.id, color.id, 1);
    const starts = [];
    for (let i = 0; i < 21; i++) starts.push((await shop.startCheckout(customer)).statusCode);
    expect(starts.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(starts[20]).toBe(429);
    // Another customer is not affected.
    const other = await shopperWith(product.id, color.id, 1);
    expect((await shop.startCheckout(other)).statusCode).toBe(200);

    const creates = [];
    for (let i = 0; i < 31; i++)
      creates.push((await shop.api(customer, 'POST', '/api/user/cart/create-order', {})).statusCode);
    expect(creates.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(creates[30]).toBe(429);
  }, 60_000);
});
