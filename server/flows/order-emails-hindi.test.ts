import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codConfirmations } from '../db/schema.js';
import { signUp } from '../test/customers.js';
import { createProduct, ensureColor } from '../test/factories.js';
import { expectEnglish, expectHindi } from '../test/mail-language.js';
import { parcelCalls } from '../test/parcels.js';
import { type Customer, testAddress } from '../test/shopping.js';
import { readMail, startSmtpCapture } from '../test/smtp-capture.js';
import { type SignedInStaff, signInStaff } from '../test/staff.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

/**
 * An order's e-mails in the customer's language (decision 052), from placing it to its refund, for
 * a Hindi customer and the same steps for an English one: every message goes through the outbox to
 * a real SMTP server and is read back as a mail program reads it.
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
const { shop } = parcels;

async function mailsTo(to: string) {
  await ctx.app.services.emailOutbox.drain();
  return smtp.messages.filter((m) => m.to.includes(to)).map((m) => readMail(m.raw));
}

/** The one e-mail to `to` whose subject matches, waited for (some are queued after the answer). */
async function mailTo(to: string, subject: RegExp) {
  for (let i = 0; i < 100; i++) {
    const found = (await mailsTo(to)).filter((m) => subject.test(m.subject));
    if (found.length > 1) throw new Error(`${found.length} e-mails to ${to} matching ${subject}`);
    if (found.length === 1) return found[0]!;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no e-mail to ${to} matching ${subject}`);
}

async function product(pricePaise: number) {
  const row = await createProduct(ctx.database.db, { quantity: 50, pricePaise, colors: ['#000000'] });
  const color = await ensureColor(ctx.database.db, '#000000');
  return { id: row.id, colorId: color.id, title: row.title };
}

const staffAct = (id: string, action: string, payload: object = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/${action}`,
    headers: staff.headers,
    payload,
  });
const mine = async (customer: Customer, id: string) =>
  (await shop.api(customer, 'GET', `/api/user/orders/${id}`)).json();
const customerIn = (language: 'hi' | 'en') => signUp(ctx.app, { language });

