import { eq, inArray } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, orders, pickups, shipments } from '../../db/schema.js';
import { indiaDay, refuseDay } from '../../flows/schedule-pickup.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { shoppingCalls } from '../../test/shopping.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { pickupDays } from '../pincodes/index.js';

/**
 * Pickups through the API: booked parcels wait, staff ask the (test) courier to collect some on a
 * day (the day's rules, the parcels' states, the same request twice, the provider failing), a
 * parcel cancelled before the pickup leaves it, and the manifest is a PDF naming every AWB.
 */
let ctx: TestContext;
let ordersStaff: SignedInStaff;
let support: SignedInStaff;
let catalogue: SignedInStaff;

beforeAll(async () => {
  ctx = await createTestApp();
  ordersStaff = await signInStaff(ctx.app, 'orders');
  support = await signInStaff(ctx.app, 'support');
  catalogue = await signInStaff(ctx.app, 'catalogue');
});
afterAll(async () => {
  await ctx.close();
});

const shop = shoppingCalls(() => ctx.app);
const courier = () => ctx.app.services.testCourier!;

const as = (who: SignedInStaff | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
const overview = async (who: SignedInStaff = ordersStaff) => {
  const answer = await as(who, 'GET', '/api/admin/shipments/pickups');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as {
    days: string[];
    waiting: { _id: string; awb: string; orderNumber: string; missedPickup: string | null }[];
    pickups: { _id: string; status: string; parcels: { _id: string }[] }[];
  };
};
const askPickup = (shipmentIds: string[], day: string, who: SignedInStaff = ordersStaff) =>
  as(who, 'POST', '/api/admin/shipments/pickups', { shipmentIds, day });
const manifest = (id: string, who: SignedInStaff | null = support) =>
  as(who ?? undefined, 'GET', `/api/admin/shipments/pickups/${id}/manifest`);

type Parcel = { _id: string; awb: string; courier: string; orderId: string };

/** A customer buys `units` of a product and staff book them in one parcel (with `courier` if named). */
async function bookedParcel(units = 1, courierName?: string): Promise<Parcel & { orderNumber: string }> {
  const buyer = await signUp(ctx.app);
  const row = await createProduct(ctx.database.db, { quantity: 20, pricePaise: 80_000, colors: ['#000000'] });
  const color = await ensureColor(ctx.database.db, '#000000');
  const orderId = await shop.buy(buyer, [{ id: row.id, colorId: color.id, quantity: units }]);
  const made = await as(
    ordersStaff,
    'POST',
    `/api/admin/orders/${orderId}/shipments`,
    courierName ? { courier: courierName } : {},
  );
  expect(made.statusCode, made.body).toBe(201);
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
  return { ...(made.json() as Parcel), orderNumber: order!.orderNumber };
}

async function pdfText(body: Buffer) {
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { width, height } = (await pdf.getPage(1)).getViewport({ scale: 1 });
  const { text, totalPages } = await extractText(pdf, { mergePages: false });
  return { pages: text.map((page) => page.replace(/\s+/g, ' ')), totalPages, width, height };
}

const firstDay = async () => (await overview()).days[0]!;

describe('the pickup day', () => {
  const ist = (local: string) => Date.parse(`${local}:00+05:30`);
  // Friday 5 December 2025, before and after the 14:00 cut-off.
  const morning = ist('2025-12-05T10:00');
  const evening = ist('2025-12-05T15:00');
  const refused = (day: string, now: number) => {
    try {
      refuseDay(day, pickupDays(now, 6), now);
    } catch (error) {
      return (error as { fields?: Record<string, string> }).fields?.day ?? 'no field';
    }
    return undefined;
  };

  it('is a working day from today before the cut-off, else from tomorrow, up to a week ahead', () => {
    expect(refused('2025-12-05', morning)).toBeUndefined();
    expect(refused('2025-12-05', evening)).toBe(
      'Pickups for today close at 14:00 India time: the first day now is Sat, 6 Dec.',
    );
    expect(refused('2025-12-06', evening)).toBeUndefined();
    expect(refused('2025-12-07', morning)).toBe(
      'Couriers do not collect on Sundays: choose Fri, 5 Dec or a later day.',
    );
    expect(refused('2025-12-04', morning)).toBe(
      'Thu, 4 Dec has passed: the first day for a pickup is Fri, 5 Dec.',
    );
    // A Sunday gone is refused as gone, not as a Sunday.
    expect(refused('2025-11-30', morning)).toBe(
      'Sun, 30 Nov has passed: the first day for a pickup is Fri, 5 Dec.',
    );
    // Six working days: Friday to Thursday.
    expect(refused('2025-12-11', morning)).toBeUndefined();
    expect(refused('2025-12-12', morning)).toBe('A pickup can be asked for up to Thu, 11 Dec, a week ahead.');
    expect(refused('2025-02-30', morning)).toBe('2025-02-30 is not a date.');
  });

  it('is refused by the API with the reason at the day field (400)', async () => {
    const parcel = await bookedParcel();
    const { days } = await overview();
    expect(days).toEqual(pickupDays(Date.now(), 6));
    for (const day of days) expect(new Date(`${day}T00:00:00Z`).getUTCDay()).not.toBe(0);
    // The next Sunday: inside the week offered, or the day after it.
    const sunday = new Date(`${indiaDay(Date.now() + 86_400_000)}T00:00:00Z`);
    while (sunday.getUTCDay() !== 0) sunday.setUTCDate(sunday.getUTCDate() + 1);
    const yesterday = indiaDay(Date.now() - 86_400_000);
    for (const [day, reason] of [
      [sunday.toISOString().slice(0, 10), /Sundays/],
      [yesterday, /has passed/],
      ['2099-01-01', /up to/],
      ['1 Dec', /YYYY-MM-DD/],
    ] as const) {
      const answer = await askPickup([parcel._id], day);
      expect(answer.statusCode, day).toBe(400);
      expect(answer.json().errors.day, day).toMatch(reason);
    }
    expect((await overview()).waiting.map((p) => p._id)).toContain(parcel._id);
  });
});

describe('asking for a pickup', () => {
  it('lists booked parcels waiting, schedules the chosen ones with the courier, and records who asked', async () => {
    const a = await bookedParcel(2);
    const b = await bookedParcel();
    const c = await bookedParcel();
    // Booking asks for no pickup by itself.
    expect(
      courier()
        .pickupRequests()
        .flatMap((r) => r.awbs),
    ).not.toContain(a.awb);
    const before = await overview();
    const waiting = before.waiting.find((p) => p._id === a._id);
    expect(waiting).toMatchObject({
      awb: a.awb,
      orderNumber: a.orderNumber,
      courier: a.courier,
      weightGrams: expect.any(Number),
      codAmount: 0,
      pieces: 2,
      missedPickup: null,
    });

    const day = before.days[1]!;
    const answer = await askPickup([a._id, b._id], day);
    expect(answer.statusCode, answer.body).toBe(201);
    const pickup = answer.json();
    expect(pickup).toMatchObject({ day, status: 'scheduled', provider: 'test-courier', codAmount: 0 });
    expect(pickup.reference).toMatch(/^TCP-\d{10}$/);
    expect(pickup.pickupAt).toBe(new Date(`${day}T10:00:00+05:30`).toISOString());
    expect(pickup.parcels.map((p: { awb: string }) => p.awb).sort()).toEqual([a.awb, b.awb].sort());
    expect(courier().pickupRequests().at(-1)).toEqual({ awbs: expect.arrayContaining([a.awb, b.awb]), day });

    const after = await overview();
    expect(after.waiting.map((p) => p._id)).not.toContain(a._id);
    expect(after.waiting.map((p) => p._id)).toContain(c._id);
    expect(after.pickups.find((p) => p._id === pickup._id)?.parcels).toHaveLength(2);
    const parcels = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${a.orderId}/shipments`,
      headers: ordersStaff.headers,
    });
    expect(parcels.json().shipments[0].pickupDate).toBe(pickup.pickupAt);
    const [audit] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, pickup._id));
    expect(audit).toMatchObject({ action: 'pickup.request', actor: ordersStaff.email });
  });

  it('makes one pickup of the same request sent twice, one after the other or at once', async () => {
    const a = await bookedParcel();
    const b = await bookedParcel();
    const day = await firstDay();
    const asked = courier().pickupRequests().length;
    const first = await askPickup([a._id, b._id], day);
    const again = await askPickup([b._id, a._id, b._id], day);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()._id).toBe(first.json()._id);

    const c = await bookedParcel();
    const [x, y] = await Promise.all([askPickup([c._id], day), askPickup([c._id], day)]);
    expect([x.statusCode, y.statusCode], `${x.body} ${y.body}`).toEqual([201, 201]);
    expect(x.json()._id).toBe(y.json()._id);
    expect(courier().pickupRequests().length - asked).toBe(2);
    const rows = await ctx.database.db
      .select({ pickupId: shipments.pickupId })
      .from(shipments)
      .where(inArray(shipments.id, [a._id, b._id, c._id]));
    expect(new Set(rows.map((r) => r.pickupId)).size).toBe(2);
  });

  it('refuses parcels not booked, collected, cancelled or in another pickup (409), and unknown ones (404)', async () => {
    const day = await firstDay();
    const inOne = await bookedParcel();
    expect((await askPickup([inOne._id], day)).statusCode).toBe(201);
    const other = await askPickup([inOne._id, (await bookedParcel())._id], day);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(new RegExp(`Parcel ${inOne.awb} is already in the pickup on`));

    const collected = await bookedParcel();
    await ctx.app.inject({
      method: 'POST',
      url: `/api/shipping/test-courier/shipments/${collected.awb}/events`,
      payload: { status: 'picked-up' },
    });
    const picked = await askPickup([collected._id], day);
    expect(picked.statusCode).toBe(409);
    expect(picked.json().message).toBe(`Parcel ${collected.awb} has already been collected by the courier.`);

    const cancelled = await bookedParcel();
    await as(ordersStaff, 'POST', `/api/admin/shipments/${cancelled._id}/cancel`, {});
    expect((await askPickup([cancelled._id], day)).json().message).toMatch(/was cancelled/);

    courier().scriptBookings('unreachable');
    let pendingId = '';
    try {
      const buyer = await signUp(ctx.app);
      const row = await createProduct(ctx.database.db, { quantity: 5, colors: ['#000000'] });
      const color = await ensureColor(ctx.database.db, '#000000');
      const orderId = await shop.buy(buyer, [{ id: row.id, colorId: color.id, quantity: 1 }]);
      expect((await as(ordersStaff, 'POST', `/api/admin/orders/${orderId}/shipments`, {})).statusCode).toBe(
        502,
      );
      const [row2] = await ctx.database.db
        .select({ id: shipments.id })
        .from(shipments)
        .where(eq(shipments.orderId, orderId));
      pendingId = row2!.id;
    } finally {
      courier().scriptBookings('book');
    }
    const pending = await askPickup([pendingId], day);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toMatch(/is not booked with the courier/);

    const unknown = await askPickup(['00000000-0000-4000-8000-000000000000'], day);
    expect(unknown.statusCode).toBe(404);
    expect((await askPickup([], day)).statusCode).toBe(400);
  });

  it('lets a cancelled parcel leave its pickup, and the manifest lists the rest', async () => {
    const a = await bookedParcel();
    const b = await bookedParcel();
    const pickup = (await askPickup([a._id, b._id], await firstDay())).json();
    const cancelled = await as(ordersStaff, 'POST', `/api/admin/shipments/${b._id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const listed = (await overview()).pickups.find((p) => p._id === pickup._id)!;
    expect(listed.parcels.map((p) => p._id)).toEqual([a._id]);
    const { pages } = await pdfText((await manifest(pickup._id)).rawPayload);
    expect(pages.join(' ')).toContain(a.awb);
    expect(pages.join(' ')).not.toContain(b.awb);

    await as(ordersStaff, 'POST', `/api/admin/shipments/${a._id}/cancel`, {});
    const empty = await manifest(pickup._id);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toMatch(/Every parcel of this pickup was cancelled/);
  });

  it('offers again a parcel whose pickup day passed uncollected, and moves it to a new pickup', async () => {
    const parcel = await bookedParcel();
    const first = (await askPickup([parcel._id], await firstDay())).json();
    const past = indiaDay(Date.now() - 3 * 86_400_000);
    await ctx.database.db.update(pickups).set({ day: past }).where(eq(pickups.id, first._id));
    const waiting = (await overview()).waiting.find((p) => p._id === parcel._id);
    expect(waiting?.missedPickup).toBe(past);
    const again = await askPickup([parcel._id], await firstDay());
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()._id).not.toBe(first._id);
    expect((await overview()).waiting.map((p) => p._id)).not.toContain(parcel._id);
  });
});

describe('when the courier provider fails', () => {
  it('keeps a pickup it did not answer pending and asks again for the same request; frees the parcels it refused', async () => {
    const parcel = await bookedParcel();
    const day = await firstDay();
    courier().scriptPickups('unreachable');
    let lost: Awaited<ReturnType<typeof askPickup>>;
    try {
      lost = await askPickup([parcel._id], day);
    } finally {
      courier().scriptPickups('agree');
    }
    expect(lost.statusCode).toBe(502);
    expect(lost.json().message).toMatch(/did not answer.*asks it again/);
    const pending = (await overview()).pickups.find((p) => p.parcels.some((x) => x._id === parcel._id));
    expect(pending?.status).toBe('pending');
    const retried = await askPickup([parcel._id], day);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json()).toMatchObject({ _id: pending!._id, status: 'scheduled' });

    const refusedParcel = await bookedParcel();
    courier().scriptPickups('refuse');
    let refused: Awaited<ReturnType<typeof askPickup>>;
    try {
      refused = await askPickup([refusedParcel._id], day);
    } finally {
      courier().scriptPickups('agree');
    }
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'The courier refused the pickup: No pickups from this address on that day.',
    );
    const after = await overview();
    expect(after.waiting.find((p) => p._id === refusedParcel._id)?.missedPickup).toBeNull();
    expect(after.pickups.some((p) => p.parcels.some((x) => x._id === refusedParcel._id))).toBe(false);
  });
});

