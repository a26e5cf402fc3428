import { createHmac } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOutbox } from '../db/schema.js';
import { TEST_COURIER_SIGNATURE_HEADER } from '../modules/shipments/test-courier/test-courier-provider.js';
import { signUp } from '../test/customers.js';
import { createProduct, ensureColor } from '../test/factories.js';
import { confirmMobile } from '../test/mobile-codes.js';
import { parcelCalls } from '../test/parcels.js';
import { type Customer, testAddress } from '../test/shopping.js';
import { readMail, startSmtpCapture } from '../test/smtp-capture.js';
import { type SignedInStaff, signInStaff } from '../test/staff.js';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { latestSmsCode, textMessagesTo } from '../test/text-messages.js';

/**
 * An order's life on SMS and WhatsApp beside its e-mails: one message per event per channel, for a
 * customer with a confirmed number, queued with the change that causes it; an event that happens
 * twice (a courier's webhook delivered again, a status set again) queues nothing more; a channel
 * turned off, or a number not confirmed, gets nothing.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let staff: SignedInStaff;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example.in' });
  staff = await signInStaff(ctx.app, 'orders');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const parcels = parcelCalls(
  () => ctx,
  () => smtp,
  () => staff,
);
const { shop, ship, scan, asStaff } = parcels;

type Row = typeof messageOutbox.$inferSelect;

const messagesOf = async (customer: Customer): Promise<Row[]> =>
  ctx.database.db
    .select()
    .from(messageOutbox)
    .where(eq(messageOutbox.userId, customer.id))
    .orderBy(asc(messageOutbox.createdAt), asc(messageOutbox.channel));

/** Each kind with its channels, in the order queued: ['order-placed sms', 'order-placed whatsapp'...]. */
const kindsOf = async (customer: Customer) =>
  (await messagesOf(customer)).filter((m) => m.kind !== 'mobile-code').map((m) => `${m.kind} ${m.channel}`);

/** Waits until the customer has `count` messages of `kind` (a refund settles after its commit). */
async function waitForMessages(customer: Customer, kind: string, count: number) {
  for (let i = 0; i < 100; i++) {
    const found = (await messagesOf(customer)).filter((m) => m.kind === kind);
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`fewer than ${count} ${kind} messages for ${customer.email}`);
}

const setChannels = async (customer: Customer, body: object) => {
  const answer = await shop.api(customer, 'PUT', '/api/user/me/notifications', body);
  expect(answer.statusCode, answer.body).toBe(200);
};

async function item(pricePaise: number) {
  const row = await createProduct(ctx.database.db, { quantity: 20, pricePaise, colors: ['#000000'] });
  const color = await ensureColor(ctx.database.db, '#000000');
  return { id: row.id, colorId: color.id, quantity: 1 };
}

/** The test courier's webhook, signed, for a scan with this event id. */
function courierWebhook(awb: string, eventId: string, status: string) {
  const body = JSON.stringify({
    event_id: eventId,
    awb,
    status,
    reason: status === 'ndr' ? 'Customer not available' : null,
    location: 'Test hub',
    occurred_at: new Date().toISOString(),
  });
  const signature = createHmac('sha256', 'builtin-test-courier-webhook-secret').update(body).digest('hex');
  return ctx.app.inject({
    method: 'POST',
    url: '/api/shipping/webhooks/test-courier',
    headers: { 'content-type': 'application/json', [TEST_COURIER_SIGNATURE_HEADER]: signature },
    payload: body,
  });
}

