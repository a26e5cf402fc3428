import { indiaToday } from '../../../shared/api/coupons.schemas.js';
import { defaultLocale, type Locale } from '../../../shared/locales.js';
import type { Executor, Transaction } from '../../db/client.js';
import { translator } from '../../i18n/index.js';
import { AppError, badRequest } from '../../lib/errors.js';
import * as repository from './coupons.repository.js';

/**
 * Coupons at checkout, for the modules that apply them. The coupons module owns
 * `coupons` and `coupon_redemptions`; checkout and order placement go through these functions,
 * each taking the database or the caller's transaction.
 *
 * A use is a `coupon_redemptions` row per checkout: held while the shopper pays (until the
 * checkout's stock hold expires), kept for good once its order is placed, deleted when the payment
 * fails, the shopper starts another checkout, or the hold lapses. Limits count placed uses plus
 * live holds, under a lock on the coupon's row, so 20 shoppers racing for the last 5 uses get
 * exactly 5 (reserveCouponUse).
 */

/** A coupon as checkout prices it (the shape of pricing.ts's PricingCoupon) and checks it. */
export type CheckoutCoupon = {
  id: string;
  code: string;
  kind: 'percent' | 'flat';
  percent: number;
  flatPaise: number | null;
  minOrderPaise: number | null;
  maxDiscountPaise: number | null;
  categoryIds: string[];
  brandIds: string[];
  usageLimit: number | null;
  perCustomerLimit: number | null;
  /** When it was last edited: a checkout that priced an older version starts again. */
  version: number;
};

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