describe("an order's life, in the customer's language", () => {
  it('placed, shipped, delivered, returned and refunded: every e-mail Hindi for a Hindi customer, English for another', async () => {
    const item = await product(120_000);
    for (const language of ['hi', 'en'] as const) {
      const customer = await customerIn(language);
      const id = await shop.buy(customer, [{ ...item, quantity: 2 }]);
      const { orderNumber } = await mine(customer, id);
      const placed = await mailTo(customer.email, new RegExp(`${orderNumber} (is confirmed|कन्फ़र्म)`));
      expect((await staffAct(id, 'ship', { carrier: 'Delhivery', awb: `DLV${language}1` })).statusCode).toBe(
        200,
      );
      const shipped = await mailTo(customer.email, /(has shipped|रवाना हो गया है)$/);
      expect((await staffAct(id, 'deliver')).statusCode).toBe(200);
      const delivered = await mailTo(customer.email, /(has been delivered|डिलीवर हो गया है)$/);
      const detail = await mine(customer, id);
      const asked = await shop.api(customer, 'POST', `/api/user/orders/${id}/return`, {
        lines: [{ lineId: detail.orderItems[0]._id, quantity: 1 }],
        reason: 'Does not fit',
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const returnId = asked.json().returns[0]._id;
      expect(
        (await staffAct(id, `returns/${returnId}/approve`, { note: 'Pickup on Monday' })).statusCode,
      ).toBe(200);
      const approved = await mailTo(customer.email, /(is approved|मंज़ूर हो गई है)$/);
      expect((await staffAct(id, `returns/${returnId}/receive`, { restockable: true })).statusCode).toBe(200);
      const refunded = await mailTo(customer.email, /(Refund of ₹1,200\.00 issued|₹1,200\.00 का रिफ़ंड)/);
      const reference = (await mine(customer, id)).refunds[0].reference as string;

      if (language === 'en') {
        expect(placed.subject).toBe(`Your Bharat Bazaar order ${orderNumber} is confirmed`);
        expect(shipped.subject).toBe(`Your Bharat Bazaar order ${orderNumber} has shipped`);
        expect(delivered.subject).toBe(`Your Bharat Bazaar order ${orderNumber} has been delivered`);
        expect(approved.subject).toBe(`Your return for order ${orderNumber} is approved`);
        expect(refunded.subject).toBe(`Refund of ₹1,200.00 issued for order ${orderNumber}`);
        for (const mail of [placed, shipped, delivered, approved, refunded]) expectEnglish(mail);
        continue;
      }
      expect(placed.subject).toBe(`आपका Bharat Bazaar ऑर्डर ${orderNumber} कन्फ़र्म हो गया है`);
      // Product names as the catalogue has them; amounts with Indian grouping, as in English.
      expectHindi(
        placed,
        `आपका ऑर्डर ${orderNumber} कन्फ़र्म हो गया है और उसका भुगतान मिल गया है।`,
        item.title,
        '₹2,400.00',
        'कुल भुगतान',
        'डिलीवरी का पता',
      );
      expect(placed.text).toContain(testAddress.address);
      expectHindi(shipped, 'कूरियर: Delhivery। AWB (ट्रैकिंग) नंबर: DLVhi1।', 'अपना ऑर्डर देखें');
      expectHindi(
        delivered,
        `आपका ऑर्डर ${orderNumber} डिलीवर हो गया है।`,
        'तक अपने ऑर्डर पेज से सामान लौटाने का अनुरोध कर सकते हैं',
      );
      // The tax invoice stays English (decision 052), and the Hindi e-mail says so.
      expect(delivered.text).toMatch(/टैक्स इनवॉइस \S+ \(अंग्रेज़ी में\)/);
      expect(delivered.raw).toMatch(/filename="?[^"\n]*\.pdf/);
      expectHindi(approved, `${item.title} × 1`, 'हमारी टीम का संदेश: Pickup on Monday');
      expectHindi(
        refunded,
        `हमने आपके ऑर्डर ${orderNumber} के लिए ₹1,200.00 का रिफ़ंड कर दिया है।`,
        `रिफ़ंड रेफ़रेंस: ${reference}।`,
      );
    }
  });

  it('cancelled by the customer, and a return rejected: in Hindi', async () => {
    const item = await product(80_000);
    const customer = await customerIn('hi');
    const first = await shop.buy(customer, [{ ...item, quantity: 1 }]);
    const { orderNumber } = await mine(customer, first);
    const cancelled = await shop.api(customer, 'POST', `/api/user/orders/${first}/cancel`, {
      reason: 'गलती से ऑर्डर हुआ',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expectHindi(
      await mailTo(customer.email, new RegExp(`ऑर्डर ${orderNumber} रद्द कर दिया गया है$`)),
      `आपके कहने पर आपका ऑर्डर ${orderNumber} रद्द कर दिया गया है।`,
      'कारण: गलती से ऑर्डर हुआ',
      'पूरी रकम, ₹800.00,',
    );
    expectHindi(await mailTo(customer.email, /₹800\.00 का रिफ़ंड जारी कर दिया गया है$/));

    const second = await shop.buy(customer, [{ ...item, quantity: 1 }]);
    expect((await staffAct(second, 'ship', { carrier: 'Bluedart', awb: 'BD12345678' })).statusCode).toBe(200);
    expect((await staffAct(second, 'deliver')).statusCode).toBe(200);
    const line = (await mine(customer, second)).orderItems[0]._id;
    const asked = await shop.api(customer, 'POST', `/api/user/orders/${second}/return`, {
      lines: [{ lineId: line, quantity: 1 }],
      reason: 'Changed my mind',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const returnId = asked.json().returns[0]._id;
    const rejected = await staffAct(second, `returns/${returnId}/reject`, { reason: 'Used item' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expectHindi(await mailTo(customer.email, /की वापसी के बारे में$/), 'हमें खेद है:', 'कारण: Used item');
  });

  it('cash on delivery: the code, the confirmation it gives, and a lapse, in Hindi', async () => {
    const item = await product(60_000);
    const customer = await customerIn('hi');
    await shop.addToCart(customer, item.id, item.colorId, 1);
    const placed = await shop.api(customer, 'POST', '/api/user/order/cod', { shippingInfo: testAddress });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().order;
    const codeMail = await mailTo(
      customer.email,
      new RegExp(`^\\d{6} — ऑर्डर ${order.orderNumber} की पुष्टि के लिए आपका कोड$`),
    );
    const code = /^(\d{6})/.exec(codeMail.subject)![1]!;
    expectHindi(codeMail, `आपका पुष्टि कोड ${code} है।`, 'डिलीवरी पर ₹600.00 देने होंगे', 'अपने ऑर्डर की पुष्टि करें');
    const confirmed = await shop.api(customer, 'POST', `/api/user/orders/${order._id}/confirm-cod`, { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expectHindi(
      await mailTo(customer.email, new RegExp(`ऑर्डर ${order.orderNumber} कन्फ़र्म हो गया है$`)),
      'डिलीवरी के समय कृपया ₹600.00 नकद दें',
      'डिलीवरी पर देना है',
    );

    await shop.addToCart(customer, item.id, item.colorId, 1);
    const unconfirmed = (
      await shop.api(customer, 'POST', '/api/user/order/cod', { shippingInfo: testAddress })
    ).json().order;
    await ctx.database.db
      .update(codConfirmations)
      .set({ confirmBy: sql`now() - interval '1 second'` })
      .where(eq(codConfirmations.orderId, unconfirmed._id));
    expect(await ctx.app.services.cashOnDelivery.lapseUnconfirmed()).toBe(1);
    expectHindi(
      await mailTo(customer.email, new RegExp(`ऑर्डर ${unconfirmed.orderNumber} रद्द कर दिया गया है$`)),
      `आपके कैश ऑन डिलीवरी ऑर्डर ${unconfirmed.orderNumber} की पुष्टि हमारे भेजे गए कोड से समय पर नहीं हुई`,
      'इस ऑर्डर के लिए आपसे कोई पैसा नहीं लिया गया था',
    );
  });

  it("a failed delivery and the parcel's return: in Hindi for a Hindi customer, English for another", async () => {
    const item = await product(70_000);
    for (const language of ['hi', 'en'] as const) {
      const customer = await customerIn(language);
      const id = await shop.buy(customer, [{ ...item, quantity: 1 }]);
      const parcel = await parcels.ship(id);
      await parcels.scan(parcel.awb, 'picked-up', 'in-transit', 'out-for-delivery');
      const ndr = await ctx.app.inject({
        method: 'POST',
        url: `/api/shipping/test-courier/shipments/${parcel.awb}/events`,
        payload: { status: 'ndr' },
      });
      expect(ndr.statusCode, ndr.body).toBe(200);
      const failed = await mailTo(customer.email, /(when should we try again\?|दोबारा कब कोशिश करें\?)$/);
      await parcels.scan(parcel.awb, 'rto-initiated');
      const returning = await mailTo(customer.email, /(is coming back to us|हमारे पास वापस आ रहा है)$/);
      if (language === 'en') {
        expectEnglish(failed);
        expect(failed.text).toContain("The courier's reason: The courier did not give a reason.");
        expectEnglish(returning);
        continue;
      }
      expectHindi(
        failed,
        `पार्सल (AWB ${parcel.awb}) आज डिलीवर करने की कोशिश की`,
        'कूरियर का बताया कारण: कूरियर ने कोई कारण नहीं बताया।',
        'डिलीवरी का दिन चुनें',
      );
      // The days to choose from, in Hindi: "शनि, 5 दिस॰".
      expect(failed.text).toMatch(/\((?:(?:रवि|सोम|मंगल|बुध|गुरु|शुक्र|शनि), \d{1,2} \S+(?:, )?)+\)/);
      expectHindi(
        returning,
        `पार्सल ${parcel.awb} डिलीवर नहीं कर सका (Customer refused the parcel)`,
        'बिना किसी कटौती के',
      );
    }
  });

  it('a second payment for a cart already ordered is refunded with a Hindi e-mail saying why', async () => {
    const item = await product(149_900);
    const customer = await customerIn('hi');
    await shop.addToCart(customer, item.id, item.colorId, 1);
    const starts = [await shop.startCheckout(customer), await shop.startCheckout(customer)];
    const paid = [];
    for (const start of starts) {
      const fields = await shop.payWithGateway(start.json().order.id);
      expect((await shop.verify(customer, fields)).statusCode).toBe(200);
      paid.push(fields);
    }
    const placed = await shop.createOrder(customer, paid[1]!);
    expect(placed.statusCode, placed.body).toBe(200);
    const refused = await shop.createOrder(customer, paid[0]!);
    expect(refused.statusCode).toBe(409);
    // The browser's answer stays English, as every API message does.
    expect(refused.json().message).toMatch(/^These items were already ordered/);
    expectHindi(
      await mailTo(customer.email, /^हम आपका ₹1,499\.00 का भुगतान वापस कर रहे हैं$/),
      `ये सामान पहले ही ऑर्डर ${placed.json().order.orderNumber} में मँगाए जा चुके थे`,
      'हम आपको ₹1,499.00 वापस कर रहे हैं।',
    );
  });

  it('asks a Hindi customer, in Hindi, to confirm an address it could not read', async () => {
    const item = await product(49_900);
    const customer = await customerIn('hi');
    const typed = { ...testAddress, city: '', state: 'Somewhere', pincode: '5600' };
    await shop.buy(customer, [{ ...item, quantity: 1 }], { shippingInfo: typed });
    const mail = await mailTo(customer.email, /का डिलीवरी पता पक्का करें$/);
    expectHindi(
      mail,
      'हमारे पास यह पता है',
      'Somewhere',
      'और हमें ये भेजें: शहर, राज्य और 6 अंकों के पिन कोड के साथ पूरा पता',
    );
    expect(mail.html).toContain('<a href="https://shop.example.in/contact">हमें लिखें</a>');
  });
});