describe("an order's updates on SMS and WhatsApp", () => {
  it('placed, shipped, out for delivery, a failed attempt, delivered, refunded: one message per event per channel', async () => {
    const customer = await signUp(ctx.app, { language: 'hi' });
    await confirmMobile(ctx, () => smtp.messages, customer);
    const id = await shop.buy(customer, [await item(150_000)]);
    const { orderNumber } = (await shop.api(customer, 'GET', `/api/user/orders/${id}`)).json();

    const parcel = await ship(id);
    await scan(parcel.awb, 'picked-up', 'in-transit');
    const ofd = await courierWebhook(parcel.awb, `ofd-${parcel.awb}`, 'out-for-delivery');
    expect(ofd.json().status, ofd.body).toBe('processed');
    // The same webhook delivered again, and a failed attempt delivered twice.
    expect((await courierWebhook(parcel.awb, `ofd-${parcel.awb}`, 'out-for-delivery')).json().status).toBe(
      'duplicate',
    );
    expect((await courierWebhook(parcel.awb, `ndr-${parcel.awb}`, 'ndr')).json().status).toBe('processed');
    expect((await courierWebhook(parcel.awb, `ndr-${parcel.awb}`, 'ndr')).json().status).toBe('duplicate');
    await scan(parcel.awb, 'out-for-delivery', 'delivered');
    // Staff marking it delivered again changes nothing.
    const again = await asStaff(staff, 'POST', `/api/admin/orders/${id}/deliver`, {});
    expect(again.statusCode, again.body).toBeLessThan(500);
    const refund = await asStaff(staff, 'POST', `/api/admin/orders/${id}/refund`, {
      reason: 'Box arrived dented',
      amount: 250,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await waitForMessages(customer, 'refund-issued', 2);

    expect(await kindsOf(customer)).toEqual([
      'order-placed sms',
      'order-placed whatsapp',
      'order-shipped sms',
      'order-shipped whatsapp',
      'out-for-delivery sms',
      'out-for-delivery whatsapp',
      'delivery-failed sms',
      'delivery-failed whatsapp',
      'order-delivered sms',
      'order-delivered whatsapp',
      'refund-issued sms',
      'refund-issued whatsapp',
    ]);
    // Sent by the worker through the built-in test providers: one file per event per channel.
    for (const channel of ['sms', 'whatsapp'] as const) {
      const sent = (await textMessagesTo(ctx.app, channel, customer.mobile)).filter(
        (m) => m.kind !== 'mobile-code',
      );
      // (Sent in batches, so not always in the order queued.)
      expect(sent.map((m) => m.kind).sort()).toEqual(
        [
          'order-placed',
          'order-shipped',
          'out-for-delivery',
          'delivery-failed',
          'order-delivered',
          'refund-issued',
        ].sort(),
      );
      expect(sent.every((m) => m.language === 'hi' && m.text.includes(orderNumber))).toBe(true);
    }
    const rows = (await messagesOf(customer)).filter((m) => m.kind !== 'mobile-code');
    for (const row of rows) {
      expect(row).toMatchObject({ recipient: customer.mobile, language: 'hi', status: 'sent' });
      expect(row.category).toBe('utility');
      expect(row.eventKey).toMatch(new RegExp(`^order:${id}:`));
    }
    const params = (kind: string) => rows.find((r) => r.kind === kind)!.params;
    const orderPage = `https://shop.example.in/hi/my-orders/${id}`;
    expect(params('order-placed')).toEqual({
      name: customer.firstname,
      orderNumber,
      amount: '₹1,500.00',
      url: orderPage,
    });
    expect(params('order-shipped')).toMatchObject({ orderNumber, awb: parcel.awb });
    expect((params('order-shipped') as { trackingUrl: string }).trackingUrl).toMatch(/^https?:\/\//);
    // Paid online: no cash to keep ready.
    expect(params('out-for-delivery')).toEqual({ name: customer.firstname, orderNumber, codAmount: '' });
    expect(params('delivery-failed')).toEqual({
      name: customer.firstname,
      orderNumber,
      reason: 'Customer not available',
      url: orderPage,
    });
    expect(params('order-delivered')).toEqual({ name: customer.firstname, orderNumber, url: orderPage });
    expect(params('refund-issued')).toEqual({ name: customer.firstname, orderNumber, amount: '₹250.00' });

    // The e-mails as before: one each for placed, shipped, failed attempt, delivered and refund.
    await ctx.app.services.emailOutbox.drain();
    const subjects = smtp.messages
      .filter((m) => m.to.includes(customer.email))
      .map((m) => readMail(m.raw).subject)
      .filter((subject) => subject.includes(orderNumber));
    expect(subjects).toHaveLength(5);
  });

  it('cash on delivery: the cash to keep ready when it is out for delivery', async () => {
    const customer = await signUp(ctx.app);
    await confirmMobile(ctx, () => smtp.messages, customer);
    const line = await item(80_000);
    await shop.addToCart(customer, line.id, line.colorId, 2);
    const placed = await shop.api(customer, 'POST', '/api/user/order/cod', { shippingInfo: testAddress });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().order;
    // Not placed until its code is entered: nothing yet.
    expect(await kindsOf(customer)).toEqual([]);
    const [mail] = await parcels.mailsTo(
      customer.email,
      new RegExp(`is your code to confirm order ${order.orderNumber}`),
    );
    const code = /Your confirmation code is (\d{6})\./.exec(mail!)![1]!;
    // The same code by SMS, to the account's mobile.
    expect(await latestSmsCode(ctx.app, customer.mobile, 'cod-code')).toBe(code);
    const confirmed = await shop.api(customer, 'POST', `/api/user/orders/${order._id}/confirm-cod`, { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const ship = await asStaff(staff, 'POST', `/api/admin/orders/${order._id}/ship`, {
      carrier: 'Delhivery',
      awb: 'DLV55501',
    });
    expect(ship.statusCode, ship.body).toBe(200);
    for (let i = 0; i < 2; i++) {
      const out = await asStaff(staff, 'POST', `/api/admin/orders/${order._id}/out-for-delivery`, {});
      expect(out.statusCode, out.body).toBeLessThan(500);
    }
    expect(await kindsOf(customer)).toEqual([
      'order-placed sms',
      'order-placed whatsapp',
      'order-shipped sms',
      'order-shipped whatsapp',
      'out-for-delivery sms',
      'out-for-delivery whatsapp',
    ]);
    const rows = await messagesOf(customer);
    expect(rows.find((r) => r.kind === 'order-shipped')!.params).toMatchObject({
      courier: 'Delhivery',
      awb: 'DLV55501',
    });
    expect(rows.find((r) => r.kind === 'out-for-delivery')!.params).toMatchObject({ codAmount: '₹1,600.00' });
    // English links have no language prefix.
    expect(rows.find((r) => r.kind === 'order-placed')!.params).toMatchObject({
      url: `https://shop.example.in/my-orders/${order._id}`,
    });
  });

  it('sends nothing on a channel turned off, and nothing at all to an unconfirmed number', async () => {
    const smsOnly = await signUp(ctx.app);
    await confirmMobile(ctx, () => smtp.messages, smsOnly);
    await setChannels(smsOnly, {
      sms: { orders: true, offers: false },
      whatsapp: { orders: false, offers: false },
    });
    const unconfirmed = await signUp(ctx.app);
    for (const customer of [smsOnly, unconfirmed]) {
      const id = await shop.buy(customer, [await item(50_000)]);
      const shipped = await asStaff(staff, 'POST', `/api/admin/orders/${id}/ship`, {
        carrier: 'Bluedart',
        awb: `BD${id.slice(0, 8)}`,
      });
      expect(shipped.statusCode, shipped.body).toBe(200);
    }
    expect(await kindsOf(smsOnly)).toEqual(['order-placed sms', 'order-shipped sms']);
    expect(await kindsOf(unconfirmed)).toEqual([]);
  });
});
