import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { type Customer, shoppingCalls, testAddress } from '../../test/shopping.js';
import { mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * What one account and one address may have open by cash on delivery (decision 034): one order
 * waiting for its code per account, units within the checkout's per-product cap, and the COD limit
 * (₹50,000 by default) on the cash still to collect, per customer and per delivery address.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const shop = shoppingCalls(() => ctx.app);
const db = () => ctx.database.db;

async function product(pricePaise: number, colors = ['#000000']) {
  const row = await createProduct(db(), { quantity: 20, pricePaise, colors });
  const ids = await Promise.all(colors.map((c) => ensureColor(db(), c)));
  return { id: row.id, colorIds: ids.map((c) => c.id) };
}

async function fill(customer: Customer, pricePaise: number, quantity = 1) {
  const item = await product(pricePaise);
  await shop.addToCart(customer, item.id, item.colorIds[0]!, quantity);
  return item;
}

/** Each customer's own door: the limit per address would otherwise count every test's orders. */
const addressOf = (customer: Customer) => ({
  ...testAddress,
  address: `House ${customer.id.slice(0, 8)}, 4th Cross`,
});

const placeCod = (customer: Customer, shippingInfo: object = addressOf(customer)) =>
  shop.api(customer, 'POST', '/api/user/order/cod', { shippingInfo });

async function stockOf(id: string) {
  const [row] = await db().select().from(products).where(eq(products.id, id));
  return row!.quantity;
}

/** The code e-mailed for an order ("Your confirmation code is 123456."). */
async function codeFor(customer: Customer, orderNumber: string) {
  for (let i = 0; i < 100; i++) {
    const mail = smtp.messages
      .map((m) => ({ to: m.to, text: mailText(m.raw) }))
      .find((m) => m.to.includes(customer.email) && m.text.includes(`confirm order ${orderNumber}`));
    const code = mail && /Your confirmation code is (\d{6})\./.exec(mail.text)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no code e-mailed for ${orderNumber}`);
}

async function placedAndConfirmed(customer: Customer, shippingInfo: object = addressOf(customer)) {
  const placed = await placeCod(customer, shippingInfo);
  expect(placed.statusCode, placed.body).toBe(200);
  const order = placed.json().order as { _id: string; orderNumber: string };
  const confirmed = await shop.api(customer, 'POST', `/api/user/orders/${order._id}/confirm-cod`, {
    code: await codeFor(customer, order.orderNumber),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return order;
}

describe('cash on delivery per account', () => {
  it('allows one order waiting for its code: a second is a 409 naming it, holding nothing', async () => {
    const customer = await signUp(ctx.app);
    await fill(customer, 100_000, 10);
    const first = await placeCod(customer);
    expect(first.statusCode, first.body).toBe(200);
    const { orderNumber, _id } = first.json().order as { orderNumber: string; _id: string };

    const second = await fill(customer, 100_000, 10);
    const refused = await placeCod(customer);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toMatch(
      new RegExp(
        `^Your cash-on-delivery order ${orderNumber} is waiting for the code we sent you\\. Please confirm it \\(or ask for a new code\\) in My orders before placing another cash-on-delivery order\\. If it is not confirmed by \\d{1,2}:\\d{2} [ap]m, it is cancelled and you can order again\\.$`,
      ),
    );
    expect(await stockOf(second.id)).toBe(20);
    expect(await db().select().from(orders).where(eq(orders.userId, customer.id))).toHaveLength(1);

    // Confirmed, the first no longer waits: the next cash-on-delivery order is taken.
    const confirmed = await shop.api(customer, 'POST', `/api/user/orders/${_id}/confirm-cod`, {
      code: await codeFor(customer, orderNumber),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await placeCod(customer)).statusCode).toBe(200);
  });

  it('keeps the units of a product within the checkout cap, colours together', async () => {
    const customer = await signUp(ctx.app);
    const item = await product(10_000, ['#000000', '#ffffff']);
    await shop.addToCart(customer, item.id, item.colorIds[0]!, 6);
    await shop.addToCart(customer, item.id, item.colorIds[1]!, 5);
    const refused = await placeCod(customer);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toMatch(/^You can buy at most 10 of .+ in one order\.$/);
    expect(await stockOf(item.id)).toBe(20);
  });
});

describe('the cash-on-delivery limit', () => {
  it('counts the cash still to collect from the customer, not each order alone', async () => {
    const customer = await signUp(ctx.app);
    await fill(customer, 3_699_000);
    const first = await placedAndConfirmed(customer);
    await fill(customer, 3_699_000);
    const refused = await placeCod(customer);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe(
      `Cash on delivery is available for up to ₹50,000.00 not yet paid. ₹36,990.00 is still to be paid on delivery for your order ${first.orderNumber}, and this order is ₹36,990.00. Please pay online, or order by cash on delivery again once those are paid.`,
    );
    // Cancelled, the first owes nothing: the second fits.
    const cancelled = await shop.api(customer, 'POST', `/api/user/orders/${first._id}/cancel`, {
      reason: 'Changed my mind',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await placeCod(customer)).statusCode).toBe(200);
  });

  it('counts the cash still to collect at one delivery address, from any account', async () => {
    const first = await signUp(ctx.app);
    const address = { ...testAddress, address: '7, MG Road, Ashok Nagar', pincode: '560001' };
    await fill(first, 3_699_000);
    await placedAndConfirmed(first, address);
    const second = await signUp(ctx.app);
    await fill(second, 3_699_000);
    // The same door, typed another way.
    const refused = await placeCod(second, { ...address, address: '7 mg road ashok nagar' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe(
      'Cash on delivery is available for up to ₹50,000.00 not yet paid per delivery address. ₹36,990.00 is still to be paid on delivery at this address, and this order is ₹36,990.00. Please pay online.',
    );
    // Anywhere else it is taken.
    expect((await placeCod(second)).statusCode).toBe(200);
  });
});
