import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckoutLineSnapshot,
  categories,
  checkouts,
  orderLines,
  orders,
  products,
} from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { insertCustomer } from '../../test/orders.js';
import { type Customer, shoppingCalls, testAddress } from '../../test/shopping.js';
import { signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import type { ProviderPayment } from '../payments/payment-provider.js';
import { financialYearOf, formatDocumentNumber, takeDocumentNumber } from './document-numbers.js';

/**
 * GST on placed orders (decision 012) and their invoice numbers: real purchases through
 * the test gateway for the split by place of supply; placement called directly for the coupon
 * and delivery figures a checkout carries and for 50 orders placed at once.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const shop = shoppingCalls(() => ctx.app);
const db = () => ctx.database.db;
const keralaAddress = {
  ...testAddress,
  address: '21/1134, Panampilly Nagar',
  city: 'Kochi',
  state: 'Kerala',
  pincode: '682036',
};

async function taxedProduct(spec: {
  pricePaise: number;
  category: string;
  categoryHsn?: string;
  categoryRateBp?: number;
  hsnCode?: string;
  gstRateBp?: number;
  quantity?: number;
}) {
  const row = await createProduct(db(), {
    pricePaise: spec.pricePaise,
    category: spec.category,
    quantity: spec.quantity ?? 100,
    colors: ['#000000'],
  });
  if (spec.categoryHsn !== undefined || spec.categoryRateBp !== undefined)
    await db()
      .update(categories)
      .set({ hsnCode: spec.categoryHsn ?? null, gstRateBp: spec.categoryRateBp ?? null })
      .where(eq(categories.id, row.categoryId));
  if (spec.hsnCode !== undefined || spec.gstRateBp !== undefined)
    await db()
      .update(products)
      .set({ hsnCode: spec.hsnCode ?? null, gstRateBp: spec.gstRateBp ?? null })
      .where(eq(products.id, row.id));
  const color = await ensureColor(db(), '#000000');
  return { id: row.id, variantId: row.variantId, colorId: color.id, title: row.title };
}

const buy = (
  customer: Customer,
  lines: { id: string; colorId: string; quantity: number }[],
  shippingInfo: object,
) => shop.buy(customer, lines, { shippingInfo });

async function stored(orderId: string) {
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, orderId));
  return { order: order!, lines };
}

/** Every line: taxable + taxes = what was paid for it; the order's tax is the lines' and delivery's. */
function expectAddsUp({ order, lines }: Awaited<ReturnType<typeof stored>>) {
  let linesNet = 0;
  let linesTax = 0;
  for (const line of lines) {
    const net = line.pricePaise * line.quantity - line.discountPaise;
    expect(line.taxablePaise! + line.cgstPaise + line.sgstPaise + line.igstPaise).toBe(net);
    expect(line.cgstPaise).toBe(line.sgstPaise);
    linesNet += net;
    linesTax += line.cgstPaise + line.sgstPaise + line.igstPaise;
  }
  expect(linesNet + order.deliveryPaise).toBe(order.totalPriceAfterDiscountPaise);
  // What is left of the order's tax is the delivery fee's, which is zero without a fee.
  if (order.deliveryPaise === 0) expect(order.taxPaise).toBe(linesTax);
  else expect(order.taxPaise).toBeGreaterThan(linesTax);
}

describe('GST on an order, by place of supply', () => {
  let phone: Awaited<ReturnType<typeof taxedProduct>>;
  beforeAll(async () => {
    phone = await taxedProduct({
      pricePaise: 1_17_999_00,
      category: 'Mobiles (GST test)',
      categoryHsn: '8517',
      categoryRateBp: 1800,
    });
  });

  it('delivered in Karnataka, the seller’s state: CGST + SGST', async () => {
    const customer = await signUp(ctx.app);
    const id = await buy(customer, [{ ...phone, quantity: 1 }], testAddress);
    const row = await stored(id);
    expect(row.order.placeOfSupply).toBe('Karnataka (29)');
    expect(row.order.taxPaise).toBe(17_999_84);
    expect(row.lines[0]).toMatchObject({
      hsnCode: '8517',
      gstRateBp: 1800,
      taxablePaise: 99_999_16,
      cgstPaise: 8_999_92,
      sgstPaise: 8_999_92,
      igstPaise: 0,
      discountPaise: 0,
    });
    expect(row.order.invoiceNumber).toMatch(/^BB\/\d\d-\d\d\/\d{6}$/);
    expect(row.order.invoiceDate).toEqual(row.order.paidAt);
    expect(row.order.totalPricePaise).toBe(1_17_999_00);
    expectAddsUp(row);

    // The customer's order page and the console's carry the same figures, in rupees.
    const mine = await shop.api(customer, 'GET', `/api/user/orders/${id}`);
    expect(mine.statusCode, mine.body).toBe(200);
    const tax = {
      placeOfSupply: 'Karnataka (29)',
      intraState: true,
      stateTaxName: 'SGST',
      total: 17_999.84,
      taxable: 99_999.16,
      cgst: 8_999.92,
      sgst: 8_999.92,
      igst: 0,
      lines: [
        {
          lineId: row.lines[0]!.id,
          hsn: '8517',
          rate: 18,
          discount: 0,
          taxable: 99_999.16,
          cgst: 8_999.92,
          sgst: 8_999.92,
          igst: 0,
        },
      ],
      delivery: null,
      codFee: null,
    };
    expect(mine.json().tax).toEqual(tax);
    expect(mine.json().orderItems[0]._id).toBe(row.lines[0]!.id);
    const staff = await signInStaff(ctx.app, 'orders');
    const console = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${id}`,
      headers: staff.headers,
    });
    expect(console.statusCode, console.body).toBe(200);
    expect(console.json().tax).toEqual(tax);
  });

  it('delivered in Kerala: IGST', async () => {
    const customer = await signUp(ctx.app);
    const id = await buy(customer, [{ ...phone, quantity: 1 }], keralaAddress);
    const row = await stored(id);
    expect(row.order.placeOfSupply).toBe('Kerala (32)');
    expect(row.order.taxPaise).toBe(17_999_85);
    expect(row.lines[0]).toMatchObject({
      taxablePaise: 99_999_15,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 17_999_85,
    });
    expectAddsUp(row);
    const mine = await shop.api(customer, 'GET', `/api/user/orders/${id}`);
    expect(mine.json().tax).toMatchObject({
      placeOfSupply: 'Kerala (32)',
      intraState: false,
      igst: 17_999.85,
      cgst: 0,
    });
  });

  it('each line at its own rate: the product’s over its category’s, apparel by the value of a piece', async () => {
    const shirt = await taxedProduct({
      pricePaise: 999_00,
      category: 'Apparel (GST test)',
      categoryHsn: '6109',
      categoryRateBp: 500,
    });
    const jacket = await taxedProduct({ pricePaise: 4_999_00, category: 'Apparel (GST test)' });
    const speaker = await taxedProduct({
      pricePaise: 2_499_00,
      category: 'Mobiles (GST test)',
      hsnCode: '85182200',
      gstRateBp: 1800,
    });
    const untaxed = await taxedProduct({ pricePaise: 1_234_56, category: 'Unclassified (GST test)' });
    const customer = await signUp(ctx.app);
    const id = await buy(
      customer,
      [
        { ...shirt, quantity: 3 },
        { ...jacket, quantity: 1 },
        { ...speaker, quantity: 2 },
        { ...untaxed, quantity: 1 },
      ],
      keralaAddress,
    );
    const row = await stored(id);
    const byProduct = new Map(row.lines.map((l) => [l.productId, l]));
    expect(byProduct.get(shirt.id)).toMatchObject({ hsnCode: '6109', gstRateBp: 500 });
    // ₹4,999 a piece is above ₹2,500 before tax: 18%, whatever the category says.
    expect(byProduct.get(jacket.id)).toMatchObject({ hsnCode: '6109', gstRateBp: 1800 });
    expect(byProduct.get(speaker.id)).toMatchObject({ hsnCode: '85182200', gstRateBp: 1800 });
    // Nothing set anywhere: the standard rate, and no HSN code to print.
    expect(byProduct.get(untaxed.id)).toMatchObject({ hsnCode: null, gstRateBp: 1800 });
    // 3 × ₹999 at 5%: 2,997 × 5 / 105 = 142.714… -> ₹142.71.
    expect(byProduct.get(shirt.id)!.igstPaise).toBe(142_71);
    expectAddsUp(row);
  });
});

describe('coupon and delivery from the checkout', () => {
  const payment = (checkout: { providerOrderId: string; amountPaise: number }): ProviderPayment => ({
    id: `pay_test_${randomBytes(6).toString('hex')}`,
    entity: 'payment',
    order_id: checkout.providerOrderId,
    amount: checkout.amountPaise,
    currency: 'INR',
    // Captured: placement asks the provider for nothing more.
    status: 'captured',
    method: 'upi',
    captured: true,
    amount_refunded: 0,
    created_at: Math.floor(Date.now() / 1000),
  });

  /** A paid checkout as the checkout service records it, written straight to the database. */
  async function paidCheckout(
    userId: string,
    lines: CheckoutLineSnapshot[],
    extra: { couponCode?: string; couponDiscountPaise?: number; deliveryPaise?: number; state?: string } = {},
  ) {
    const items = lines.reduce((s, l) => s + l.pricePaise * l.quantity - (l.discountPaise ?? 0), 0);
    const [row] = await db()
      .insert(checkouts)
      .values({
        userId,
        provider: ctx.app.services.provider.name,
        providerOrderId: `order_test_${randomBytes(6).toString('hex')}`,
        amountPaise: items + (extra.deliveryPaise ?? 0),
        lines,
        couponCode: extra.couponCode ?? null,
        couponDiscountPaise: extra.couponDiscountPaise ?? 0,
        deliveryPaise: extra.deliveryPaise ?? 0,
        shippingInfo: { ...testAddress, state: extra.state ?? 'Karnataka' },
        status: 'paid',
      })
      .returning();
    return row!;
  }

  async function place(checkout: Awaited<ReturnType<typeof paidCheckout>>) {
    const result = await ctx.app.services.placement.place({ checkout, payment: payment(checkout) });
    if (result.kind !== 'placed') throw new Error(`not placed: ${JSON.stringify(result)}`);
    return result.order;
  }

  it('taxes each line on what is paid after its coupon share, and the delivery fee at the highest rate', async () => {
    const customer = await signUp(ctx.app);
    const shirt = await taxedProduct({
      pricePaise: 2_999_00,
      category: 'Apparel (GST test)',
      categoryHsn: '6109',
      categoryRateBp: 500,
    });
    const speaker = await taxedProduct({
      pricePaise: 1_499_00,
      category: 'Audio (GST test)',
      categoryHsn: '8518',
      categoryRateBp: 1800,
    });
    const line = (p: typeof shirt, quantity: number, discountPaise: number): CheckoutLineSnapshot => ({
      productId: p.id,
      variantId: p.variantId,
      sku: '',
      variantTitle: '',
      colorId: p.colorId,
      title: p.title,
      quantity,
      pricePaise: (p === shirt ? 2_999_00 : 1_499_00) as number,
      discountPaise,
    });
    const checkout = await paidCheckout(customer.id, [line(shirt, 1, 400_00), line(speaker, 2, 300_00)], {
      couponCode: 'DIWALI700',
      couponDiscountPaise: 700_00,
      deliveryPaise: 49_00,
      state: 'Kerala',
    });
    const order = await place(checkout);
    const row = await stored(order.id);
    expect(row.order).toMatchObject({
      couponCode: 'DIWALI700',
      couponDiscountPaise: 700_00,
      deliveryPaise: 49_00,
      // Items and delivery before the coupon; after it, what was paid.
      totalPricePaise: 2_999_00 + 2 * 1_499_00 + 49_00,
      totalPriceAfterDiscountPaise: 2_999_00 + 2 * 1_499_00 + 49_00 - 700_00,
      placeOfSupply: 'Kerala (32)',
    });
    const byProduct = new Map(row.lines.map((l) => [l.productId, l]));
    // ₹2,999 less ₹400 = ₹2,599 a piece, under ₹2,625: the coupon brings the shirt to 5%.
    // 2,599 × 5 / 105 = 123.7619… -> ₹123.76.
    expect(byProduct.get(shirt.id)).toMatchObject({
      discountPaise: 400_00,
      gstRateBp: 500,
      igstPaise: 123_76,
    });
    // 2 × 1,499 − 300 = 2,698 × 18 / 118 = 411.5593… -> ₹411.56.
    expect(byProduct.get(speaker.id)).toMatchObject({
      discountPaise: 300_00,
      gstRateBp: 1800,
      igstPaise: 411_56,
    });
    // Delivery ₹49 at 18% (the highest line rate): 7.4745… -> ₹7.47.
    expect(row.order.taxPaise).toBe(123_76 + 411_56 + 7_47);
    expectAddsUp(row);
    const mine = await shop.api(customer, 'GET', `/api/user/orders/${order.id}`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().tax).toMatchObject({
      total: 542.79,
      igst: 542.79,
      delivery: { rate: 18, taxable: 41.53, cgst: 0, sgst: 0, igst: 7.47 },
    });
    // Taxable value plus tax is what was paid, to the paisa.
    const { taxable, igst } = mine.json().tax as { taxable: number; igst: number };
    expect(Math.round(taxable * 100) + Math.round(igst * 100)).toBe(row.order.totalPriceAfterDiscountPaise);
  });

  it('an address still to be confirmed is taxed in the seller’s state; the address sent later re-splits it', async () => {
    const customer = await signUp(ctx.app);
    const phone = await taxedProduct({
      pricePaise: 59_999_00,
      category: 'Mobiles (GST test)',
      categoryHsn: '8517',
      categoryRateBp: 1800,
    });
    const checkout = await paidCheckout(customer.id, [
      {
        productId: phone.id,
        variantId: phone.variantId,
        sku: '',
        variantTitle: '',
        colorId: phone.colorId,
        title: phone.title,
        quantity: 1,
        pricePaise: 59_999_00,
      },
    ]);
    // The webhook places the order before the browser's address arrives: no address at all.
    await db().update(checkouts).set({ shippingInfo: null }).where(eq(checkouts.id, checkout.id));
    const [bare] = await db().select().from(checkouts).where(eq(checkouts.id, checkout.id));
    // The same payment, reported first by the webhook, then by the browser with the address.
    const paid = payment(bare!);
    const placedFirst = await ctx.app.services.placement.place({ checkout: bare!, payment: paid });
    if (placedFirst.kind !== 'placed') throw new Error(`not placed: ${JSON.stringify(placedFirst)}`);
    const first = placedFirst.order;
    expect(first.addressToConfirm).toBe(true);
    let row = await stored(first.id);
    expect(row.order.placeOfSupply).toBe('Karnataka (29)');
    expect(row.lines[0]!.cgstPaise).toBeGreaterThan(0);
    const invoiceNumber = row.order.invoiceNumber;

    const again = await ctx.app.services.placement.place({
      checkout: bare!,
      payment: paid,
      address: { address: { ...keralaAddress, mobile: undefined }, confirmed: true },
    });
    expect(again.kind).toBe('placed');
    row = await stored(first.id);
    expect(row.order.placeOfSupply).toBe('Kerala (32)');
    expect(row.lines[0]).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 9_152_39 });
    expect(row.order.taxPaise).toBe(9_152_39);
    expect(row.order.invoiceNumber).toBe(invoiceNumber);
    expectAddsUp(row);
  });

  it('50 orders placed at once get 50 consecutive invoice numbers; a sold-out one takes none', async () => {
    const phone = await taxedProduct({
      pricePaise: 9_999_00,
      category: 'Mobiles (GST test)',
      categoryHsn: '8517',
      categoryRateBp: 1800,
      quantity: 1000,
    });
    const gone = await taxedProduct({ pricePaise: 999_00, category: 'Mobiles (GST test)', quantity: 0 });
    // 53 shoppers: one shopper's placements run one at a time (one order per cart, decision 034).
    const shoppers = await Promise.all(Array.from({ length: 53 }, () => insertCustomer(db())));
    const snapshot = (p: typeof phone, pricePaise: number): CheckoutLineSnapshot[] => [
      {
        productId: p.id,
        variantId: p.variantId,
        sku: '',
        variantTitle: '',
        colorId: p.colorId,
        title: p.title,
        quantity: 1,
        pricePaise,
      },
    ];
    const paid = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        paidCheckout(shoppers[i]!.id, snapshot(phone, 9_999_00), { state: i % 2 ? 'Kerala' : 'Karnataka' }),
      ),
    );
    const soldOut = await Promise.all(
      Array.from({ length: 3 }, (_, i) => paidCheckout(shoppers[50 + i]!.id, snapshot(gone, 999_00))),
    );
    const results = await Promise.all(
      [...paid, ...soldOut].map((checkout) =>
        ctx.app.services.placement.place({ checkout, payment: payment(checkout) }),
      ),
    );
    expect(results.filter((r) => r.kind === 'placed')).toHaveLength(50);
    expect(results.filter((r) => r.kind === 'sold-out')).toHaveLength(3);
    const ids = results.flatMap((r) => (r.kind === 'placed' ? [r.order.id] : []));
    const rows = await db()
      .select({ invoiceNumber: orders.invoiceNumber })
      .from(orders)
      .where(inArray(orders.id, ids));
    const numbers = rows.map((r) => r.invoiceNumber!).sort();
    expect(new Set(numbers).size).toBe(50);
    const serials = numbers.map((n) => Number(n.slice(-6)));
    // Consecutive: no gaps, and the orders placed before these came first.
    expect(serials.at(-1)! - serials[0]! + 1).toBe(50);
    const [{ max }] = (await db()
      .select({ max: sql<string>`max(${orders.invoiceNumber})` })
      .from(orders)) as [{ max: string }];
    expect(max).toBe(numbers.at(-1));
    const [{ count }] = (await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.invoiceNumber} like ${`${numbers[0]!.slice(0, 9)}%`}`)) as [{ count: number }];
    // Every order of this financial year in the test database is numbered 1..count.
    expect(Number(max.slice(-6))).toBe(count);
  });
});

