import {
  type ApiCoupon,
  COUPON_TABLE_PAGE,
  type CouponBody,
  type CouponTableQuery,
  indiaToday,
} from '../../../shared/api/coupons.schemas.js';
import { formatPaise, paiseToRupees, rupeesToPaise } from '../../../shared/money.js';
import type { Executor } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { ServiceDeps } from '../../service-deps.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { taxonomyTitles } from '../catalog/index.js';
import * as repository from './coupons.repository.js';

const COUPON_NOT_FOUND = 'That coupon does not exist (it may have been deleted).';
/** The contract's list answers every coupon, up to this many. */
const LIST_MAX = 10_000;
/** What a flat coupon stores as its percentage: it may take all of the eligible items, up to its amount. */
const FLAT_PERCENT = 100;

type Uses = { used: number; held: number };

export function presentCoupon(row: repository.CouponRow, uses: Uses = { used: 0, held: 0 }): ApiCoupon {
  const rupees = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));
  return {
    _id: row.id,
    name: row.name,
    expiry: row.expiresAt.toISOString(),
    discount: row.discountPercent,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    kind: row.kind,
    flatAmount: row.kind === 'flat' ? rupees(row.flatPaise) : null,
    minOrder: rupees(row.minOrderPaise),
    maxDiscount: row.kind === 'percent' ? rupees(row.maxDiscountPaise) : null,
    startsAt: row.startsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    categoryIds: row.categoryIds,
    brandIds: row.brandIds,
    used: uses.used,
    held: uses.held,
  };
}

const day = (value: string) => new Date(`${value}T00:00:00.000Z`);
const paise = (rupees: number | null) => (rupees === null ? null : rupeesToPaise(rupees));

/**
 * The columns a body writes. Creating, an absent field is "none"; editing (`before`), it keeps
 * what the coupon has, so the original client's `{name, expiry, discount}` never wipes a limit.
 * Null (an empty box) clears. The kind decides which of percent/flat amount and cap apply.
 */
function valuesOf(body: CouponBody, before?: repository.CouponRow): repository.CouponValues {
  const kind = body.kind ?? before?.kind ?? 'percent';
  const keep = <T>(given: T | undefined, current: T, none: T): T =>
    given !== undefined ? given : before ? current : none;
  return {
    name: body.name,
    discountPercent:
      body.discount ?? (kind === 'flat' ? FLAT_PERCENT : (before?.discountPercent ?? FLAT_PERCENT)),
    // `expiry` is the day as YYYY-MM-DD (the schema checked it): kept as 00:00 UTC of that day.
    expiresAt: day(body.expiry),
    kind,
    flatPaise:
      kind === 'flat'
        ? keep(
            body.flatAmount === undefined ? undefined : paise(body.flatAmount),
            before?.flatPaise ?? null,
            null,
          )
        : null,
    maxDiscountPaise:
      kind === 'percent'
        ? keep(
            body.maxDiscount === undefined ? undefined : paise(body.maxDiscount),
            before?.maxDiscountPaise ?? null,
            null,
          )
        : null,
    minOrderPaise: keep(
      body.minOrder === undefined ? undefined : paise(body.minOrder),
      before?.minOrderPaise ?? null,
      null,
    ),
    startsAt: keep(
      body.startsAt === undefined ? undefined : body.startsAt === null ? null : day(body.startsAt),
      before?.startsAt ?? null,
      null,
    ),
    usageLimit: keep(body.usageLimit, before?.usageLimit ?? null, null),
    perCustomerLimit: keep(body.perCustomerLimit, before?.perCustomerLimit ?? null, null),
    categoryIds: keep(body.categoryIds, before?.categoryIds ?? [], []),
    brandIds: keep(body.brandIds, before?.brandIds ?? [], []),
  };
}

/** What the audit trail and toasts call a coupon: "DIWALI25 (25% off, expires 2026-11-08)". */
const describe = (c: ApiCoupon) => {
  const off =
    c.kind === 'flat' && c.flatAmount !== null
      ? `${formatPaise(rupeesToPaise(c.flatAmount))} off`
      : `${c.discount}% off${c.maxDiscount !== null ? ` up to ${formatPaise(rupeesToPaise(c.maxDiscount))}` : ''}`;
  const extras = [
    c.minOrder !== null ? `min order ${formatPaise(rupeesToPaise(c.minOrder))}` : '',
    c.startsAt ? `from ${c.startsAt.slice(0, 10)}` : '',
    c.usageLimit !== null ? `${c.usageLimit} uses` : '',
    c.perCustomerLimit !== null ? `${c.perCustomerLimit} per customer` : '',
    c.categoryIds.length
      ? `${c.categoryIds.length} ${c.categoryIds.length === 1 ? 'category' : 'categories'}`
      : '',
    c.brandIds.length ? `${c.brandIds.length} ${c.brandIds.length === 1 ? 'brand' : 'brands'}` : '',
  ].filter(Boolean);
  return `${c.name} (${[off, ...extras].join(', ')}, expires ${c.expiry.slice(0, 10)})`;
};

