import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, codRemittanceRows, orderEvents } from '../../db/schema.js';
import { parcelCalls } from '../../test/parcels.js';
import { startSmtpCapture } from '../../test/smtp-capture.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * COD remittance reports through the API: the courier's CSV, as Shiprocket exports it, marks the
 * delivered cash-on-delivery orders it covers as paid with the UTR; every other row is listed with
 * its reason and applied nowhere; the same file again changes nothing.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let ordersStaff: SignedInStaff;
let support: SignedInStaff;
let catalogue: SignedInStaff;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ SMTP_URL: smtp.url, COD_MAX_ORDER: '50000' });
  [ordersStaff, support, catalogue] = await Promise.all([
    signInStaff(ctx.app, 'orders'),
    signInStaff(ctx.app, 'support'),
    signInStaff(ctx.app, 'catalogue'),
  ]);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const { asStaff, ship, scan, orderRow, twoLineOrder } = parcelCalls(
  () => ctx,
  () => smtp,
  () => ordersStaff,
);
const db = () => ctx.database.db;

/** A multipart body with the CSV in a `file` part, as a browser's FormData sends it. */
function upload(csv: string, who: SignedInStaff | null = ordersStaff, name = 'remittance.csv') {
  const boundary = `----remit${Math.random().toString(16).slice(2)}`;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/shipping/cod-remittances',
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    headers: { ...who?.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** A cash-on-delivery order shipped in one parcel and scanned to `statuses`. */
async function codParcel(...statuses: string[]) {
  const order = await twoLineOrder('cod');
  const parcel = await ship(order.id);
  await scan(parcel.awb, 'picked-up', ...statuses);
  return { ...order, parcel };
}

const HEADER = 'Order ID,AWB Code,Courier,COD Amount,CRF ID,UTR No,Remittance Date';
let utr = 0;
const row = (orderNumber: string, awb: string, amount: string, reference = `UTR${++utr}`) =>
  `${orderNumber},${awb},Test Courier,${amount},CRF${utr},${reference},2026-12-01`;

describe('a COD remittance report', () => {
  it('marks the delivered COD orders it covers paid with the UTR, and lists every difference without applying it', async () => {
    const paid = await codParcel('delivered');
    const wrongAmount = await codParcel('delivered');
    const moving = await codParcel('in-transit');
    const prepaid = await twoLineOrder('online');
    const prepaidParcel = await ship(prepaid.id);
    await scan(prepaidParcel.awb, 'picked-up', 'delivered');
    const numberOf = async (id: string) => (await orderRow(id)).orderNumber;

    const csv = [
      HEADER,
      row(await numberOf(paid.id), paid.parcel.awb, '"2,500.00"', 'UTR-HDFC-0001'),
      row('BB-NONE', 'TC9999999999', '100.00'),
      row(await numberOf(wrongAmount.id), wrongAmount.parcel.awb, '2400'),
      row(await numberOf(moving.id), moving.parcel.awb, '2500'),
      row(await numberOf(prepaid.id), prepaidParcel.awb, '2500'),
      row(await numberOf(paid.id), paid.parcel.awb, '2500.00'),
    ].join('\r\n');
    const answer = await upload(csv);
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json();
    expect(result).toMatchObject({
      duplicate: false,
      rows: 6,
      applied: { count: 1, amount: 2500 },
      differences: { count: 5, amount: 10_000 },
      uploadedBy: ordersStaff.email,
    });
    expect(result.lines.map((l: { line: number; outcome: string }) => [l.line, l.outcome])).toEqual([
      [2, 'applied'],
      [3, 'unknown_awb'],
      [4, 'amount_mismatch'],
      [5, 'not_delivered'],
      [6, 'prepaid'],
      [7, 'repeated_in_file'],
    ]);
    expect(result.lines[2]).toMatchObject({ amount: 2400, expected: 2500 });
    expect(result.lines[2].message).toMatch(/was to collect ₹2,500\.00, the report says ₹2,400\.00/);
    expect(result.lines[0]).toMatchObject({
      orderNumber: await numberOf(paid.id),
      reference: 'UTR-HDFC-0001',
    });

    expect(await orderRow(paid.id)).toMatchObject({ paymentStatus: 'paid' });
    for (const other of [wrongAmount, moving])
      expect((await orderRow(other.id)).paymentStatus).toBe('unpaid');
    const [collected] = await db()
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, paid.id))
      .then((rows) => rows.filter((e) => e.type === 'cash_collected'));
    expect(collected!.data).toMatchObject({ amountPaise: 250_000, reference: 'UTR-HDFC-0001' });
    const audits = await db().select().from(auditEvents).where(eq(auditEvents.entityId, result._id));
    expect(audits.map((a) => a.action)).toEqual(['cod_remittance.upload']);
    const orderAudits = await db().select().from(auditEvents).where(eq(auditEvents.entityId, paid.id));
    expect(orderAudits.map((a) => a.action)).toContain('order.collect_cash');

    // The same file again: nothing changes, and the answer says so.
    const again = await upload(csv);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ _id: result._id, duplicate: true, applied: { count: 1 } });
    expect(
      await db().select().from(codRemittanceRows).where(eq(codRemittanceRows.remittanceId, result._id)),
    ).toHaveLength(6);

    // Another report naming the same parcel: already remitted; the corrected amount applies.
    const second = await upload(
      [
        HEADER,
        row(await numberOf(paid.id), paid.parcel.awb, '2500'),
        row(await numberOf(wrongAmount.id), wrongAmount.parcel.awb, '2500', 'UTR-ICICI-0002'),
      ].join('\n'),
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().lines.map((l: { outcome: string }) => l.outcome)).toEqual([
      'already_remitted',
      'applied',
    ]);
    expect((await orderRow(wrongAmount.id)).paymentStatus).toBe('paid');

    const list = (await asStaff(support, 'GET', '/api/admin/shipping/cod-remittances')).json().remittances;
    expect(list.slice(0, 2).map((r: { _id: string }) => r._id)).toEqual([second.json()._id, result._id]);
    const one = await asStaff(support, 'GET', `/api/admin/shipping/cod-remittances/${result._id}`);
    expect(one.json()).toMatchObject({ duplicate: false, lines: expect.any(Array) });
    expect(one.json().lines).toHaveLength(6);
  });

  it('reads the header names in any case and order, and refuses an order already paid by hand', async () => {
    const byHand = await codParcel('delivered');
    const collect = await asStaff(ordersStaff, 'POST', `/api/admin/orders/${byHand.id}/collect-cash`, {});
    expect(collect.statusCode, collect.body).toBe(200);
    const answer = await upload(`utr,COD AMOUNT,awb\nN-77,2500,${byHand.parcel.awb}\n`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().lines).toEqual([
      expect.objectContaining({ line: 2, outcome: 'already_paid', reference: 'N-77', orderRef: null }),
    ]);
  });

  it('answers 400 naming the line for a file it cannot read, and applies nothing from it', async () => {
    const order = await codParcel('delivered');
    const unclosed = await upload(`${HEADER}\nA,${order.parcel.awb},X,2500,C,"U1,2026-12-01\n`);
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().message).toMatch(/could not be read as CSV.*line 2/);
    const short = await upload(`${HEADER}\nA,${order.parcel.awb},X,2500,C,U1,2026-12-01\nB,TC1,X,10\n`);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/line 3/);
    const badAmount = await upload(
      `${HEADER}\nA,${order.parcel.awb},X,2500,C,U1,2026-12-01\nB,TC1,X,ten,C,U2,2026-12-01\n`,
    );
    expect(badAmount.statusCode).toBe(400);
    expect(badAmount.json().message).toBe('Line 3: "ten" is not an amount in rupees.');
    const noReference = await upload(`AWB,COD Amount\n${order.parcel.awb},2500\n`);
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json().message).toMatch(/no remittance reference \(UTR or CRF ID\) column/);
    expect((await upload(`${HEADER}\n`)).statusCode).toBe(400);
    const notMultipart = await asStaff(ordersStaff, 'POST', '/api/admin/shipping/cod-remittances', {});
    expect(notMultipart.statusCode).toBe(400);
    expect((await orderRow(order.id)).paymentStatus).toBe('unpaid');
  });

  it('needs orders.write to upload and orders.read to read', async () => {
    const csv = `${HEADER}\n${row('X', 'TC0000000001', '1')}\n`;
    expect((await upload(csv, support)).statusCode).toBe(403);
    expect((await upload(csv, catalogue)).statusCode).toBe(403);
    expect((await upload(csv, null)).statusCode).toBe(401);
    expect((await asStaff(catalogue, 'GET', '/api/admin/shipping/cod-remittances')).statusCode).toBe(403);
    expect((await asStaff(support, 'GET', '/api/admin/shipping/cod-remittances')).statusCode).toBe(200);
    const missing = await asStaff(
      support,
      'GET',
      '/api/admin/shipping/cod-remittances/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('cash on delivery with a parcel returned to origin', () => {
  it('is paid once the delivered parcel is remitted and the other received back, for what was collected', async () => {
    const order = await twoLineOrder('cod');
    const phone = await ship(order.id, [{ lineId: order.phoneLine, quantity: 1 }]);
    const covers = await ship(order.id, [{ lineId: order.coverLine, quantity: 2 }]);
    expect([phone.codAmount, covers.codAmount]).toEqual([1500, 1000]);
    await scan(phone.awb, 'delivered');
    await scan(covers.awb, 'picked-up', 'rto-initiated', 'rto-delivered');
    expect((await orderRow(order.id)).fulfilmentStatus).toBe('delivered');

    const remitted = await upload(`${HEADER}\n${row('X', phone.awb, '1500', 'UTR-PARTIAL-1')}\n`);
    expect(remitted.json().lines[0].outcome).toBe('applied');
    // The covers are still to be received: the order waits.
    expect((await orderRow(order.id)).paymentStatus).toBe('unpaid');
    const received = await asStaff(ordersStaff, 'POST', `/api/admin/shipments/${covers._id}/rto-receipt`, {
      condition: 'intact',
      restock: 'all',
    });
    expect(received.json()).toMatchObject({ notCollected: 1000, orderReturned: false });
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ paymentStatus: 'paid', refundedPaise: 100_000 });
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.find((e) => e.type === 'cash_collected')!.data).toMatchObject({
      amountPaise: 150_000,
      reference: 'UTR-PARTIAL-1',
    });
  });
});
