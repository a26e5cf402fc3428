import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, orders, products } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { type Customer, shoppingCalls, testAddress } from '../../test/shopping.js';
import { mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * Cash on delivery's handling fee through the API (decision 049): quoted beside the payment choice
 * before the shopper chooses, placed only for the total shown, stored on the order as its own line,
 * taxed and invoiced as the delivery charge is; never on an order paid online; a fee changed
 * between the quote and the order is a 409 with the new total, and nothing is ordered.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let owner: SignedInStaff;
let staff: SignedInStaff;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ SMTP_URL: smtp.url, COD_MAX_ORDER: '20000' });
  owner = await signInStaff(ctx.app, 'owner');
  staff = await signInStaff(ctx.app, 'orders');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const shop = shoppingCalls(() => ctx.app);
const db = () => ctx.database.db;

/** Flat delivery (₹49 below ₹500) with the COD fee given. */
async function setCodFee(codFee: number, codFeePercent: number) {
  const answer = await ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/shipping/settings',
    headers: owner.headers,
    payload: {
      mode: 'flat',
      codFee,
      codFeePercent,
      defaultParcel: { weightGrams: 500, lengthMm: 200, widthMm: 150, heightMm: 80 },
      rates: [],
      warehouse: null,
    },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** A customer with one ₹1,000 item (18%: no rate set) in the cart. */
async function cartOf(pricePaise = 100_000) {
  const customer = await signUp(ctx.app);
  const row = await createProduct(db(), { pricePaise, quantity: 10, colors: ['#000000'] });
  const color = await ensureColor(db(), '#000000');
  await shop.addToCart(customer, row.id, color.id, 1);
  return { customer, productId: row.id };
}

const quote = (customer: Customer) => shop.api(customer, 'POST', '/api/user/order/quote', {});
const placeCod = (customer: Customer, body: object = {}) =>
  shop.api(customer, 'POST', '/api/user/order/cod', { shippingInfo: testAddress, ...body });
const staffAct = (id: string, action: string, payload: object = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/${action}`,
    headers: staff.headers,
    payload,
  });

async function stockOf(id: string) {
  const [row] = await db().select().from(products).where(eq(products.id, id));
  return row!.quantity;
}

/** The text of the first e-mail to the customer containing `words`, once it has been sent. */
async function mailWith(customer: Customer, words: string) {
  for (let i = 0; i < 100; i++) {
    const mail = smtp.messages
      .map((m) => (m.to.includes(customer.email) ? mailText(m.raw) : ''))
      .find((text) => text.includes(words));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no e-mail to ${customer.email} saying ${words}`);
}