describe('invoice numbers', () => {
  it('a rolled-back transaction gives its number back', async () => {
    const at = new Date('2031-06-15T06:00:00Z');
    const take = () => db().transaction((tx) => takeDocumentNumber(tx, 'INV', at));
    const first = await take();
    await expect(
      db().transaction(async (tx) => {
        expect(await takeDocumentNumber(tx, 'INV', at)).toBe('BB/31-32/000002');
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    const second = await take();
    expect([first, second]).toEqual(['BB/31-32/000001', 'BB/31-32/000002']);
  });

  it('a new financial year starts at midnight of 1 April, India time, with its own series', async () => {
    // 31 Mar 2033 23:59 IST is 18:29 UTC; 1 Apr 2033 00:00 IST is 18:30 UTC.
    const lastMinute = new Date('2033-03-31T18:29:59.999Z');
    const newYear = new Date('2033-03-31T18:30:00.000Z');
    expect(financialYearOf(lastMinute).label).toBe('2032-33');
    expect(financialYearOf(newYear).label).toBe('2033-34');
    const numbers = await db().transaction(async (tx) => [
      await takeDocumentNumber(tx, 'INV', lastMinute),
      await takeDocumentNumber(tx, 'INV', newYear),
      await takeDocumentNumber(tx, 'CN', newYear),
      await takeDocumentNumber(tx, 'INV', newYear),
    ]);
    expect(numbers).toEqual(['BB/32-33/000001', 'BB/33-34/000001', 'CN/33-34/000001', 'BB/33-34/000002']);
  });

  it('stay within 16 characters', () => {
    expect(formatDocumentNumber('INV', new Date('2099-12-31T00:00:00Z'), 9_999_999)).toBe('BB/99-00/9999999');
    expect(formatDocumentNumber('CN', new Date('2026-04-01T00:00:00+05:30'), 12)).toBe('CN/26-27/000012');
    expect(
      formatDocumentNumber('INV', new Date('2026-04-01T00:00:00+05:30'), 123).length,
    ).toBeLessThanOrEqual(16);
  });
});
