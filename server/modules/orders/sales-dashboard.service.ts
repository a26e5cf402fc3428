import type { ApiDashboard } from '../../../shared/api/orders-admin.schemas.js';
import { paiseToRupees } from '../../../shared/money.js';
import type { ServiceDeps } from '../../service-deps.js';
import { countMissingTranslations, countStockWarnings, lowestStockProducts } from '../catalog/index.js';
import { countOverdueRequests, countWaitingEnquiries } from '../enquiries/index.js';
import * as admin from './orders-admin.repository.js';
import { presentRow } from './orders-admin.service.js';
import * as figures from './sales-figures.repository.js';

const RECENT_ORDERS = 8;
const DAYS = 30;
const MONTHS = 12;
const LOW_STOCK_LISTED = 5;
const TOP_PRODUCTS = 5;
/** India is UTC+05:30 all year (no daylight saving), so a fixed offset is exact. */
const INDIA_OFFSET_MS = 330 * 60_000;

/**
 * India calendar arithmetic on instants. A Date shifted by +05:30 has India's wall clock in its
 * UTC fields; shifting back gives the instant again.
 */
const inIndia = (at: Date) => new Date(at.getTime() + INDIA_OFFSET_MS);
const fromIndia = (wallClock: number) => new Date(wallClock - INDIA_OFFSET_MS);

/** 00:00 in India of the day `daysAhead` after the India day of `now` (negative: before). */
function indiaDayStart(now: Date, daysAhead = 0): Date {
  const local = inIndia(now);
  return fromIndia(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + daysAhead));
}

/** 00:00 in India on the 1st of the month `monthsAhead` after the India month of `now`. */
function indiaMonthStart(now: Date, monthsAhead = 0): Date {
  const local = inIndia(now);
  return fromIndia(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + monthsAhead, 1));
}

/** 'YYYY-MM-DD' (day) or 'YYYY-MM' (month) of an India midnight, as the repository keys them. */
const dayKey = (start: Date) => inIndia(start).toISOString().slice(0, 10);
const monthKey = (start: Date) => inIndia(start).toISOString().slice(0, 7);

/** Every key of the window, oldest first, with its figures or zeros. */
function zeroFilled(keys: string[], buckets: figures.SalesBucket[]): figures.SalesBucket[] {
  const byKey = new Map(buckets.map((b) => [b.key, b]));
  return keys.map((key) => byKey.get(key) ?? { key, orders: 0, netPaise: 0 });
}

const present = (bucket: figures.SalesBucket) => ({
  orders: bucket.orders,
  netSales: paiseToRupees(bucket.netPaise),
});

/**
 * Sales figures: the console's dashboard and the original admin client's two income calls, from
 * one set of queries (sales-figures.repository.ts has the definition), so they never disagree.
 */
export function createSalesDashboardService(
  deps: ServiceDeps & {
    /**
     * Parcels that reached an end since a moment: returned to origin, and all that ended (delivered
     * or returned). Parcels are the shipments module's, which orders does not use: the composition
     * root hands its count over.
     */
    parcelEnds: (since: Date) => Promise<{ returned: number; ended: number }>;
    /** Price drops and cart reminders sent since a moment, and the reminders that became orders. */
    reminderFigures: (
      since: Date,
    ) => Promise<{ priceDrops: number; cartReminders: number; converted: number }>;
  },
) {
  const { db, parcelEnds, reminderFigures } = deps;
  const now = () => new Date();

  /** The current India month and the 11 before it, oldest first, zero-filled. */
  async function twelveMonths(current: Date) {
    const starts = Array.from({ length: MONTHS }, (_, i) => indiaMonthStart(current, i - (MONTHS - 1)));
    const buckets = await figures.salesByPeriod(db, {
      from: starts[0]!,
      to: indiaMonthStart(current, 1),
      period: 'month',
    });
    return zeroFilled(starts.map(monthKey), buckets);
  }

  /** Today (India) and the 29 days before it, oldest first, zero-filled. */
  async function thirtyDays(current: Date) {
    const starts = Array.from({ length: DAYS }, (_, i) => indiaDayStart(current, i - (DAYS - 1)));
    const buckets = await figures.salesByPeriod(db, {
      from: starts[0]!,
      to: indiaDayStart(current, 1),
      period: 'day',
    });
    return zeroFilled(starts.map(dayKey), buckets);
  }

  return {
    /**
     * GET user/getMonthWiseOrderIncome: the dashboard's twelve months, with the 0-based month the
     * client indexes its month names with; months without counted orders are absent, as before.
     */
    async legacyMonthlyIncome() {
      const months = await twelveMonths(now());
      return months
        .filter((m) => m.orders > 0)
        .map((m) => ({
          _id: { month: Number(m.key.slice(5, 7)) - 1 },
          amount: paiseToRupees(m.netPaise),
          count: m.orders,
        }));
    },

    /** GET user/getYearlyTotalOrders: the sums of the same twelve months; zeros rather than []. */
    async legacyYearlyTotals() {
      const months = await twelveMonths(now());
      const count = months.reduce((sum, m) => sum + m.orders, 0);
      const netPaise = months.reduce((sum, m) => sum + m.netPaise, 0);
      return [{ _id: null, count, amount: paiseToRupees(netPaise) }];
    },

    async dashboard(): Promise<ApiDashboard> {
      const current = now();
      const since = indiaDayStart(current, 1 - DAYS);
      const [
        days,
        months,
        recent,
        enquiriesWaiting,
        stock,
        lowStock,
        waiting,
        top,
        requestsOverdue,
        ends,
        missingTranslation,
        reminders,
      ] = await Promise.all([
        thirtyDays(current),
        twelveMonths(current),
        admin.listAdminOrders(db, {}, 'createdAt:desc', 0, RECENT_ORDERS),
        countWaitingEnquiries(db),
        countStockWarnings(db),
        lowestStockProducts(db, LOW_STOCK_LISTED),
        figures.countWaitingWork(db),
        // The same 30 India days as the daily figures.
        figures.topProducts(db, { since, limit: TOP_PRODUCTS }),
        countOverdueRequests(db),
        parcelEnds(since),
        countMissingTranslations(db),
        reminderFigures(since),
      ]);
      const today = days.at(-1)!;
      const thisMonth = months.at(-1)!;
      return {
        today: present(today),
        thisMonth: present(thisMonth),
        days: days.map((d) => ({ date: d.key, ...present(d) })),
        months: months.map((m) => ({ month: m.key, ...present(m) })),
        recentOrders: recent.map(presentRow),
        enquiriesWaiting,
        requestsOverdue,
        ordersToPack: waiting.toPack,
        ordersToShip: waiting.toShip,
        lowStockProducts: stock.low,
        soldOutProducts: stock.soldOut,
        lowStock: lowStock.map((v) => ({
          _id: v.productId,
          title: v.title,
          sku: v.sku,
          options: v.label,
          quantity: v.quantity,
        })),
        topProducts: top.map((p) => ({
          _id: p.productId,
          title: p.title,
          sku: p.sku,
          options: p.options,
          units: p.units,
          revenue: paiseToRupees(p.revenuePaise),
        })),
        rtoRate: { ...ends, rate: ends.ended > 0 ? ends.returned / ends.ended : null },
        productsMissingTranslation: missingTranslation,
        reminders,
      };
    },
  };
}

export type SalesDashboardService = ReturnType<typeof createSalesDashboardService>;
