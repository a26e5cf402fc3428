import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, couponRedemptions, coupons } from '../../db/schema.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { insertCustomer, insertOrder } from '../../test/orders.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { type CheckoutCoupon, claimCouponUse, couponForCheckout, reserveCouponUse } from './coupon-use.js';

/**
 * The reservation itself: a second checkout counting the uses must wait for the first to commit.
 * (Through the API, checkouts spend most of their time before their transaction, so a race is
 * rare there; here two transactions meet at the coupon's row on purpose.)
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});
const db = () => ctx.database.db;
/** A coupon row as checkout reads it (as couponForCheckout answers it, without the checks). */
const toCoupon = (row: typeof coupons.$inferSelect): CheckoutCoupon => ({
  id: row.id,
  code: row.name,
  kind: row.kind,
  percent: row.discountPercent,
  flatPaise: row.flatPaise,
  minOrderPaise: row.minOrderPaise,
  maxDiscountPaise: row.maxDiscountPaise,
  categoryIds: row.categoryIds,
  brandIds: row.brandIds,
  usageLimit: row.usageLimit,
  perCustomerLimit: row.perCustomerLimit,
  version: row.updatedAt.getTime(),
});

async function checkoutOf(userId: string) {
  const [row] = await db()
    .insert(checkouts)
    .values({
      userId,
      provider: 'test',
      providerOrderId: `order_${Math.random()}`,
      amountPaise: 100,
      lines: [],
    })
    .returning();
  return row!;
}

describe('reserveCouponUse', () => {
  it('makes a second checkout wait for the first to commit, then refuses it the last use', async () => {
    await db()
      .insert(coupons)
      .values({ name: 'LASTONE', discountPercent: 10, expiresAt: new Date('2099-12-31'), usageLimit: 1 });
    const [first, second] = await Promise.all([insertCustomer(db()), insertCustomer(db())]);
    const [a, b] = await Promise.all([checkoutOf(first!.id), checkoutOf(second!.id)]);
    const coupon: CheckoutCoupon = await couponForCheckout(db(), 'lastone', first!.id);
    const use = (userId: string, checkoutId: string) => ({
      coupon,
      userId,
      checkoutId,
      discountPaise: 10,
      expiresAt: new Date(Date.now() + 60_000),
    });

    let commitFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => {
      commitFirst = resolve;
    });
    let firstReserved!: () => void;
    const reserved = new Promise<void>((resolve) => {
      firstReserved = resolve;
    });
    const firstTx = db().transaction(async (tx) => {
      await reserveCouponUse(tx, use(first!.id, a.id));
      firstReserved();
      await firstMayCommit;
    });
    await reserved;
    let secondDone = false;
    const secondTx = db()
      .transaction((tx) => reserveCouponUse(tx, use(second!.id, b.id)))
      .then(
        () => 'reserved',
        (error: Error) => error.message,
      )
      .finally(() => {
        secondDone = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(secondDone).toBe(false);
    commitFirst();
    await firstTx;
    expect(await secondTx).toBe('LASTONE has been used up. Try another coupon.');
    expect(await db().select().from(couponRedemptions)).toHaveLength(1);
  });
});

describe('claimCouponUse', () => {
  it('gives the held use its order; takes one again when the hold was released and there is room; refuses past the limit', async () => {
    const [row] = await db()
      .insert(coupons)
      .values({ name: 'PAIDLATE', discountPercent: 10, expiresAt: new Date('2099-12-31'), usageLimit: 2 })
      .returning();
    const product = await createProduct(db(), { pricePaise: 10_000, colors: ['#000000'] });
    const color = await ensureColor(db(), '#000000');
    const customers = [await insertCustomer(db()), await insertCustomer(db()), await insertCustomer(db())];
    const order = async (i: number) =>
      insertOrder(db(), {
        userId: customers[i]!.id,
        lines: [{ productId: product.id, colorId: color.id, pricePaise: 10_000 }],
      });
    const checkoutOfOrder = (o: { checkoutId: string; userId: string }) => ({
      id: o.checkoutId,
      userId: o.userId,
      couponCode: 'PAIDLATE',
      couponDiscountPaise: 1_000,
    });
    const held = await order(0);
    await db().transaction((tx) =>
      reserveCouponUse(tx, {
        coupon: toCoupon(row!),
        userId: customers[0]!.id,
        checkoutId: held.checkoutId,
        discountPaise: 1_000,
        expiresAt: new Date(Date.now() + 60_000),
      }),
    );
    const claim = (o: { id: string; checkoutId: string; userId: string }) =>
      db().transaction((tx) => claimCouponUse(tx, checkoutOfOrder(o), o.id));
    expect(await claim(held)).toEqual({ usedUp: false });
    const released = await order(1);
    expect(await claim(released)).toEqual({ usedUp: false });
    // Two placed uses of two: a third payment whose hold lapsed gets no use (nor the discount).
    const late = await order(2);
    expect(await claim(late)).toEqual({
      usedUp: true,
      message: 'PAIDLATE has been used up. Try another coupon.',
      problem: { coupon: 'PAIDLATE' },
    });
    const uses = await db().select().from(couponRedemptions).where(eq(couponRedemptions.couponId, row!.id));
    expect(uses.map((u) => [u.checkoutId, u.orderId, u.discountPaise]).sort()).toEqual(
      [
        [held.checkoutId, held.id, 1_000],
        [released.checkoutId, released.id, 1_000],
      ].sort(),
    );
    // A checkout without a coupon writes nothing.
    const plain = await order(0);
    await db().transaction((tx) =>
      claimCouponUse(tx, { ...checkoutOfOrder(plain), couponCode: null, couponDiscountPaise: 0 }, plain.id),
    );
    expect(
      await db().select().from(couponRedemptions).where(eq(couponRedemptions.checkoutId, plain.checkoutId)),
    ).toEqual([]);
  });
});
