import * as z from 'zod/mini';
import { readRupees } from './catalog-admin.schemas.js';
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

/*
 * What makes a coupon usable at checkout. Every field is optional, so the original
 * admin client's `{name, expiry, discount}` keeps working: on create an absent field means "none"
 * (a percentage coupon without limits); on edit it means "unchanged", and null or an empty box
 * clears it. Rupees outside, paise inside.
 */

const isBlank = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Rupees (still rupees after parsing, so a form can send what it checked), or null (blank: none);
 * absent stays absent.
 */
const optionalRupeesField = (label: string, { allowZero }: { allowZero: boolean }) =>
  z.optional(
    z.pipe(
      z.nullable(z.union([z.number(), z.string()], { error: `${label} must be a number of rupees` })),
      z.transform((value: number | string | null, ctx) => {
        if (isBlank(value)) return null;
        const rupees = readRupees(value as number | string, label);
        if (typeof rupees !== 'number') {
          ctx.issues.push({ code: 'custom', message: rupees.message, input: value });
          return z.NEVER;
        }
        if (!allowZero && rupees === 0) {
          ctx.issues.push({ code: 'custom', message: `${label} must be more than ₹0`, input: value });
          return z.NEVER;
        }
        return rupees;
      }),
    ),
  );

export const COUPON_LIMIT_MAX = 1_000_000;

/** A whole number of uses from 1, or null (blank: no limit); absent stays absent. */
const optionalLimitField = (label: string) =>
  z.optional(
    z.pipe(
      z.nullable(z.union([z.number(), z.string()], { error: `${label} must be a whole number` })),
      z.transform((value: number | string | null, ctx) => {
        if (isBlank(value)) return null;
        const number = typeof value === 'number' ? value : Number(String(value).trim());
        if (!Number.isInteger(number) || number < 1 || number > COUPON_LIMIT_MAX) {
          ctx.issues.push({
            code: 'custom',
            message: `${label} must be a whole number from 1 to ${COUPON_LIMIT_MAX.toLocaleString('en-IN')} (or empty for no limit)`,
            input: value,
          });
          return z.NEVER;
        }
        return number;
      }),
    ),
  );

const STARTS_MESSAGE = 'First day must be a date such as 2026-10-20 (or empty to start at once)';

/** The first day it applies (India time), as YYYY-MM-DD like the expiry, or null: at once. */
const optionalStartField = z.optional(
  z.pipe(
    z.nullable(z.string({ error: STARTS_MESSAGE })),
    z.transform((value: string | null, ctx) => {
      if (isBlank(value)) return null;
      const day = expiryDay(value as string);
      if (!day) {
        ctx.issues.push({ code: 'custom', message: STARTS_MESSAGE, input: value });
        return z.NEVER;
      }
      return day;
    }),
  ),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const COUPON_RESTRICTION_MAX = 100;

const idListField = (what: string) =>
  z.optional(
    z.pipe(
      z.nullable(z.array(z.string(), { error: `${what} must be a list of ids` })),
      z.transform((value: string[] | null, ctx) => {
        const ids = [...new Set((value ?? []).map((id) => id.trim().toLowerCase()))];
        if (ids.some((id) => !UUID.test(id))) {
          ctx.issues.push({ code: 'custom', message: `${what} must be a list of ids`, input: value });
          return z.NEVER;
        }
        if (ids.length > COUPON_RESTRICTION_MAX) {
          ctx.issues.push({
            code: 'custom',
            message: `Choose at most ${COUPON_RESTRICTION_MAX} ${what.toLowerCase()}`,
            input: value,
          });
          return z.NEVER;
        }
        return ids;
      }),
    ),
  );

export const couponKinds = ['percent', 'flat'] as const;
export type CouponKind = (typeof couponKinds)[number];

export const couponBody = z
  .object({
    name: couponNameField,
    expiry: couponExpiryField,
    /** Percent; required for a percentage coupon (every coupon the original client makes). */
    discount: z.optional(couponDiscountField),
    kind: z.optional(z.enum(couponKinds, { error: 'Kind is percent or flat' })),
    /** A flat coupon's amount off, in rupees. */
    flatAmount: optionalRupeesField('Amount off', { allowZero: false }),
    /** The least the eligible items must come to, in rupees. */
    minOrder: optionalRupeesField('Minimum order', { allowZero: true }),
    /** A percentage coupon's largest discount, in rupees. */
    maxDiscount: optionalRupeesField('Maximum discount', { allowZero: false }),
    startsAt: optionalStartField,
    /** Uses in all, placed orders and checkouts being paid for. */
    usageLimit: optionalLimitField('Total uses'),
    perCustomerLimit: optionalLimitField('Uses per customer'),
    /** Only items of these categories (and of these brands, when both are given) are discounted. */
    categoryIds: idListField('Categories'),
    brandIds: idListField('Brands'),
  })
  .check(
    z.superRefine((body, ctx) => {
      const flat = body.kind === 'flat';
      if (!flat && body.discount === undefined)
        ctx.addIssue({ code: 'custom', path: ['discount'], message: DISCOUNT_MESSAGE, input: body.discount });
      if (flat && (body.flatAmount === undefined || body.flatAmount === null))
        ctx.addIssue({
          code: 'custom',
          path: ['flatAmount'],
          message: 'Amount off is required for a flat coupon',
          input: body.flatAmount,
        });
      if (flat && body.maxDiscount !== undefined && body.maxDiscount !== null)
        ctx.addIssue({
          code: 'custom',
          path: ['maxDiscount'],
          message: 'A flat coupon takes its amount off: leave the maximum discount empty',
          input: body.maxDiscount,
        });
      if (body.startsAt && body.startsAt > body.expiry)
        ctx.addIssue({
          code: 'custom',
          path: ['startsAt'],
          message: 'The first day must be on or before the last day',
          input: body.startsAt,
        });
    }),
  );
export type CouponBody = z.output<typeof couponBody>;
export type CouponFormValues = z.input<typeof couponBody>;

export const couponAnswer = z.object({
  _id: z.string(),
  name: z.string(),
  /** 00:00 UTC of the day it expires, as an ISO timestamp. */
  expiry: z.string(),
  /** Percent (a flat coupon answers the 100% it may take of the eligible items, up to its amount). */
  discount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  // After the original fields.
  kind: z.enum(couponKinds),
  /** Rupees off a flat coupon; null for a percentage. */
  flatAmount: z.nullable(z.number()),
  minOrder: z.nullable(z.number()),
  maxDiscount: z.nullable(z.number()),
  /** 00:00 UTC of the first day it applies (India time); null: from its creation. */
  startsAt: z.nullable(z.string()),
  usageLimit: z.nullable(z.number()),
  perCustomerLimit: z.nullable(z.number()),
  categoryIds: z.array(z.string()),
  brandIds: z.array(z.string()),
  /** Orders placed with it. */
  used: z.number(),
  /** Checkouts holding a use while their shoppers pay. */
  held: z.number(),
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
