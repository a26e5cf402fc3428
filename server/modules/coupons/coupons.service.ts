import {
  type ApiCoupon,
  COUPON_TABLE_PAGE,
  type CouponBody,
  type CouponTableQuery,
  indiaToday,
} from '../../../shared/api/coupons.schemas.js';
import type { Executor } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { ServiceDeps } from '../../service-deps.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';
import * as repository from './coupons.repository.js';

const COUPON_NOT_FOUND = 'That coupon does not exist (it may have been deleted).';
/** The contract's list answers every coupon, up to this many. */
const LIST_MAX = 10_000;

export function presentCoupon(row: repository.CouponRow): ApiCoupon {
  return {
    _id: row.id,
    name: row.name,
    expiry: row.expiresAt.toISOString(),
    discount: row.discountPercent,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const valuesOf = (body: CouponBody): repository.CouponValues => ({
  name: body.name,
  discountPercent: body.discount,
  // `expiry` is the day as YYYY-MM-DD (the schema checked it): kept as 00:00 UTC of that day.
  expiresAt: new Date(`${body.expiry}T00:00:00.000Z`),
});

const describe = (c: ApiCoupon) => `${c.name} (${c.discount}% off, expires ${c.expiry.slice(0, 10)})`;

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

  return {
    async list(): Promise<ApiCoupon[]> {
      return (await repository.listAll(db, LIST_MAX)).map(presentCoupon);
    },

    /** The original client reads `[0]` of the answer: a one-element array. */
    async get(id: string): Promise<ApiCoupon[]> {
      const row = await repository.findById(db, id);
      if (!row) throw notFound(COUPON_NOT_FOUND);
      return [presentCoupon(row)];
    },

    async create(actor: AuditActor, body: CouponBody): Promise<ApiCoupon> {
      return db.transaction(async (tx) => {
        await repository.lockCoupons(tx);
        await refuseClash(tx, body.name);
        const coupon = presentCoupon(await repository.insert(tx, valuesOf(body)));
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
        const row = await repository.update(tx, id, valuesOf(body));
        if (!row) throw notFound(COUPON_NOT_FOUND);
        const before = presentCoupon(beforeRow);
        const coupon = presentCoupon(row);
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
        const row = await repository.remove(tx, id);
        if (!row) throw notFound(COUPON_NOT_FOUND);
        const coupon = presentCoupon(row);
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
      return { items: rows.map(presentCoupon), total, page, pageSize: COUPON_TABLE_PAGE };
    },
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
