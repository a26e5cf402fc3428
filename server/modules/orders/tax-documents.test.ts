import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountInWords } from '../../../shared/amount-in-words.js';
import { formatPaise } from '../../../shared/money.js';
import { categories, creditNotes, orderLines, orders, payments, refunds } from '../../db/schema.js';
import { DEMO_SELLER } from '../../seller-setting.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { insertCustomer, insertOrder } from '../../test/orders.js';
import { type Customer, shoppingCalls, testAddress } from '../../test/shopping.js';
import { mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { issueCreditNote } from './credit-notes.js';
import { documentDate } from './tax-document-pdf.js';

/**
 * Tax invoices, credit notes and the GST summary through the API: real purchases through
 * the test gateway, their PDFs read back as text and checked for every field CGST rule 46 asks
 * for, refunds that become credit notes, and the month's report from known documents.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let ordersStaff: SignedInStaff;
let support: SignedInStaff;
let catalogueStaff: SignedInStaff;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ SMTP_URL: smtp.url });
  ordersStaff = await signInStaff(ctx.app, 'orders');
  support = await signInStaff(ctx.app, 'support');
  catalogueStaff = await signInStaff(ctx.app, 'catalogue');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const shop = shoppingCalls(() => ctx.app);
const db = () => ctx.database.db;
const keralaAddress = {
  ...testAddress,
  firstName: 'Meera',
  lastName: 'Nair',
  address: '21/1134, Panampilly Nagar',
  city: 'Kochi',
  state: 'Kerala',
  pincode: '682036',
};

async function taxedProduct(pricePaise: number, category: string, hsnCode: string, gstRateBp: number) {
  const row = await createProduct(db(), { pricePaise, category, quantity: 100, colors: ['#000000'] });
  await db().update(categories).set({ hsnCode, gstRateBp }).where(eq(categories.id, row.categoryId));
  const color = await ensureColor(db(), '#000000');
  return { id: row.id, colorId: color.id, title: row.title };
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

/** The PDF's text, whitespace collapsed (table cells and long lines wrap). */
async function pdfText(body: Buffer): Promise<string> {
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const amount = (paise: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100);
const asStaff = (who: SignedInStaff, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  ctx.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

/** Every field of CGST rule 46 common to both invoices. */
function expectRule46(text: string, row: Awaited<ReturnType<typeof stored>>) {
  const { order, lines } = row;
  expect(text).toContain('TAX INVOICE');
  // Supplier: name, address, GSTIN (the demo's, said to be an example).
  expect(text).toContain(DEMO_SELLER.legalName);
  expect(text).toContain('Prestige Tech Park');
  expect(text).toContain(`GSTIN: ${DEMO_SELLER.gstin}`);
  expect(text).toContain('Demo seller: these are example details');
  // A consecutive serial number and the date.
  expect(text).toContain(`Invoice number ${order.invoiceNumber}`);
  expect(text).toContain(`Invoice date ${documentDate(order.invoiceDate!)}`);
  // Recipient: name, billing and delivery address, with state name and code.
  const address = order.shippingInfo;
  expect(text).toContain('Bill to');
  expect(text).toContain('Ship to (address of delivery)');
  expect(text.split(`${address.firstName} ${address.lastName}`).length - 1).toBe(2);
  expect(text).toContain(address.address);
  expect(text).toContain(`${address.city} ${address.pincode}`);
  // Per line: HSN, description, quantity, unit, taxable value, rate.
  for (const line of lines) {
    expect(text).toContain(line.hsnCode!);
    expect(text).toContain(line.title);
    expect(text).toContain(`${line.quantity} NOS ${amount(line.taxablePaise!)} ${line.gstRateBp! / 100}%`);
  }
  // Totals in figures and in words.
  expect(text).toContain(
    `Total taxable value ${formatPaise(lines.reduce((s, l) => s + l.taxablePaise!, 0))}`,
  );
  expect(text).toContain(`Total tax ${formatPaise(order.taxPaise)}`);
  expect(text).toContain(`Invoice total (GST included) ${formatPaise(order.totalPriceAfterDiscountPaise)}`);
  expect(text).toContain(`Amount in words: ${amountInWords(order.totalPriceAfterDiscountPaise)}`);
  // Place of supply, reverse charge, signature.
  expect(text).toContain(`Place of supply ${order.placeOfSupply}`);
  expect(text).toContain('Whether tax is payable on reverse charge: No');
  expect(text).toContain(`For ${DEMO_SELLER.legalName}`);
  expect(text).toContain('Authorised signatory');
}

describe('the tax invoice', () => {
  let phone: Awaited<ReturnType<typeof taxedProduct>>;
  let kurta: Awaited<ReturnType<typeof taxedProduct>>;
  beforeAll(async () => {
    phone = await taxedProduct(1_17_999_00, 'Mobiles (invoice test)', '8517', 1800);
    kurta = await taxedProduct(1_499_00, 'Apparel (invoice test)', '6205', 500);
  });

  it('within Karnataka: CGST and SGST at half the rate each, every rule-46 field in the PDF', async () => {
    const customer = await signUp(ctx.app);
    const id = await buy(
      customer,
      [
        { ...phone, quantity: 1 },
        { ...kurta, quantity: 2 },
      ],
      testAddress,
    );
    const row = await stored(id);
    expect(row.order.invoiceNumber).toMatch(/^BB\/\d\d-\d\d\/\d{6}$/);

    const detail = (await shop.api(customer, 'GET', `/api/user/orders/${id}`)).json();
    expect(detail.invoice).toEqual({
      number: row.order.invoiceNumber,
      date: row.order.invoiceDate!.toISOString(),
    });
    expect(detail.creditNotes).toEqual([]);

    const response = await shop.api(customer, 'GET', `/api/user/orders/${id}/invoice`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${row.order.invoiceNumber!.replace(/\//g, '-')}.pdf"`,
    );
    expect(response.headers['cache-control']).toMatch(/no-store/);
    const text = await pdfText(response.rawPayload);
    expectRule46(text, row);
    expect(text).toContain('Place of supply Karnataka (29)');
    expect(text).toContain('State: Karnataka · State code: 29');
    expect(text).toContain('CGST (₹)');
    expect(text).toContain('SGST (₹)');
    expect(text).not.toContain('IGST (₹)');
    expect(text).not.toContain('Total IGST');
    for (const line of row.lines) {
      expect(line.cgstPaise).toBeGreaterThan(0);
      expect(text).toContain(`${amount(line.cgstPaise)} @ ${line.gstRateBp! / 200}%`);
    }
    const cgst = row.lines.reduce((s, l) => s + l.cgstPaise, 0);
    expect(text).toContain(`Total CGST ${formatPaise(cgst)} Total SGST ${formatPaise(cgst)}`);

    // Staff download the very same document.
    const staffCopy = await asStaff(support, `/api/admin/orders/${id}/invoice`);
    expect(staffCopy.statusCode).toBe(200);
    expect(staffCopy.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(staffCopy.rawPayload)).toBe(text);
  });

  it('to Kerala: IGST at the full rate', async () => {
    const customer = await signUp(ctx.app);
    const id = await buy(customer, [{ ...phone, quantity: 1 }], keralaAddress);
    const row = await stored(id);
    const response = await shop.api(customer, 'GET', `/api/user/orders/${id}/invoice`);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expectRule46(text, row);
    expect(text).toContain('Place of supply Kerala (32)');
    expect(text).toContain('State: Kerala · State code: 32');
    expect(text).toContain('IGST (₹)');
    expect(text).not.toContain('CGST (₹)');
    expect(text).not.toContain('Total CGST');
    const line = row.lines[0]!;
    expect(line.igstPaise).toBe(17_999_85);
    expect(text).toContain(`${amount(line.igstPaise)} @ 18%`);
    expect(text).toContain(`Total IGST ${formatPaise(line.igstPaise)}`);
    expect(text).toContain('Rupees One Lakh Seventeen Thousand Nine Hundred Ninety-Nine Only');
  });

  it('is its customer’s alone: 404 to other customers, 401 without a token, 403 to staff without orders.read', async () => {
    const owner = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const id = await buy(owner, [{ ...kurta, quantity: 1 }], testAddress);
    const theirs = await shop.api(stranger, 'GET', `/api/user/orders/${id}/invoice`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('There is no order with that id.');
    expect((await shop.api(undefined, 'GET', `/api/user/orders/${id}/invoice`)).statusCode).toBe(401);
    expect(
      (await shop.api(owner, 'GET', '/api/user/orders/6d1f4c3e-0000-4000-8000-000000000000/invoice'))
        .statusCode,
    ).toBe(404);
    expect((await shop.api(owner, 'GET', '/api/user/orders/not-an-id/invoice')).statusCode).toBe(400);
    expect((await asStaff(catalogueStaff, `/api/admin/orders/${id}/invoice`)).statusCode).toBe(403);
    // A shopper's token opens no staff route.
    expect((await shop.api(owner, 'GET', `/api/admin/orders/${id}/invoice`)).statusCode).toBe(403);
  });

  it('an order placed before invoices existed says so', async () => {
    const customer = await insertCustomer(db());
    const product = await createProduct(db(), { colors: ['#000000'] });
    const color = await ensureColor(db(), '#000000');
    const old = await insertOrder(db(), {
      userId: customer.id,
      lines: [{ productId: product.id, colorId: color.id, pricePaise: 10_000 }],
    });
    const response = await asStaff(support, `/api/admin/orders/${old.id}/invoice`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/placed before the shop issued invoices online/);
    const detail = await asStaff(support, `/api/admin/orders/${old.id}`);
    expect(detail.json()).toMatchObject({ invoice: null, creditNotes: [] });
  });

  it('goes with the delivered e-mail as a PDF attachment', async () => {
    const customer = await signUp(ctx.app);
    const id = await buy(customer, [{ ...kurta, quantity: 1 }], keralaAddress);
    const { order } = await stored(id);
    const steps: [string, object][] = [
      ['pack', {}],
      ['ship', { carrier: 'Delhivery', awb: '1234567890' }],
      ['deliver', {}],
    ];
    for (const [step, payload] of steps) {
      const answer = await asStaff(ordersStaff, `/api/admin/orders/${id}/${step}`, 'POST', payload);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    await ctx.app.services.emailOutbox.drain();
    const mail = smtp.messages.find(
      (m) => m.to.includes(customer.email) && /has been delivered/.test(mailText(m.raw)),
    );
    expect(mail, 'the delivered e-mail').toBeDefined();
    const raw = mail!.raw;
    const fileName = `${order.invoiceNumber!.replace(/\//g, '-')}.pdf`;
    expect(raw).toMatch(/Content-Type: application\/pdf/i);
    expect(raw).toContain(`filename=${fileName}`);
    expect(mailText(raw)).toContain(`Your tax invoice ${order.invoiceNumber} is attached`);
    // The attachment is the invoice itself.
    const part = raw.split(/Content-Type: application\/pdf/i)[1]!;
    const base64 = part
      .split(/\r?\n\r?\n/)[1]!
      .split(/\r?\n--/)[0]!
      .replace(/\s+/g, '');
    const text = await pdfText(Buffer.from(base64, 'base64'));
    expect(text).toContain(`Invoice number ${order.invoiceNumber}`);
  });
});

describe('credit notes', () => {
  let phone: Awaited<ReturnType<typeof taxedProduct>>;
  let cover: Awaited<ReturnType<typeof taxedProduct>>;
  beforeAll(async () => {
    phone = await taxedProduct(59_000_00, 'Mobiles (credit note test)', '8517', 1800);
    cover = await taxedProduct(1_180_00, 'Accessories (credit note test)', '3926', 1800);
  });

  const numberOf = (cn: string) => Number(cn.split('/')[2]);

  it('a processed refund makes a credit note in its own series, against the invoice, on both order pages', async () => {
    const customer = await signUp(ctx.app);
    const id = await buy(
      customer,
      [
        { ...phone, quantity: 1 },
        { ...cover, quantity: 2 },
      ],
      keralaAddress,
    );
    const { order, lines } = await stored(id);
    const coverLine = lines.find((l) => l.productId === cover.id)!;
    const byLine = await asStaff(ordersStaff, `/api/admin/orders/${id}/refund`, 'POST', {
      reason: 'Cover arrived cracked',
      lines: [{ lineId: coverLine.id, quantity: 1 }],
    });
    expect(byLine.statusCode, byLine.body).toBe(200);
    const first = byLine.json().creditNotes;
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ amount: 1180 });
    expect(first[0].number).toMatch(/^CN\/\d\d-\d\d\/\d{6}$/);

    // The cover's 18% IGST, reversed exactly: ₹1,180 = ₹1,000 + ₹180.
    const [note] = await db().select().from(creditNotes).where(eq(creditNotes.orderId, id));
    expect(note).toMatchObject({
      amountPaise: 1_180_00,
      taxablePaise: 1_000_00,
      igstPaise: 180_00,
      cgstPaise: 0,
      sgstPaise: 0,
    });

    const byAmount = await asStaff(ordersStaff, `/api/admin/orders/${id}/refund`, 'POST', {
      reason: 'Goodwill for the delay',
      amount: 500,
    });
    expect(byAmount.statusCode, byAmount.body).toBe(200);
    const notes = byAmount.json().creditNotes as { _id: string; number: string; amount: number }[];
    expect(notes.map((n) => n.amount)).toEqual([1180, 500]);
    // The next number of the CN series, not of the invoices'.
    expect(numberOf(notes[1]!.number)).toBe(numberOf(notes[0]!.number) + 1);

    const mine = (await shop.api(customer, 'GET', `/api/user/orders/${id}`)).json();
    expect(mine.creditNotes).toEqual(notes);

    const pdf = await shop.api(customer, 'GET', `/api/user/orders/${id}/credit-notes/${notes[0]!._id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="${notes[0]!.number.replace(/\//g, '-')}.pdf"`,
    );
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Credit note number ${notes[0]!.number}`);
    expect(text).toContain(
      `Against tax invoice ${order.invoiceNumber} dated ${documentDate(order.invoiceDate!)}`,
    );
    expect(text).toContain('Reason: Cover arrived cracked');
    expect(text).toContain(`3926 1 NOS ${amount(1_000_00)} 18% ${amount(180_00)} @ 18%`);
    expect(text).toContain(`Total credited (GST included) ${formatPaise(1_180_00)}`);
    expect(text).toContain(`Amount in words: ${amountInWords(1_180_00)}`);
    expect(text).toContain('Place of supply Kerala (32)');
    expect(text).toContain('Authorised signatory');

    const staffCopy = await asStaff(support, `/api/admin/orders/${id}/credit-notes/${notes[1]!._id}`);
    expect(staffCopy.statusCode).toBe(200);
    expect(await pdfText(staffCopy.rawPayload)).toContain(
      `Total credited (GST included) ${formatPaise(500_00)}`,
    );

    // Nobody else's, and not through another order.
    const stranger = await signUp(ctx.app);
    expect(
      (await shop.api(stranger, 'GET', `/api/user/orders/${id}/credit-notes/${notes[0]!._id}`)).statusCode,
    ).toBe(404);
    const otherId = await buy(customer, [{ ...cover, quantity: 1 }], keralaAddress);
    const crossed = await shop.api(
      customer,
      'GET',
      `/api/user/orders/${otherId}/credit-notes/${notes[0]!._id}`,
    );
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().message).toBe('This order has no credit note with that id.');
  });

  it('cancelling an order reverses its invoice to the paisa', async () => {
    const customer = await signUp(ctx.app);
    const id = await buy(
      customer,
      [
        { ...phone, quantity: 1 },
        { ...cover, quantity: 3 },
      ],
      testAddress,
    );
    const cancelled = await shop.api(customer, 'POST', `/api/user/orders/${id}/cancel`, {
      reason: 'Ordered by mistake',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const { order, lines } = await stored(id);
    const [note] = await db().select().from(creditNotes).where(eq(creditNotes.orderId, id));
    const linesCgst = lines.reduce((sum, l) => sum + l.cgstPaise, 0);
    // The delivery fee's tax is the order's less the lines' (none without a fee), in two halves.
    const deliveryTax = order.taxPaise - 2 * linesCgst;
    expect(note).toMatchObject({
      amountPaise: order.totalPriceAfterDiscountPaise,
      taxablePaise: order.totalPriceAfterDiscountPaise - order.taxPaise,
      cgstPaise: linesCgst + deliveryTax / 2,
      sgstPaise: linesCgst + deliveryTax / 2,
      igstPaise: 0,
    });
    expect(note!.cgstPaise + note!.sgstPaise).toBe(order.taxPaise);
  });
});

describe('the monthly GST summary', () => {
  /** An order invoiced at `at` with its GST as placement stores it (worked out by hand below). */
  async function invoiced(spec: {
    number: string;
    at: Date;
    place: string;
    state: string;
    lines: {
      pricePaise: number;
      quantity: number;
      rateBp: number;
      taxable: number;
      cgst: number;
      igst: number;
    }[];
    deliveryPaise?: number;
    taxPaise: number;
  }) {
    const customer = await insertCustomer(db());
    const product = await createProduct(db(), { colors: ['#000000'] });
    const color = await ensureColor(db(), '#000000');
    const delivery = spec.deliveryPaise ?? 0;
    const order = await insertOrder(db(), {
      userId: customer.id,
      createdAt: spec.at,
      shippingInfo: { ...testAddress, state: spec.state },
      lines: spec.lines.map((l) => ({ productId: product.id, colorId: color.id, ...l })),
      totalPaise: spec.lines.reduce((s, l) => s + l.pricePaise * l.quantity, 0) + delivery,
    });
    await db()
      .update(orders)
      .set({
        invoiceNumber: spec.number,
        invoiceDate: spec.at,
        placeOfSupply: spec.place,
        deliveryPaise: delivery,
        taxPaise: spec.taxPaise,
      })
      .where(eq(orders.id, order.id));
    const rows = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id));
    for (const [i, row] of rows.entries()) {
      const l = spec.lines[i]!;
      await db()
        .update(orderLines)
        .set({
          hsnCode: '8517',
          gstRateBp: l.rateBp,
          taxablePaise: l.taxable,
          cgstPaise: l.cgst,
          sgstPaise: l.cgst,
          igstPaise: l.igst,
        })
        .where(eq(orderLines.id, row.id));
    }
    const [fresh] = await db().select().from(orders).where(eq(orders.id, order.id));
    return fresh!;
  }

  async function refunded(order: typeof orders.$inferSelect, amountPaise: number, at: Date) {
    const [refund] = await db()
      .insert(refunds)
      .values({
        orderId: order.id,
        paymentId: (await db().select().from(payments).where(eq(payments.checkoutId, order.checkoutId)))[0]!
          .id,
        amountPaise,
        status: 'processed',
        reason: 'Test refund',
        processedAt: at,
      })
      .returning();
    return db().transaction((tx) => issueCreditNote(tx, order, refund!, at));
  }

  // India months: `hour`:00 IST on a day of May 2026 (1 May 00:00 IST is 30 April 18:30 UTC).
  const may = (day: number, hour = 12) => new Date(Date.UTC(2026, 4, day, hour - 5, -30));

  beforeAll(async () => {
    // ₹11,800 at 18% to Kerala: IGST ₹1,800 on ₹10,000.
    const a = await invoiced({
      number: 'BB/26-27/900001',
      at: may(1, 0), // midnight IST starting 1 May: May in India, still April in UTC
      place: 'Kerala (32)',
      state: 'Kerala',
      lines: [
        { pricePaise: 11_800_00, quantity: 1, rateBp: 1800, taxable: 10_000_00, cgst: 0, igst: 1_800_00 },
      ],
      taxPaise: 1_800_00,
    });
    // 2 × ₹1,050 at 5% in Karnataka, ₹49 delivery at 5%: CGST = SGST = ₹50 + ₹1.17.
    await invoiced({
      number: 'BB/26-27/900002',
      at: may(15),
      place: 'Karnataka (29)',
      state: 'Karnataka',
      lines: [{ pricePaise: 1_050_00, quantity: 2, rateBp: 500, taxable: 2_000_00, cgst: 50_00, igst: 0 }],
      deliveryPaise: 49_00,
      taxPaise: 102_34,
    });
    const c = await invoiced({
      number: 'BB/26-27/900003',
      at: may(31, 23), // 23:00 IST on 31 May: June 1 has not begun in India
      place: 'Kerala (32)',
      state: 'Kerala',
      lines: [{ pricePaise: 1_180_00, quantity: 1, rateBp: 1800, taxable: 1_000_00, cgst: 0, igst: 180_00 }],
      taxPaise: 180_00,
    });
    // Outside May: an April invoice (23:00 IST on 30 April) and a June credit note.
    await invoiced({
      number: 'BB/26-27/900004',
      at: new Date(Date.UTC(2026, 3, 30, 17, 30)),
      place: 'Kerala (32)',
      state: 'Kerala',
      lines: [{ pricePaise: 1_180_00, quantity: 1, rateBp: 1800, taxable: 1_000_00, cgst: 0, igst: 180_00 }],
      taxPaise: 180_00,
    });
    // ₹5,900 back on the first order in May: IGST ₹900 on ₹5,000 reversed.
    await refunded(a, 5_900_00, may(20));
    await refunded(c, 1_180_00, new Date(Date.UTC(2026, 5, 1, 0, 0)));
  });

  it('adds the month’s invoices less its credit notes, by rate and by place of supply', async () => {
    const response = await asStaff(support, '/api/admin/reports/gst/summary?month=2026-05');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      month: '2026-05',
      label: 'May 2026',
      invoices: {
        count: 3,
        taxable: 13_046.66,
        cgst: 51.17,
        sgst: 51.17,
        igst: 1_980,
        tax: 2_082.34,
        total: 15_129,
      },
      creditNotes: { count: 1, taxable: 5_000, cgst: 0, sgst: 0, igst: 900, tax: 900, total: 5_900 },
      net: {
        count: 4,
        taxable: 8_046.66,
        cgst: 51.17,
        sgst: 51.17,
        igst: 1_080,
        tax: 1_182.34,
        total: 9_229,
      },
      byRate: [
        { rate: 5, taxable: 2_046.66, cgst: 51.17, sgst: 51.17, igst: 0, tax: 102.34 },
        { rate: 18, taxable: 6_000, cgst: 0, sgst: 0, igst: 1_080, tax: 1_080 },
      ],
      byState: [
        { state: 'Karnataka', code: '29', taxable: 2_046.66, cgst: 51.17, sgst: 51.17, igst: 0, tax: 102.34 },
        { state: 'Kerala', code: '32', taxable: 6_000, cgst: 0, sgst: 0, igst: 1_080, tax: 1_080 },
      ],
      rows: [
        {
          state: 'Karnataka',
          code: '29',
          rate: 5,
          taxable: 2_046.66,
          cgst: 51.17,
          sgst: 51.17,
          igst: 0,
          tax: 102.34,
        },
        { state: 'Kerala', code: '32', rate: 18, taxable: 6_000, cgst: 0, sgst: 0, igst: 1_080, tax: 1_080 },
      ],
    });
    // June holds only the credit note of the order invoiced on 31 May.
    const june = (await asStaff(support, '/api/admin/reports/gst/summary?month=2026-06')).json();
    expect(june.invoices.count).toBe(0);
    expect(june.net).toMatchObject({ taxable: -1_000, igst: -180, tax: -180 });
  });

  it('downloads as CSV, one row per place of supply and rate, then the total', async () => {
    const response = await asStaff(support, '/api/admin/reports/gst?month=2026-05');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="gst-summary-2026-05.csv"');
    const records = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toEqual([
      {
        Month: '2026-05',
        'Place of supply': 'Karnataka',
        'State code': '29',
        'Rate (%)': '5',
        'Taxable value (INR)': '2046.66',
        'CGST (INR)': '51.17',
        'SGST/UTGST (INR)': '51.17',
        'IGST (INR)': '0.00',
        'Total tax (INR)': '102.34',
      },
      {
        Month: '2026-05',
        'Place of supply': 'Kerala',
        'State code': '32',
        'Rate (%)': '18',
        'Taxable value (INR)': '6000.00',
        'CGST (INR)': '0.00',
        'SGST/UTGST (INR)': '0.00',
        'IGST (INR)': '1080.00',
        'Total tax (INR)': '1080.00',
      },
      {
        Month: '2026-05',
        'Place of supply': 'Total',
        'State code': '',
        'Rate (%)': '',
        'Taxable value (INR)': '8046.66',
        'CGST (INR)': '51.17',
        'SGST/UTGST (INR)': '51.17',
        'IGST (INR)': '1080.00',
        'Total tax (INR)': '1182.34',
      },
    ]);
  });

  it('refuses a month it cannot read, and staff without orders.read', async () => {
    const bad = await asStaff(support, '/api/admin/reports/gst?month=2026-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose a month as YYYY-MM, like 2026-11');
    expect((await asStaff(catalogueStaff, '/api/admin/reports/gst/summary?month=2026-05')).statusCode).toBe(
      403,
    );
    // No month: the current India month.
    const now = await asStaff(support, '/api/admin/reports/gst/summary');
    expect(now.statusCode).toBe(200);
    expect(now.json().month).toMatch(/^\d{4}-\d{2}$/);
  });
});