/**
 * Discount coupons: names upper case and unique ignoring case, expiry a day, discount a whole
 * percentage. Every write is audited in its transaction.
 */
export function createCouponsService(deps: ServiceDeps) {
  const { db } = deps;

  async function refuseClash(executor: Executor, name: string, exceptId?: string) {
    const clash = await repository.findByName(executor, name, exceptId);
    if (clash) throw conflict(`A coupon called ${clash.name} already exists.`);
  }

  /** Restrictions name categories and brands that exist (deleted ones simply never match later). */
  async function refuseUnknownRestrictions(executor: Executor, values: repository.CouponValues) {
    for (const [kind, ids, field, label] of [
      ['category', values.categoryIds ?? [], 'categoryIds', 'category'],
      ['brand', values.brandIds ?? [], 'brandIds', 'brand'],
    ] as const) {
      const known = await taxonomyTitles(executor, kind, ids);
      if (known.size < ids.length) {
        const message = `One of the chosen ${label === 'category' ? 'categories' : 'brands'} no longer exists. Please reload and choose again.`;
        throw badRequest(message, { [field]: message });
      }
    }
  }

  async function present(executor: Executor, rows: repository.CouponRow[]): Promise<ApiCoupon[]> {
    const uses = await repository.usesOf(
      executor,
      rows.map((r) => r.id),
    );
    return rows.map((row) => presentCoupon(row, uses.get(row.id)));
  }

  async function presentOne(executor: Executor, row: repository.CouponRow): Promise<ApiCoupon> {
    return (await present(executor, [row]))[0]!;
  }

  return {
    async list(): Promise<ApiCoupon[]> {
      return present(db, await repository.listAll(db, LIST_MAX));
    },

    /** The original client reads `[0]` of the answer: a one-element array. */
    async get(id: string): Promise<ApiCoupon[]> {
      const row = await repository.findById(db, id);
      if (!row) throw notFound(COUPON_NOT_FOUND);
      return [await presentOne(db, row)];
    },

    async create(actor: AuditActor, body: CouponBody): Promise<ApiCoupon> {
      return db.transaction(async (tx) => {
        await repository.lockCoupons(tx);
        await refuseClash(tx, body.name);
        const values = valuesOf(body);
        await refuseUnknownRestrictions(tx, values);
        const coupon = await presentOne(tx, await repository.insert(tx, values));
        await recordAudit(tx, actor, {
          action: 'coupon.create',
          entityType: 'coupon',
          entityId: coupon._id,
          summary: `Added the coupon ${describe(coupon)}`,
          after: coupon,
        });
        return coupon;
      });
    },

    async update(actor: AuditActor, id: string, body: CouponBody): Promise<ApiCoupon> {
      return db.transaction(async (tx) => {
        await repository.lockCoupons(tx);
        const beforeRow = await repository.findById(tx, id);
        if (!beforeRow) throw notFound(COUPON_NOT_FOUND);
        await refuseClash(tx, body.name, id);
        const values = valuesOf(body, beforeRow);
        if (values.kind === 'flat' && values.flatPaise === null) {
          const message = 'Amount off is required for a flat coupon';
          throw badRequest(message, { flatAmount: message });
        }
        await refuseUnknownRestrictions(tx, values);
        const row = await repository.update(tx, id, values);
        if (!row) throw notFound(COUPON_NOT_FOUND);
        const before = await presentOne(tx, beforeRow);
        const coupon = await presentOne(tx, row);
        await recordAudit(tx, actor, {
          action: 'coupon.update',
          entityType: 'coupon',
          entityId: id,
          summary: `Changed the coupon ${describe(before)} to ${describe(coupon)}`,
          before,
          after: coupon,
        });
        return coupon;
      });
    },

    async remove(actor: AuditActor, id: string): Promise<ApiCoupon> {
      return db.transaction(async (tx) => {
        const existing = await repository.findById(tx, id);
        if (!existing) throw notFound(COUPON_NOT_FOUND);
        // Counted before the row (and, by cascade, its uses) goes.
        const coupon = await presentOne(tx, existing);
        const row = await repository.remove(tx, id);
        if (!row) throw notFound(COUPON_NOT_FOUND);
        await recordAudit(tx, actor, {
          action: 'coupon.delete',
          entityType: 'coupon',
          entityId: id,
          summary: `Deleted the coupon ${describe(coupon)}`,
          before: coupon,
        });
        return coupon;
      });
    },

    async table(query: CouponTableQuery, now = Date.now()) {
      const page = query.page ?? 1;
      const { rows, total } = await repository.page(db, {
        q: query.q ?? '',
        ...(query.status ? { status: { kind: query.status, today: indiaToday(now) } } : {}),
        sort: query.sort ?? 'expiry:asc',
        limit: COUPON_TABLE_PAGE,
        offset: (page - 1) * COUPON_TABLE_PAGE,
      });
      return { items: await present(db, rows), total, page, pageSize: COUPON_TABLE_PAGE };
    },
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