const toCheckoutCoupon = (row: repository.CouponRow): CheckoutCoupon => ({
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

const refused = (message: string) => badRequest(message, { coupon: message });

/** Codes as shoppers type them: spaces around ignored, any case. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Within its days, India time: from its first day (if any) to its last day inclusive. */
function refuseOutsideWindow(row: repository.CouponRow, now: number) {
  const today = indiaToday(now).getTime();
  if (row.startsAt && today < row.startsAt.getTime())
    throw refused(`${row.name} can be used from ${dayFormat.format(row.startsAt)}.`);
  if (row.expiresAt.getTime() < today)
    throw refused(`${row.name} expired on ${dayFormat.format(row.expiresAt)}.`);
}

/**
 * Why a coupon cannot be used once more: this customer's uses are spent (`perCustomerLimit`), or
 * everyone's. Data, so that an e-mail can say it in the customer's language.
 */
export type CouponProblem = { coupon: string; perCustomerLimit?: number };

/** The problem in words (English for the API's answers; e-mails render it in their own language). */
export function couponProblemMessage(problem: CouponProblem, locale: Locale = defaultLocale): string {
  const { t } = translator(locale);
  return problem.perCustomerLimit !== undefined
    ? t('coupons.usedUp.perCustomer', { coupon: problem.coupon, limit: problem.perCustomerLimit })
    : t('coupons.usedUp.all', { coupon: problem.coupon });
}

/** Why the coupon cannot be used once more by this customer, or undefined when it can. */
function usedUpProblem(
  row: repository.CouponRow,
  uses: { total: number; mine: number },
): CouponProblem | undefined {
  if (row.perCustomerLimit !== null && uses.mine >= row.perCustomerLimit)
    return { coupon: row.name, perCustomerLimit: row.perCustomerLimit };
  if (row.usageLimit !== null && uses.total >= row.usageLimit) return { coupon: row.name };
  return undefined;
}

function usedUpMessage(row: repository.CouponRow, uses: { total: number; mine: number }): string | undefined {
  const problem = usedUpProblem(row, uses);
  return problem && couponProblemMessage(problem);
}

function refuseUsedUp(row: repository.CouponRow, uses: { total: number; mine: number }) {
  const message = usedUpMessage(row, uses);
  if (message) throw refused(message);
}

/**
 * The coupon a shopper typed, if it can be used now by them: 400 (with the field `coupon`) saying
 * why not: unknown, not yet valid, expired, used up, or used as often as one customer may. The
 * uses are counted without a lock, a quick answer before a provider order is made; the
 * reservation counts again under the lock.
 */
export async function couponForCheckout(
  db: Executor,
  typed: string,
  userId: string,
  now: number = Date.now(),
): Promise<CheckoutCoupon> {
  const code = normaliseCouponCode(typed);
  const row = code ? await repository.findByName(db, code) : undefined;
  if (!row) throw refused(`There is no coupon called ${code || '""'}. Please check the code.`);
  refuseOutsideWindow(row, now);
  if (row.usageLimit !== null || row.perCustomerLimit !== null)
    refuseUsedUp(row, await repository.countUses(db, row.id, userId));
  return toCheckoutCoupon(row);
}

/**
 * Holds one use of the coupon for a checkout, in the checkout's transaction, under a lock on the
 * coupon's row: placed uses and live holds are counted against both limits, then this one is
 * added. 400 when the coupon has just been used up (or expired, or deleted); 409 when staff
 * changed it after the shopper's total was computed (the shopper starts again and sees the new
 * total). Call releaseCouponHoldsOfUser first: the shopper's earlier checkouts no longer count.
 */
export async function reserveCouponUse(
  tx: Transaction,
  use: {
    coupon: CheckoutCoupon;
    userId: string;
    checkoutId: string;
    discountPaise: number;
    expiresAt: Date;
    now?: number;
  },
): Promise<void> {
  const row = await repository.lockCouponByName(tx, use.coupon.code);
  if (!row || row.id !== use.coupon.id)
    throw refused(`There is no coupon called ${use.coupon.code}. Please check the code.`);
  if (row.updatedAt.getTime() !== use.coupon.version)
    throw new AppError(409, `${row.name} has just been changed by the shop. Please apply it again.`, {
      coupon: `${row.name} has just been changed by the shop. Please apply it again.`,
    });
  refuseOutsideWindow(row, use.now ?? Date.now());
  refuseUsedUp(row, await repository.countUses(tx, row.id, use.userId));
  await repository.insertRedemption(tx, {
    couponId: row.id,
    userId: use.userId,
    checkoutId: use.checkoutId,
    discountPaise: use.discountPaise,
    expiresAt: use.expiresAt,
  });
}

/**
 * Order placement, in its transaction, after the stock (products, then the coupon's row: the
 * order checkouts take them in): the checkout's use becomes the order's for good, if the coupon's
 * limits still allow it. They are counted again under the coupon's lock, as at checkout: placed
 * uses and other shoppers' live holds against `usageLimit`, the customer's placed uses against
 * `perCustomerLimit`. A use released or lapsed meanwhile (a retry after a decline, a payment after
 * the hold lapsed) is taken again when there is room; when there is none, the answer says why and
 * the caller places no order with this discount (decision 034). Nothing to do for a checkout
 * without a coupon, or when the coupon has been deleted since.
 */
export async function claimCouponUse(
  tx: Executor,
  checkout: { id: string; userId: string; couponCode: string | null; couponDiscountPaise: number },
  orderId: string,
): Promise<{ usedUp: false } | { usedUp: true; message: string; problem: CouponProblem }> {
  if (!checkout.couponCode) return { usedUp: false };
  const row = await repository.lockCouponByName(tx, checkout.couponCode);
  if (!row) return { usedUp: false };
  // The customer's own holds (this checkout's among them) are not counted: what is left is room.
  const problem = usedUpProblem(row, await repository.countUses(tx, row.id, checkout.userId));
  if (problem) return { usedUp: true, message: couponProblemMessage(problem), problem };
  if (await repository.setRedemptionOrder(tx, checkout.id, orderId)) return { usedUp: false };
  await repository.insertRedemption(tx, {
    couponId: row.id,
    userId: checkout.userId,
    checkoutId: checkout.id,
    discountPaise: checkout.couponDiscountPaise,
    expiresAt: new Date(),
    orderId,
  });
  return { usedUp: false };
}

/** A failed payment or an order that could not be placed gives its coupon use back. */
export async function releaseCouponHold(db: Executor, checkoutId: string): Promise<void> {
  await repository.deleteHoldOfCheckout(db, checkoutId);
}

/**
 * A cash-on-delivery order that lapsed unconfirmed was never really ordered: its coupon use goes
 * back (a cancelled order keeps its use, as the best platforms count it).
 */
export async function releaseCouponUseOfOrder(db: Executor, orderId: string): Promise<void> {
  await repository.deleteRedemptionOfOrder(db, orderId);
}

/** A new checkout replaces the shopper's earlier ones: their held uses go (as their stock holds do). */
export async function releaseCouponHoldsOfUser(db: Executor, userId: string): Promise<void> {
  await repository.deleteHoldsOfUser(db, userId);
}

/** Deletes lapsed holds; they already count for nothing, this only keeps the table small. */
export async function sweepExpiredCouponHolds(db: Executor): Promise<number> {
  return repository.deleteExpiredHolds(db);
}