describe('the manifest', () => {
  it('is an A4 PDF per courier naming every AWB, order, the totals and who signs', async () => {
    const express = await bookedParcel(2, 'TC Express');
    const surface = await bookedParcel(1, 'TC Surface');
    const cod = await bookedParcel(1, 'TC Express');
    await ctx.database.db.update(shipments).set({ codAmountPaise: 123_456 }).where(eq(shipments.id, cod._id));
    const pickup = (await askPickup([express._id, surface._id, cod._id], await firstDay())).json();
    expect(pickup.couriers).toEqual(['TC Express', 'TC Surface']);
    expect(pickup.codAmount).toBe(1234.56);

    const answer = await manifest(pickup._id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toContain(`manifest-${pickup.day}-${pickup.reference}.pdf`);
    const { pages, totalPages, width, height } = await pdfText(answer.rawPayload);
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(totalPages).toBe(2);
    const [first, second] = pages as [string, string];
    expect(first).toContain('TC Express');
    for (const text of [express.awb, express.orderNumber, cod.awb, cod.orderNumber, pickup.reference])
      expect(first).toContain(text);
    expect(first).not.toContain(surface.awb);
    expect(first).toContain('Parcels: 2');
    expect(first).toContain('Pieces: 3');
    expect(first).toContain('COD to collect: ₹1,234.56');
    expect(first).toContain('Received by (TC Express pickup agent)');
    expect(first).toContain('Handed over by (the shop)');
    expect(second).toContain(surface.awb);
    expect(second).toContain('COD to collect: ₹0.00');
  });

  it('is read by whoever sees orders; asking for a pickup needs the orders role; no token is 401', async () => {
    const parcel = await bookedParcel();
    const day = await firstDay();
    expect((await askPickup([parcel._id], day, support)).statusCode).toBe(403);
    expect((await askPickup([parcel._id], day, catalogue)).statusCode).toBe(403);
    expect((await as(catalogue, 'GET', '/api/admin/shipments/pickups')).statusCode).toBe(403);
    expect((await as(undefined, 'GET', '/api/admin/shipments/pickups')).statusCode).toBe(401);
    expect(
      (await as(undefined, 'POST', '/api/admin/shipments/pickups', { shipmentIds: [parcel._id], day }))
        .statusCode,
    ).toBe(401);
    await overview(support);
    const pickup = (await askPickup([parcel._id], day)).json();
    expect((await manifest(pickup._id, support)).statusCode).toBe(200);
    expect((await manifest(pickup._id, catalogue)).statusCode).toBe(403);
    expect((await manifest(pickup._id, null)).statusCode).toBe(401);
    expect((await manifest('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await manifest('not-an-id')).statusCode).toBe(400);
  });
});