async function codeFor(customer: Customer, orderNumber: string) {
  const mail = await mailWith(customer, `is your code to confirm order ${orderNumber}`);
  return /Your confirmation code is (\d{6})\./.exec(mail)![1]!;
}

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('the cash-on-delivery handling fee', () => {
  beforeAll(() => setCodFee(49, 2));

  it('is quoted beside the payment choice, placed for the total shown, stored and invoiced as its own line', async () => {
    const { customer } = await cartOf();
    const quoted = await quote(customer);
    expect(quoted.statusCode, quoted.body).toBe(200);
    // Online: ₹1,000, free delivery, no fee. In cash: ₹49 + 2% of ₹1,000 = ₹69 more, its GST inside.
    // Items' GST 2 × round(100000 × 900 / 11800) = 15254; the fee's 2 × round(6900 × 900 / 11800) = 1052.
    expect(quoted.json()).toMatchObject({
      delivery: 0,
      codFee: 0,
      total: 1000,
      taxIncluded: 152.54,
      cashOnDelivery: { available: true, reason: null, fee: 69, total: 1069, taxIncluded: 163.06 },
    });

    // A client that shows no total is not charged a fee it never showed.
    const unseen = await placeCod(customer);
    expect(unseen.statusCode).toBe(400);
    expect(unseen.json().errors.expectedTotal).toBe(
      'Cash on delivery adds a ₹69.00 handling fee: the total is ₹1,069.00. Show it and send it as expectedTotal to place the order.',
    );
    // The online total is not the cash one.
    const online = await placeCod(customer, { expectedTotal: 1000 });
    expect(online.statusCode).toBe(409);
    expect(online.json().message).toMatch(/^The total is now ₹1,069\.00, not ₹1,000\.00/);
    // Nothing from the client sets the fee.
    const placed = await placeCod(customer, { expectedTotal: 1069, codFee: 0, cashOnDelivery: { fee: 0 } });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().order;
    expect(order).toMatchObject({
      paymentMethod: 'cod',
      totalPrice: 1069,
      totalPriceAfterDiscount: 1069,
      codFee: 69,
      breakup: { itemsMrp: 1000, delivery: 0, codFee: 69, total: 1069, taxIncluded: 163.06 },
      cod: { amountDue: 1069 },
      tax: {
        total: 163.06,
        codFee: { rate: 18, taxable: 58.48, cgst: 5.26, sgst: 5.26, igst: 0 },
        delivery: null,
      },
    });
    const [row] = await db().select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ codFeePaise: 6900, totalPriceAfterDiscountPaise: 106_900, taxPaise: 16_306 });
    const [checkout] = await db().select().from(checkouts).where(eq(checkouts.id, row!.checkoutId));
    expect(checkout).toMatchObject({ provider: 'cod', codFeePaise: 6900, amountPaise: 106_900 });

    // The console sees the fee too.
    const adminView = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order._id}`,
      headers: staff.headers,
    });
    expect(adminView.json()).toMatchObject({ codFee: 69, delivery: 0, totalPriceAfterDiscount: 1069 });

    // Confirmed, packed and shipped: the invoice has the fee as its own row, taxed as delivery is.
    const code = await codeFor(customer, order.orderNumber);
    expect(
      (await shop.api(customer, 'POST', `/api/user/orders/${order._id}/confirm-cod`, { code })).statusCode,
    ).toBe(200);
    const confirmation = await mailWith(customer, 'is confirmed. Please pay');
    expect(confirmation).toContain('Cash on delivery fee: ₹69.00');
    expect(confirmation).toContain('(the ₹69.00 cash-on-delivery fee included)');
    expect((await staffAct(order._id, 'pack')).statusCode).toBe(200);
    expect((await staffAct(order._id, 'ship', { carrier: 'Delhivery', awb: 'DL000000069' })).statusCode).toBe(
      200,
    );
    const invoice = await shop.api(customer, 'GET', `/api/user/orders/${order._id}/invoice`);
    expect(invoice.statusCode).toBe(200);
    const text = await pdfText(invoice.rawPayload);
    // Taxable 6900 − 1052 = 5848; CGST and SGST 526 each at 9%; the row's total ₹69.00.
    expect(text).toMatch(/Cash on delivery handling fee — 1 OTH 58\.48 18% 5\.26 @ 9% 5\.26 @ 9% 69\.00/);
    expect(text).not.toContain('Delivery charges');
    expect(text).toContain('1,069.00');
  });

  it('is never charged paying online', async () => {
    const { customer } = await cartOf();
    const started = await shop.startCheckout(customer, { shippingInfo: testAddress, expectedTotal: 1000 });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().order.amount).toBe(100_000);
    expect(started.json().breakup).toMatchObject({ codFee: 0, total: 1000 });
    const fields = await shop.payWithGateway(started.json().order.id);
    expect((await shop.verify(customer, fields)).statusCode).toBe(200);
    const created = await shop.api(customer, 'POST', '/api/user/cart/create-order', {
      shippingInfo: testAddress,
      paymentInfo: {
        razorpayOrderId: fields.razorpay_order_id,
        razorpayPaymentId: fields.razorpay_payment_id,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().order).toMatchObject({ codFee: 0, totalPriceAfterDiscount: 1000 });
    const [row] = await db().select().from(orders).where(eq(orders.id, created.json().order._id));
    expect(row!.codFeePaise).toBe(0);
  });

  it('changed between the quote and the order: 409 with the new total, nothing ordered or held', async () => {
    const { customer, productId } = await cartOf();
    expect((await quote(customer)).json().cashOnDelivery).toMatchObject({ fee: 69, total: 1069 });
    await setCodFee(99, 0);
    const stale = await placeCod(customer, { expectedTotal: 1069 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'The total is now ₹1,099.00, not ₹1,069.00: a price, your cart or a delivery or cash-on-delivery charge changed. Please check the new total and place the order again.',
    );
    expect((await shop.api(customer, 'GET', '/api/user/getmyorders')).json().orders).toEqual([]);
    expect(await stockOf(productId)).toBe(10);
    // Shown again, then placed for what was shown.
    const again = (await quote(customer)).json().cashOnDelivery;
    expect(again).toMatchObject({ fee: 99, total: 1099 });
    const placed = await placeCod(customer, { expectedTotal: again.total });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().order).toMatchObject({ codFee: 99, totalPriceAfterDiscount: 1099 });

    // Cancelled before delivery: nothing was paid, so nothing (fee included) is refunded or owed.
    const cancelled = await shop.api(customer, 'POST', `/api/user/orders/${placed.json().order._id}/cancel`, {
      reason: 'Ordered by mistake',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      state: 'cancelled',
      paymentStatus: 'unpaid',
      refunds: [],
      refundable: 0,
      cod: { amountDue: 0 },
    });
  });

  it('counts in the cash-on-delivery limit: the whole amount is collected at the door', async () => {
    await setCodFee(49, 0);
    // ₹19,960 of items is within ₹20,000 online, not with the ₹49 fee.
    const { customer } = await cartOf(1_996_000);
    const answer = (await quote(customer)).json();
    expect(answer.total).toBe(19_960);
    expect(answer.cashOnDelivery).toMatchObject({
      available: false,
      reason: 'Cash on delivery is available for orders up to ₹20,000.00.',
      fee: 49,
      total: 20_009,
    });
    const refused = await placeCod(customer, { expectedTotal: 20_009 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/available for orders up to ₹20,000\.00\. Please pay online\./);
  });

  it('is 0 where the shop charges none: the cash total is the online one', async () => {
    await setCodFee(0, 0);
    const { customer } = await cartOf(30_000);
    expect((await quote(customer)).json()).toMatchObject({
      delivery: 49,
      total: 349,
      cashOnDelivery: { fee: 0, total: 349 },
    });
    const placed = await placeCod(customer);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().order).toMatchObject({
      codFee: 0,
      breakup: { codFee: 0, delivery: 49, total: 349 },
    });
  });
});
