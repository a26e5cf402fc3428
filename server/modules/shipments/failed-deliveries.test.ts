import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents, orders, shipmentNdrs } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { type Customer, shoppingCalls } from '../../test/shopping.js';
import { mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { CourierProviderError } from './courier-provider.js';
import { NDR_ANSWER_HOURS, reattemptDays } from './failed-deliveries.js';
import { TEST_COURIER_SIGNATURE_HEADER } from './test-courier/test-courier-provider.js';

/**
 * Failed deliveries (NDRs) through the API: a real purchase shipped with the test courier, its NDR
 * scan e-mailing the customer, the customer's answer from the order page (re-attempt on a day, a
 * corrected phone or address), the staff's queue and actions, and the courier refusing or missing.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let ordersStaff: SignedInStaff;
let support: SignedInStaff;
let catalogue: SignedInStaff;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ SMTP_URL: smtp.url });
  ordersStaff = await signInStaff(ctx.app, 'orders');
  support = await signInStaff(ctx.app, 'support');
  catalogue = await signInStaff(ctx.app, 'catalogue');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const shop = shoppingCalls(() => ctx.app);
const courier = () => ctx.app.services.testCourier!;

const as = (who: SignedInStaff | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
const scan = async (awb: string, status: string, extra: object = {}) => {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: `/api/shipping/test-courier/shipments/${awb}/events`,
    payload: { status, ...extra },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};

/** A customer's paid order, shipped in one parcel and taken out for delivery, then an NDR. */
async function failedDelivery(reason = 'Customer not available', customer?: Customer) {
  const buyer = customer ?? (await signUp(ctx.app));
  const row = await createProduct(ctx.database.db, { quantity: 20, pricePaise: 90_000, colors: ['#000000'] });
  const color = await ensureColor(ctx.database.db, '#000000');
  const id = await shop.buy(buyer, [{ id: row.id, colorId: color.id, quantity: 1 }]);
  const shipped = await as(ordersStaff, 'POST', `/api/admin/orders/${id}/shipments`, {});
  expect(shipped.statusCode, shipped.body).toBe(201);
  const parcel = shipped.json() as { _id: string; awb: string };
  for (const status of ['picked-up', 'in-transit', 'out-for-delivery']) await scan(parcel.awb, status);
  await scan(parcel.awb, 'ndr', { reason });
  return { id, customer: buyer, parcel };
}

const answer = (customer: Customer | undefined, orderId: string, payload: object) =>
  customer
    ? shop.api(customer, 'POST', `/api/user/orders/${orderId}/delivery-attempt`, payload)
    : ctx.app.inject({ method: 'POST', url: `/api/user/orders/${orderId}/delivery-attempt`, payload });

const trackingOf = async (customer: Customer, orderId: string) =>
  (await shop.api(customer, 'GET', `/api/user/orders/${orderId}/tracking`)).json().parcels[0];

const queue = async (who: SignedInStaff = support) => {
  const answer = await as(who, 'GET', '/api/admin/shipments/ndr');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().parcels as { shipmentId: string; failedDelivery: { answer: unknown } }[];
};

async function orderRow(id: string) {
  const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function mailTo(to: string, subject: RegExp) {
  for (let i = 0; i < 100; i++) {
    const found = smtp.messages.find((m) => m.to.includes(to) && subject.test(mailText(m.raw)));
    if (found) return mailText(found.raw);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no e-mail to ${to} matching ${subject}`);
}

describe('a failed delivery attempt', () => {
  it('is shown to the customer with its reason, deadline and days, e-mailed, on the timeline and in the queue', async () => {
    const { id, customer, parcel } = await failedDelivery('Customer not available at the address');
    const tracked = await trackingOf(customer, id);
    expect(tracked.status).toBe('ndr');
    const failed = tracked.failedDelivery;
    expect(failed).toMatchObject({
      attempt: 1,
      reason: 'Customer not available at the address',
      awaitingAnswer: true,
      answer: null,
      days: reattemptDays(new Date()),
    });
    expect(Date.parse(failed.respondBy) - Date.parse(failed.at)).toBe(NDR_ANSWER_HOURS * 3_600_000);
    const order = await orderRow(id);
    const mail = await mailTo(customer.email, /could not deliver/);
    expect(mail).toContain(order.orderNumber);
    expect(mail).toContain(parcel.awb);
    expect(mail).toContain('Customer not available at the address');
    expect(mail).toContain(`/my-orders/${id}`);
    const detail = (await shop.api(customer, 'GET', `/api/user/orders/${id}`)).json();
    expect(detail.events.map((e: { title: string }) => e.title)).toContain(
      `Delivery attempt 1 failed (AWB ${parcel.awb})`,
    );
    const row = (await queue()).find((r) => r.shipmentId === parcel._id);
    expect(row).toMatchObject({
      orderId: id,
      orderNumber: order.orderNumber,
      customer: { name: 'Asha Rao', email: customer.email },
      awb: parcel.awb,
      status: 'ndr',
      failedDelivery: { attempt: 1, reason: 'Customer not available at the address', answer: null },
    });
  });

  it('is answered by the customer with a day and a new phone, once however often it is sent, and re-attempted', async () => {
    const { id, customer, parcel } = await failedDelivery();
    const [, day] = reattemptDays(new Date());
    const body = { action: 'reattempt', date: day, phone: '+91 98450 12345' };
    const first = await answer(customer, id, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().parcels[0].failedDelivery).toMatchObject({
      awaitingAnswer: false,
      answer: { kind: 'reattempt', by: 'customer', day, phoneChanged: true, addressChanged: false },
    });
    const again = await answer(customer, id, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(courier().ndrActionsOf(parcel.awb)).toEqual([
      { kind: 'reattempt', day, phone: '9845012345', address: undefined },
    ]);
    const order = await orderRow(id);
    expect(order.shippingInfo.mobile).toBe('9845012345');
    expect(order.shippingInfo.address).toBe('12, 4th Cross, Indiranagar');
    const detail = (await shop.api(customer, 'GET', `/api/user/orders/${id}`)).json();
    const titles = detail.events.map((e: { title: string }) => e.title);
    expect(titles.filter((t: string) => t.startsWith('You asked for delivery again'))).toHaveLength(1);
    // Another answer once one was given: refused, naming it.
    const other = await answer(customer, id, { action: 'reattempt', date: reattemptDays(new Date())[0] });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/already answered: deliver again on/);

    // The courier goes out again: the attempt is closed and leaves the queue; it fails again: attempt 2.
    await scan(parcel.awb, 'out-for-delivery');
    expect((await trackingOf(customer, id)).failedDelivery).toBeNull();
    expect((await queue()).some((r) => r.shipmentId === parcel._id)).toBe(false);
    await scan(parcel.awb, 'ndr', { reason: 'Address not found' });
    const second = (await trackingOf(customer, id)).failedDelivery;
    expect(second).toMatchObject({ attempt: 2, reason: 'Address not found', awaitingAnswer: true });
    const fixed = await answer(customer, id, {
      action: 'update',
      address: {
        address: '12, 4th Cross, HAL 2nd Stage, Indiranagar',
        landmark: 'Opposite the temple',
        city: 'Bengaluru',
        state: 'karnataka',
        pincode: '560038',
      },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().parcels[0].failedDelivery.answer).toMatchObject({
      kind: 'update',
      day: reattemptDays(new Date())[0],
      addressChanged: true,
      phoneChanged: false,
    });
    expect(courier().ndrActionsOf(parcel.awb)[1]).toEqual({
      kind: 'reattempt',
      day: reattemptDays(new Date())[0],
      phone: undefined,
      address: {
        lines: ['12, 4th Cross, HAL 2nd Stage, Indiranagar', 'Landmark: Opposite the temple'],
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560038',
      },
    });
    expect((await orderRow(id)).shippingInfo).toMatchObject({
      address: '12, 4th Cross, HAL 2nd Stage, Indiranagar',
      landmark: 'Opposite the temple',
      pincode: '560038',
      mobile: '9845012345',
    });
    await scan(parcel.awb, 'out-for-delivery');
    await scan(parcel.awb, 'delivered');
    expect((await orderRow(id)).fulfilmentStatus).toBe('delivered');
    const attempts = await ctx.database.db
      .select()
      .from(shipmentNdrs)
      .where(eq(shipmentNdrs.shipmentId, parcel._id));
    expect(attempts.map((a) => [a.attempt, a.closedBy])).toEqual([
      [1, 'out_for_delivery'],
      [2, 'out_for_delivery'],
    ]);
  });

  it('refuses no token, another customer’s order, no waiting parcel, a day not offered, another pincode, a passed window', async () => {
    const { id, customer } = await failedDelivery();
    const days = reattemptDays(new Date());
    expect((await answer(undefined, id, { action: 'reattempt', date: days[0] })).statusCode).toBe(401);
    const stranger = await signUp(ctx.app);
    const foreign = await answer(stranger, id, { action: 'reattempt', date: days[0] });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await answer(customer, '00000000-0000-4000-8000-000000000000', { action: 'reattempt', date: days[0] }))
        .statusCode,
    ).toBe(404);

    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const badDay = await answer(customer, id, { action: 'reattempt', date: today });
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().errors.date).toContain(`(${days[0]})`);
    expect(badDay.json().message).toMatch(/^The courier can deliver again on \w{3}, \d{1,2} \w{3} \(/);
    expect((await answer(customer, id, { action: 'reattempt' })).json().errors.date).toMatch(
      /Choose the day/,
    );
    expect((await answer(customer, id, { action: 'reattempt', date: 'soon' })).statusCode).toBe(400);
    expect((await answer(customer, id, { action: 'update' })).json().errors.phone).toMatch(
      /new phone number/,
    );
    const phone = await answer(customer, id, { action: 'update', phone: '12345' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().errors.phone).toBe('Enter a valid 10-digit Indian mobile number');
    const moved = await answer(customer, id, {
      action: 'update',
      address: {
        address: '1 MG Road',
        landmark: 'Near the bus stand',
        city: 'Mysuru',
        state: 'Karnataka',
        pincode: '570001',
      },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors['address.pincode']).toMatch(/The pincode must stay 560038/);
    expect((await answer(customer, id, { action: 'return' })).statusCode).toBe(400);
    expect(courier().ndrActionsOf((await trackingOf(customer, id)).awb)).toEqual([]);

    await ctx.database.db
      .update(shipmentNdrs)
      .set({ respondBy: new Date(Date.now() - 60_000) })
      .where(eq(shipmentNdrs.reason, 'Customer not available'));
    expect((await trackingOf(customer, id)).failedDelivery.awaitingAnswer).toBe(false);
    const late = await answer(customer, id, { action: 'reattempt', date: days[0] });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/time to answer has passed/);

    const { id: delivered, customer: other, parcel } = await failedDelivery('Door locked');
    await scan(parcel.awb, 'out-for-delivery');
    await scan(parcel.awb, 'delivered');
    const none = await answer(other, delivered, { action: 'reattempt', date: days[0] });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/No parcel of order .* is waiting/);
  });

  it('records nothing when the courier refuses the answer or does not answer, and takes it when sent again', async () => {
    const { id, customer, parcel } = await failedDelivery();
    const [day] = reattemptDays(new Date());
    const spy = vi.spyOn(courier(), 'actOnNdr');
    try {
      spy.mockRejectedValueOnce(new CourierProviderError('Re-attempt date is beyond the hold period.', 422));
      const refused = await answer(customer, id, { action: 'reattempt', date: day, phone: '9845012345' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/did not accept the answer .* beyond the hold period/);
      spy.mockRejectedValueOnce(new CourierProviderError('socket hang up'));
      const lost = await answer(customer, id, { action: 'reattempt', date: day, phone: '9845012345' });
      expect(lost.statusCode).toBe(502);
      expect(lost.json().message).toMatch(/did not answer.*Nothing was changed/);
      expect((await trackingOf(customer, id)).failedDelivery).toMatchObject({
        awaitingAnswer: true,
        answer: null,
      });
      expect((await orderRow(id)).shippingInfo.mobile).not.toBe('9845012345');
      const taken = await answer(customer, id, { action: 'reattempt', date: day, phone: '9845012345' });
      expect(taken.statusCode, taken.body).toBe(200);
    } finally {
      spy.mockRestore();
    }
    expect(courier().ndrActionsOf(parcel.awb)).toHaveLength(1);
  });

  it('ignores a late scan of an earlier attempt: the open attempt stays open and can be answered', async () => {
    const { id, customer, parcel } = await failedDelivery();
    // The first attempt's out-for-delivery scan again, under another id, an hour late.
    const body = Buffer.from(
      JSON.stringify({
        event_id: `late-${parcel.awb}`,
        awb: parcel.awb,
        status: 'out-for-delivery',
        reason: null,
        location: 'Test hub',
        occurred_at: new Date(Date.now() - 3_600_000).toISOString(),
      }),
    );
    const signature = createHmac('sha256', 'builtin-test-courier-webhook-secret').update(body).digest('hex');
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipping/webhooks/test-courier',
      headers: { 'content-type': 'application/json', [TEST_COURIER_SIGNATURE_HEADER]: signature },
      payload: body,
    });
    expect(late.json().status).toBe('processed');
    const tracked = await trackingOf(customer, id);
    expect(tracked.status).toBe('ndr');
    expect(tracked.failedDelivery).toMatchObject({ attempt: 1, awaitingAnswer: true });
    const [day] = reattemptDays(new Date());
    expect((await answer(customer, id, { action: 'reattempt', date: day })).statusCode).toBe(200);
  });
  it('is opened by a polled scan too (its webhook lost), without a reason: the customer still answers it', async () => {
    const { id, customer, parcel } = await failedDelivery();
    await scan(parcel.awb, 'out-for-delivery');
    // The courier's next failed attempt, known only from its tracking (the reconciliation's poll).
    const polled = courier().recordScan(parcel.awb, { status: 'ndr' });
    expect(await ctx.app.services.shipmentTracking.applyScan(polled)).toBe('processed');
    expect(await ctx.app.services.shipmentTracking.applyScan(polled)).toBe('duplicate');
    expect((await trackingOf(customer, id)).failedDelivery).toMatchObject({
      attempt: 2,
      reason: 'The courier did not give a reason.',
      awaitingAnswer: true,
    });
    const [day] = reattemptDays(new Date());
    expect((await answer(customer, id, { action: 'reattempt', date: day })).statusCode).toBe(200);
  });
});

describe('the staff queue of failed deliveries', () => {
  it('lets orders staff re-attempt on a day or return a parcel, audited; support read it; others are refused', async () => {
    const a = await failedDelivery('Customer asked to deliver later');
    const b = await failedDelivery('Refused by the customer');
    const rows = await queue();
    expect(rows.filter((r) => [a.parcel._id, b.parcel._id].includes(r.shipmentId))).toHaveLength(2);
    expect((await as(catalogue, 'GET', '/api/admin/shipments/ndr')).statusCode).toBe(403);
    expect((await as(undefined, 'GET', '/api/admin/shipments/ndr')).statusCode).toBe(401);
    const [, , day] = reattemptDays(new Date());
    const url = (p: { _id: string }) => `/api/admin/shipments/${p._id}/ndr`;
    expect((await as(support, 'POST', url(a.parcel), { action: 'reattempt', date: day })).statusCode).toBe(
      403,
    );

    const reattempt = await as(ordersStaff, 'POST', url(a.parcel), { action: 'reattempt', date: day });
    expect(reattempt.statusCode, reattempt.body).toBe(200);
    expect(reattempt.json().failedDelivery.answer).toMatchObject({ kind: 'reattempt', by: 'staff', day });
    expect(
      (await as(ordersStaff, 'POST', url(a.parcel), { action: 'reattempt', date: day })).statusCode,
    ).toBe(200);
    expect(courier().ndrActionsOf(a.parcel.awb)).toEqual([
      { kind: 'reattempt', day, phone: undefined, address: undefined },
    ]);
    const changed = await as(ordersStaff, 'POST', url(a.parcel), { action: 'return' });
    expect(changed.statusCode).toBe(409);
    // The customer sees the shop's answer and cannot give another.
    expect((await trackingOf(a.customer, a.id)).failedDelivery.answer).toMatchObject({ by: 'staff', day });
    expect(
      (await answer(a.customer, a.id, { action: 'reattempt', date: reattemptDays(new Date())[0] }))
        .statusCode,
    ).toBe(409);

    const back = await as(ordersStaff, 'POST', url(b.parcel), { action: 'return' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().failedDelivery.answer).toMatchObject({ kind: 'return', by: 'staff', day: null });
    expect(courier().ndrActionsOf(b.parcel.awb)).toEqual([{ kind: 'return' }]);
    const audits = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, b.id));
    expect(audits.map((e) => e.action)).toContain('shipment.ndr.return');
    expect(
      (await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, a.id))).map(
        (e) => e.action,
      ),
    ).toContain('shipment.ndr.reattempt');
    // Answered rows stay in the queue (after the unanswered ones) until the parcel moves on.
    await scan(b.parcel.awb, 'rto-initiated');
    const after = await queue();
    expect(after.some((r) => r.shipmentId === b.parcel._id)).toBe(false);
    expect(after.find((r) => r.shipmentId === a.parcel._id)?.failedDelivery.answer).toBeTruthy();

    const notWaiting = await as(ordersStaff, 'POST', url(b.parcel), { action: 'return' });
    expect(notWaiting.statusCode).toBe(409);
    expect(notWaiting.json().message).toMatch(/not waiting for an answer/);
    const unknown = await as(
      ordersStaff,
      'POST',
      '/api/admin/shipments/00000000-0000-4000-8000-000000000000/ndr',
      {
        action: 'return',
      },
    );
    expect(unknown.statusCode).toBe(404);
    expect((await as(ordersStaff, 'POST', url(b.parcel), { action: 'explode' })).statusCode).toBe(400);
  });
});
