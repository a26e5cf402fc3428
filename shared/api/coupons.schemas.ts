import * as z from 'zod/mini';
import { recordIdParams } from './taxonomy.schemas.js';

export const COUPON_NAME_MAX = 30;

/** Codes shoppers type at checkout: letters, digits, `-` and `_`, kept upper case. */
export const couponNameField = z
  .string({ error: 'Name is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Name is required'),
    z.maxLength(COUPON_NAME_MAX, `Please keep the name under ${COUPON_NAME_MAX} characters`),
    z.regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only (no spaces)'),
    z.toUpperCase(),
  );

const DATE_ONLY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const FULL_ISO = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const EXPIRY_MESSAGE = 'Expiry must be a date such as 2026-12-31';

/**
 * The calendar day of an expiry as `YYYY-MM-DD`, or null: `YYYY-M-D` (the original client's edit
 * form rebuilds the date unpadded) or a full ISO timestamp, whose day is taken as written (an
 * offset such as +05:30 says which day the person meant).
 */
export function expiryDay(value: string): string | null {
  const trimmed = value.trim();
  const match = DATE_ONLY.exec(trimmed) ?? FULL_ISO.exec(trimmed);
  if (!match) return null;
  if (match[0].includes('T') && Number.isNaN(Date.parse(trimmed))) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2200) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  // Rejects 2026-02-30 and month 13, which Date would roll over.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

export const couponExpiryField = z.pipe(
  z.string({ error: EXPIRY_MESSAGE }),
  z.transform((value: string, ctx) => {
    const day = expiryDay(value);
    if (!day) {
      ctx.issues.push({ code: 'custom', message: EXPIRY_MESSAGE, input: value });
      return z.NEVER;
    }
    return day;
  }),
);

const DISCOUNT_MESSAGE = 'Discount must be a whole percentage from 1 to 100';

/** A percentage, sent as a number or (from a form) a numeric string. */
export const couponDiscountField = z.pipe(
  z.union([z.number({ error: DISCOUNT_MESSAGE }), z.string({ error: DISCOUNT_MESSAGE })]),
  z.transform((value: number | string, ctx) => {
    const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
    if (!Number.isInteger(number) || number < 1 || number > 100) {
      ctx.issues.push({ code: 'custom', message: DISCOUNT_MESSAGE, input: value });
      return z.NEVER;
    }
    return number;
  }),
);

export const couponBody = z.object({
  name: couponNameField,
  expiry: couponExpiryField,
  discount: couponDiscountField,
});
export type CouponBody = z.output<typeof couponBody>;
export type CouponFormValues = z.input<typeof couponBody>;

export const couponAnswer = z.object({
  _id: z.string(),
  name: z.string(),
  /** 00:00 UTC of the day it expires, as an ISO timestamp. */
  expiry: z.string(),
  /** Percent. */
  discount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApiCoupon = z.output<typeof couponAnswer>;

export const couponTableSortKeys = ['name', 'expiry', 'discount', 'createdAt'] as const;
/** `key:asc` or `key:desc`, as the console's tables write them. */
export const couponTableSorts = couponTableSortKeys.flatMap((key) => [`${key}:asc`, `${key}:desc`] as const);
export type CouponTableSort = (typeof couponTableSorts)[number];
export const couponStatuses = ['active', 'expired'] as const;
export const COUPON_TABLE_PAGE = 50;

export const couponTableQuery = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(COUPON_NAME_MAX, 'Please keep the search short'))),
  status: z.optional(z.enum(couponStatuses, { error: 'status is active or expired' })),
  sort: z.optional(z.enum(couponTableSorts, { error: `sort must be one of ${couponTableSorts.join(', ')}` })),
  page: z.optional(
    z.pipe(
      z.transform((value: unknown) => (value === '' || value === undefined ? 1 : Number(value))),
      z
        .number()
        .check(z.int('page must be a whole number'), z.minimum(1, 'page starts at 1'), z.maximum(10_000)),
    ),
  ),
});
export type CouponTableQuery = z.output<typeof couponTableQuery>;

export const listCoupons = { response: z.array(couponAnswer) };
export const getCoupon = { params: recordIdParams, response: z.array(couponAnswer) };
export const createCoupon = { body: couponBody, response: couponAnswer };
export const updateCoupon = { params: recordIdParams, body: couponBody, response: couponAnswer };
export const deleteCoupon = { params: recordIdParams, response: couponAnswer };
export const couponsTable = {
  query: couponTableQuery,
  response: z.object({
    items: z.array(couponAnswer),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
};

const INDIA_OFFSET_MS = 330 * 60_000;

/** Today's date in India as 00:00 UTC of that day: the form expiries are stored in. */
export function indiaToday(now: number = Date.now()): Date {
  const india = new Date(now + INDIA_OFFSET_MS);
  return new Date(Date.UTC(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate()));
}

/** A coupon still applies on its expiry day (India time) and has expired from the day after. */
export function isCouponExpired(expiry: string, now: number = Date.now()): boolean {
  return Date.parse(expiry) < indiaToday(now).getTime();
}
