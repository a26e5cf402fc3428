import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { type Customer, type GatewayFields, shoppingCalls, testAddress } from '../../test/shopping.js';
import { mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

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

/** An original-client purchase: checkout without an address, paid and verified. */
async function paidWithoutAddress(): Promise<{ customer: Customer; fields: GatewayFields; orderId: string }> {
  const product = await createProduct(ctx.database.db, {
    quantity: 5,
    pricePaise: 49_900,
    colors: ['#000000'],
  });
  const color = await ensureColor(ctx.database.db, '#000000');
  const customer = await signUp(ctx.app);
  await shop.addToCart(customer, product.id, color.id, 1);
  const start = await shop.startCheckout(customer, { amount: 499 });
  expect(start.statusCode, start.body).toBe(200);
  const orderId = start.json().order.id as string;
  const fields = await shop.payWithGateway(orderId);
  expect((await shop.verify(customer, fields)).statusCode).toBe(200);
  return { customer, fields, orderId };
}

const mailsTo = (customer: Customer, subject: RegExp) =>
  smtp.messages.filter((m) => m.to.includes(customer.email) && subject.test(mailText(m.raw)));

describe('create-order after a verified payment never fails on what the shopper typed', () => {
  it('takes the original client’s address: no landmark, a misspelt state, a numeric PIN code, no order lines', async () => {
    const { customer, fields } = await paidWithoutAddress();
    const { landmark: _, ...withoutLandmark } = testAddress;
    const created = await shop.createOrder(customer, fields, {
      shippingInfo: { ...withoutLandmark, state: 'Tamzhnad', city: 'Chennai', pincode: 600001 },
      orderItems: [],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().order).toMatchObject({
      addressToConfirm: false,
      shippingInfo: { state: 'Tamil Nadu', pincode: '600001', landmark: '', country: 'India' },
    });
    expect(created.json().order.orderItems).toHaveLength(1);
    expect(mailsTo(customer, /confirm the delivery address/)).toHaveLength(0);
  });

  it('keeps an address it cannot validate exactly as typed, flags the order and asks the customer', async () => {
    const { customer, fields } = await paidWithoutAddress();
    const typed = { ...testAddress, city: '', state: 'Somewhere', pincode: '5600' };
    const created = await shop.createOrder(customer, fields, { shippingInfo: typed });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().order.addressToConfirm).toBe(true);
    expect(created.json().order.shippingInfo).toMatchObject(typed);
    await expect.poll(() => mailsTo(customer, /confirm the delivery address/).length).toBe(1);
    expect(mailText(mailsTo(customer, /confirm the delivery address/)[0]!.raw)).toContain('Somewhere');
    // Asking again changes nothing and mails nobody twice.
    expect((await shop.createOrder(customer, fields, { shippingInfo: typed })).statusCode).toBe(200);
    expect(mailsTo(customer, /confirm the delivery address/)).toHaveLength(1);
  });

  it('puts the browser’s address on an order the webhook placed first without one', async () => {
    const { customer, fields } = await paidWithoutAddress();
    await shop.deliverGatewayWebhook('payment.authorized', fields.razorpay_payment_id);
    const [placed] = await ctx.database.db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(placed).toMatchObject({ addressToConfirm: true });
    expect(placed!.shippingInfo.address).toMatch(/to be confirmed/);

    const created = await shop.createOrder(customer, fields);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().order).toMatchObject({ _id: placed!.id, addressToConfirm: false });
    expect(created.json().order.shippingInfo.city).toBe('Bengaluru');
    await ctx.app.services.placement.requestPendingAddressConfirmations(0);
    expect(mailsTo(customer, /confirm the delivery address/)).toHaveLength(0);
  });

  it('asks for the address of an order whose browser never came back, once the grace time is over', async () => {
    const { customer, fields } = await paidWithoutAddress();
    await shop.deliverGatewayWebhook('payment.authorized', fields.razorpay_payment_id);
    await ctx.app.services.placement.requestPendingAddressConfirmations();
    expect(mailsTo(customer, /confirm the delivery address/)).toHaveLength(0);
    await ctx.app.services.placement.requestPendingAddressConfirmations(0);
    await ctx.app.services.placement.requestPendingAddressConfirmations(0);
    await expect.poll(() => mailsTo(customer, /confirm the delivery address/).length).toBe(1);
  });

  it('still refuses an order for a payment that was never verified', async () => {
    const { customer } = await paidWithoutAddress();
    const refused = await shop.createOrder(customer, {
      razorpay_order_id: 'order_x',
      razorpay_payment_id: 'pay_x',
    });
    expect(refused.statusCode).toBe(404);
  });
});
