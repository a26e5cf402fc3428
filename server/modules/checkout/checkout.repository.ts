import { and, asc, desc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type CheckoutLineSnapshot, checkouts, payments, type ShippingInfo } from '../../db/schema.js';
import type { PaymentRow } from '../payments/index.js';

export type CheckoutRow = typeof checkouts.$inferSelect;

export async function insertCheckout(
  db: Executor,
  values: {
    userId: string;
    provider: string;
    providerOrderId: string;
    amountPaise: number;
    lines: CheckoutLineSnapshot[];
    shippingInfo?: ShippingInfo;
    couponCode?: string | null;
    couponDiscountPaise?: number;
    deliveryPaise?: number;
    codFeePaise?: number;
    roundId: string;
  },
): Promise<CheckoutRow> {
  const [row] = await db.insert(checkouts).values(values).returning();
  return row!;
}

export async function findCheckoutByProviderOrder(
  db: Executor,
  provider: string,
  providerOrderId: string,
): Promise<CheckoutRow | undefined> {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.provider, provider), eq(checkouts.providerOrderId, providerOrderId)))
    .limit(1);
  return row;
}

export async function findCheckoutById(db: Executor, checkoutId: string): Promise<CheckoutRow | undefined> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId)).limit(1);
  return row;
}

/** Serialises everything that settles one checkout: browser, webhook and reconciler alike. */
export async function lockCheckout(db: Executor, checkoutId: string): Promise<CheckoutRow | undefined> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for('update').limit(1);
  return row;
}

/** A checkout's round: the checkouts of one cart until it is ordered (older rows: their own id). */
export const roundOf = (checkout: Pick<CheckoutRow, 'id' | 'roundId'>): string =>
  checkout.roundId ?? checkout.id;

/** The customer's most recent checkout, online or cash on delivery. */
export async function latestCheckoutOf(db: Executor, userId: string): Promise<CheckoutRow | undefined> {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(eq(checkouts.userId, userId))
    .orderBy(desc(checkouts.createdAt), desc(checkouts.id))
    .limit(1);
  return row;
}

/** Whether another checkout of the round already became its order. */
export async function roundOrdered(
  db: Executor,
  roundId: string,
  exceptCheckoutId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        or(eq(checkouts.roundId, roundId), eq(checkouts.id, roundId)),
        eq(checkouts.status, 'completed'),
        exceptCheckoutId ? ne(checkouts.id, exceptCheckoutId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The round's checkouts still waiting for a payment or an order, but `exceptCheckoutId`. */
export async function openCheckoutsOfRound(
  db: Executor,
  roundId: string,
  exceptCheckoutId: string,
): Promise<CheckoutRow[]> {
  return db
    .select()
    .from(checkouts)
    .where(
      and(
        or(eq(checkouts.roundId, roundId), eq(checkouts.id, roundId)),
        inArray(checkouts.status, ['pending', 'paid']),
        ne(checkouts.id, exceptCheckoutId),
      ),
    );
}

export async function setCheckoutStatus(db: Executor, checkoutId: string, status: CheckoutRow['status']) {
  await db.update(checkouts).set({ status }).where(eq(checkouts.id, checkoutId));
}

export async function setCheckoutShipping(db: Executor, checkoutId: string, shippingInfo: ShippingInfo) {
  await db.update(checkouts).set({ shippingInfo }).where(eq(checkouts.id, checkoutId));
}

/**
 * Authorized payments of checkouts that became orders, whose capture has not gone through yet
 * (a checkout's question about its payments: it reads the payments module's table in the join).
 */
export async function uncapturedPaymentsOfOrders(db: Executor, limit: number): Promise<PaymentRow[]> {
  return db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(checkouts, eq(checkouts.id, payments.checkoutId))
    .where(and(eq(payments.status, 'authorized'), eq(checkouts.status, 'completed')))
    .limit(limit)
    .then((rows) => rows.map((r) => r.payment));
}

/** Checkouts still waiting for their order, old enough that the browser has had its chance. */
export async function staleCheckouts(
  db: Executor,
  olderThan: Date,
  newerThan: Date,
  limit: number,
): Promise<CheckoutRow[]> {
  return db
    .select()
    .from(checkouts)
    .where(
      and(
        inArray(checkouts.status, ['pending', 'paid']),
        // Cash-on-delivery checkouts have no provider to ask: one left pending by a crash before
        // its order was placed simply lets its short holds lapse.
        ne(checkouts.provider, 'cod'),
        lt(checkouts.createdAt, olderThan),
        gt(checkouts.createdAt, newerThan),
      ),
    )
    .orderBy(asc(checkouts.createdAt))
    .limit(limit);
}

/**
 * The delivery address a customer typed at checkout, erased with their account: a
 * checkout is no tax record, so nothing of it needs keeping. The state stays (it decided the tax).
 */
export async function eraseCheckoutAddresses(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`
    update checkouts
    set shipping_info = jsonb_build_object(
          'firstName', 'Former', 'lastName', 'customer', 'address', '', 'landmark', '', 'city', '',
          'state', shipping_info->>'state', 'country', coalesce(shipping_info->>'country', 'India'),
          'pincode', ''),
        updated_at = now()
    where user_id = ${userId} and shipping_info is not null`);
}
