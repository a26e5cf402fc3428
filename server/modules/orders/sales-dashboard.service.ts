import type { OrderStatus } from '../../../shared/api/orders.schemas.js';
import { paiseToRupees } from '../../../shared/money.js';
import type { ServiceDeps } from '../../service-deps.js';
import { countStockWarnings } from '../catalog/stock-levels.js';
import { countWaitingEnquiries } from '../enquiries/inbox.js';
import * as admin from './orders-admin.repository.js';
import { presentRow } from './orders-admin.service.js';
import * as figures from './sales-figures.repository.js';

const RECENT_ORDERS = 8;
/** India is UTC+05:30 all year (no daylight saving), so a fixed offset is exact. */
const INDIA_OFFSET_MINUTES = 330;
const INDIA_OFFSET_MS = INDIA_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;
/** Money that did not stay with the shop is not revenue. */
const NOT_REVENUE: OrderStatus[] = ['Cancelled', 'Refunded'];

/** The India calendar date of an instant, as UTC fields of a shifted Date. */
const inIndia = (at: Date) => new Date(at.getTime() + INDIA_OFFSET_MS);

function indiaDayStart(now: Date): Date {
  const shifted = inIndia(now).getTime();
  return new Date(shifted - (shifted % DAY_MS) - INDIA_OFFSET_MS);
}

function indiaMonthStart(now: Date, monthsBack = 0): Date {
  const local = inIndia(now);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - monthsBack, 1) - INDIA_OFFSET_MS);
}

const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** Sales figures: the console's dashboard and the original admin client's income calls. */
export function createSalesDashboardService(deps: ServiceDeps) {
  const { db } = deps;
  const now = () => new Date();

  /** The first day of the month eleven months before this one, in UTC (the original's window). */
  function legacyWindowStart(): Date {
    const current = now();
    return new Date(Date.UTC(current.getUTCFullYear(), current.getUTCMonth() - 11, 1));
  }

  return {
    /** GET user/getMonthWiseOrderIncome: 0-based months of the UTC window, oldest first. */
    async legacyMonthlyIncome() {
      const months = await figures.monthlyTotals(db, { since: legacyWindowStart(), offsetMinutes: 0 });
      return months.map((m) => ({
        _id: { month: m.month - 1 },
        amount: paiseToRupees(m.amountPaise),
        count: m.count,
      }));
    },

    /** GET user/getYearlyTotalOrders: one summary of the same window; zeros rather than []. */
    async legacyYearlyTotals() {
      const totals = await figures.totalsBetween(db, legacyWindowStart(), undefined, []);
      return [{ _id: null, count: totals.count, amount: paiseToRupees(totals.amountPaise) }];
    },

    async dashboard() {
      const current = now();
      const today = indiaDayStart(current);
      const monthStart = indiaMonthStart(current);
      const windowStart = indiaMonthStart(current, 11);
      const end = new Date(today.getTime() + DAY_MS);
      const [todayTotals, monthTotals, months, recent, enquiriesWaiting, stock, ordersToShip] =
        await Promise.all([
          figures.totalsBetween(db, today, end, NOT_REVENUE),
          figures.totalsBetween(db, monthStart, end, NOT_REVENUE),
          figures.monthlyTotals(db, {
            since: windowStart,
            offsetMinutes: INDIA_OFFSET_MINUTES,
            excludeStatuses: NOT_REVENUE,
          }),
          admin.listAdminOrders(db, {}, 'createdAt:desc', 0, RECENT_ORDERS),
          countWaitingEnquiries(db),
          countStockWarnings(db),
          figures.countWithStatuses(db, ['Ordered', 'Processing']),
        ]);
      const byMonth = new Map(months.map((m) => [monthKey(m.year, m.month), m]));
      const local = inIndia(current);
      const monthKeys = Array.from({ length: 12 }, (_, i) => {
        const first = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - 11 + i, 1));
        return monthKey(first.getUTCFullYear(), first.getUTCMonth() + 1);
      });
      return {
        today: { orders: todayTotals.count, revenue: paiseToRupees(todayTotals.amountPaise) },
        thisMonth: { orders: monthTotals.count, revenue: paiseToRupees(monthTotals.amountPaise) },
        months: monthKeys.map((month) => ({
          month,
          orders: byMonth.get(month)?.count ?? 0,
          revenue: paiseToRupees(byMonth.get(month)?.amountPaise ?? 0),
        })),
        recentOrders: recent.map(presentRow),
        enquiriesWaiting,
        lowStockProducts: stock.low,
        soldOutProducts: stock.soldOut,
        ordersToShip,
      };
    },
  };
}

export type SalesDashboardService = ReturnType<typeof createSalesDashboardService>;
