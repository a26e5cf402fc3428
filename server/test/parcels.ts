import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orders, products, shipments } from '../db/schema.js';
import { signUp } from './customers.js';
import { createProduct, ensureColor } from './factories.js';
import { type Customer, shoppingCalls, testAddress } from './shopping.js';
import { mailText, type startSmtpCapture } from './smtp-capture.js';
import type { SignedInStaff } from './staff.js';
import type { TestContext } from './test-app.js';

/**
 * Orders that go out in parcels through the built-in test courier, for the suites of what happens
 * after: real purchases (through the test gateway, or cash on delivery confirmed with the e-mailed
 * code), parcels booked from the console, and the courier's scans.
 */
export function parcelCalls(
  ctx: () => TestContext,
  smtp: () => Awaited<ReturnType<typeof startSmtpCapture>>,
  shipper: () => SignedInStaff,
) {
  const shop = shoppingCalls(() => ctx().app);
  const db = () => ctx().database.db;

  async function product(pricePaise: number) {
    const row = await createProduct(db(), { quantity: 20, pricePaise, colors: ['#000000'] });
    const color = await ensureColor(db(), '#000000');
    return { id: row.id, colorId: color.id };
  }

  async function mailsTo(to: string, subject: RegExp, count = 1) {
    for (let i = 0; i < 100; i++) {
      const found = smtp().messages.filter((m) => m.to.includes(to) && subject.test(mailText(m.raw)));
      if (found.length >= count) return found.map((m) => mailText(m.raw));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`fewer than ${count} e-mails to ${to} matching ${subject}`);
  }

  const lineIds = async (customer: Customer, id: string) => {
    const detail = (await shop.api(customer, 'GET', `/api/user/orders/${id}`)).json();
    return detail.orderItems.map((l: { _id: string; product: { _id: string } }) => ({
      lineId: l._id,
      productId: l.product._id,
    })) as { lineId: string; productId: string }[];
  };

  /**
   * A customer buys one phone and two covers, paid online or cash on delivery (confirmed with its
   * code). Answers the order, its customer and both lines with their products.
   */
  async function twoLineOrder(payment: 'online' | 'cod' = 'online', prices = [150_000, 50_000]) {
    const customer = await signUp(ctx().app);
    const phone = await product(prices[0]!);
    const cover = await product(prices[1]!);
    const lines = [
      { ...phone, quantity: 1 },
      { ...cover, quantity: 2 },
    ];
    let id: string;
    if (payment === 'online') {
      id = await shop.buy(customer, lines);
    } else {
      for (const line of lines) await shop.addToCart(customer, line.id, line.colorId, line.quantity);
      const placed = await shop.api(customer, 'POST', '/api/user/order/cod', { shippingInfo: testAddress });
      expect(placed.statusCode, placed.body).toBe(200);
      const order = placed.json().order;
      id = order._id;
      const mails = await mailsTo(
        customer.email,
        new RegExp(`is your code to confirm order ${order.orderNumber}`),
      );
      const code = /Your confirmation code is (\d{6})\./.exec(mails.at(-1)!)![1]!;
      const confirmed = await shop.api(customer, 'POST', `/api/user/orders/${id}/confirm-cod`, { code });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    }
    const ids = await lineIds(customer, id);
    const lineOf = (productId: string) => ids.find((l) => l.productId === productId)!.lineId;
    return { id, customer, phone, cover, phoneLine: lineOf(phone.id), coverLine: lineOf(cover.id) };
  }

  const asStaff = (
    who: SignedInStaff | undefined,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => ctx().app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

  /** Books a parcel of the order (the lines given, else every unit left); answers the parcel. */
  async function ship(orderId: string, lines?: { lineId: string; quantity: number }[]) {
    const made = await asStaff(
      shipper(),
      'POST',
      `/api/admin/orders/${orderId}/shipments`,
      lines ? { lines } : {},
    );
    expect(made.statusCode, made.body).toBe(201);
    return made.json() as { _id: string; awb: string; codAmount: number };
  }

  /** The test courier's scans of a parcel, in order. */
  async function scan(awb: string, ...statuses: string[]) {
    for (const status of statuses) {
      const answer = await ctx().app.inject({
        method: 'POST',
        url: `/api/shipping/test-courier/shipments/${awb}/events`,
        payload: { status, ...(status === 'rto-initiated' ? { reason: 'Customer refused the parcel' } : {}) },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
  }

  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const shipmentRow = async (id: string) =>
    (await db().select().from(shipments).where(eq(shipments.id, id)))[0]!;
  const stockOf = async (id: string) =>
    (await db().select().from(products).where(eq(products.id, id)))[0]!.quantity;

  return { shop, twoLineOrder, asStaff, ship, scan, orderRow, shipmentRow, stockOf, mailsTo };
}
