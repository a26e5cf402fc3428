import { and, asc, desc, eq, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../shared/api/orders.schemas.js';
import type { Executor } from '../../db/client.js';
import { colors, orderLines, orders, payments, users } from '../../db/schema.js';
import type { OrderLineRow, OrderRow } from './orders.repository.js';

/**
 * The staff side's reads and writes of orders. Orders are always shown with their customer, and
 * searched by the customer's e-mail, mobile or name: those reads join `users` (and look at
 * `payments` for the method) in one statement, as the catalogue's reviews join their authors,
 * so a page of 100,000 orders is one query with one plan instead of a round trip per module.
 */

export type OrderCustomer = {
  firstname: string;
  lastname: string;
  email: string;
  mobile: string;
  isBlocked: boolean;
};
export type OrderWithCustomer = OrderRow & { customer: OrderCustomer };
/** `paidWith`: the provider's payment method (upi, card…), or `cod` for cash on delivery. */
export type AdminOrderListRow = OrderWithCustomer & { itemCount: number; paidWith: string | null };

export type AdminOrderFilters = {
  status?: OrderStatus | undefined;
  /** Inclusive start and exclusive end, as instants. */
  from?: Date | undefined;
  to?: Date | undefined;
  paymentMethod?: string | undefined;
  q?: string | undefined;
};

export type AdminOrderSort = 'createdAt:desc' | 'createdAt:asc' | 'total:desc' | 'total:asc';

const customerColumns = {
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  mobile: users.mobile,
  isBlocked: users.isBlocked,
};

/** `%` and `_` typed by staff are letters, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/*
 * Correlated subqueries below name every column with its table or alias: drizzle leaves columns
 * unqualified in single-table queries, where a bare "id" inside a subquery is the inner table's.
 */
/** The payment `p` that paid for the order (a checkout may have failed attempts before it). */
const paidWith = sql`p.checkout_id = "orders"."checkout_id" and p.provider_payment_id = "orders"."payment_info"->>'razorpayPaymentId'`;

/** What order numbers look like (BB + date + letters and digits), typed whole or in part. */
const ORDER_NUMBER_START = /^BB[0-9A-Z]{2,18}$/i;

/**
 * An order number (or its start) searches order numbers only; anything else searches the
 * customer's e-mail, name or mobile only. Two separate conditions rather than one OR: each then
 * uses its own index (the order number's, or the customers' trigram indexes and orders by customer)
 * instead of reading every order.
 */
function searchCondition(q: string): SQL {
  if (ORDER_NUMBER_START.test(q)) {
    return sql`"orders"."order_number" like ${`${escapeLike(q.toUpperCase())}%`}`;
  }
  const text = `%${escapeLike(q.toLowerCase())}%`;
  const digits = q.replace(/\D/g, '');
  // A mobile is searched by its digits ("+91 98450 12345" finds 9845012345), from 3 of them.
  const mobile = digits.length >= 3 ? sql` or u.mobile like ${`%${digits.slice(-10)}%`}` : sql``;
  return sql`"orders"."user_id" in (
    select u.id from ${users} u
    where u.email like ${text} or lower(u.firstname || ' ' || u.lastname) like ${text}${mobile})`;
}

function filterConditions(filters: AdminOrderFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.status) conditions.push(eq(orders.orderStatus, filters.status));
  // "Ordered" is the warehouse's to-pack list (the dashboard links to it): a cash-on-delivery order
  // still waiting for its code is not to be packed yet.
  if (filters.status === 'Ordered') conditions.push(ne(orders.state, 'unconfirmed'));
  if (filters.from) conditions.push(gte(orders.createdAt, filters.from));
  if (filters.to) conditions.push(lt(orders.createdAt, filters.to));
  if (filters.paymentMethod === 'cod') conditions.push(eq(orders.paymentMethod, 'cod'));
  else if (filters.paymentMethod) {
    conditions.push(
      sql`exists (select 1 from ${payments} p where ${paidWith} and p.method = ${filters.paymentMethod})`,
    );
  }
  const q = filters.q?.trim();
  if (q) conditions.push(searchCondition(q));
  return and(...conditions);
}

function orderBy(sort: AdminOrderSort) {
  const direction = sort.endsWith(':asc') ? asc : desc;
  const column = sort.startsWith('total') ? orders.totalPriceAfterDiscountPaise : orders.createdAt;
  return [direction(column), direction(orders.id)];
}

/**
 * One page of orders. The page's ids are chosen first (filters, order, offset: indexes only), and
 * only those rows are then joined with their customer, counted and matched with their payment, so
 * page 1,000 costs 25 look-ups rather than 25,000.
 */
export async function listAdminOrders(
  db: Executor,
  filters: AdminOrderFilters,
  sort: AdminOrderSort,
  offset: number,
  limit: number,
): Promise<AdminOrderListRow[]> {
  const page = db
    .select({ id: orders.id })
    .from(orders)
    .where(filterConditions(filters))
    .orderBy(...orderBy(sort))
    .limit(limit)
    .offset(offset)
    .as('page');
  const rows = await db
    .select({
      order: orders,
      customer: customerColumns,
      itemCount: sql<number>`(select coalesce(sum(l.quantity), 0)::int from ${orderLines} l where l.order_id = "orders"."id")`,
      paidWith: sql<string | null>`(select p.method from ${payments} p where ${paidWith} limit 1)`,
    })
    .from(page)
    .innerJoin(orders, eq(orders.id, page.id))
    .innerJoin(users, eq(users.id, orders.userId))
    .orderBy(...orderBy(sort));
  return rows.map((row) => ({
    ...row.order,
    customer: row.customer,
    itemCount: Number(row.itemCount),
    paidWith: row.order.paymentMethod === 'cod' ? 'cod' : row.paidWith,
  }));
}

export async function countAdminOrders(db: Executor, filters: AdminOrderFilters): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(filterConditions(filters));
  return Number(row?.n ?? 0);
}

export async function findOrderWithCustomer(
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<OrderWithCustomer | undefined> {
  const query = db
    .select({ order: orders, customer: customerColumns })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id))
    .limit(1);
  // Locks the order row only: status changes of one order happen one after another.
  const [row] = options.lock ? await query.for('update', { of: orders }) : await query;
  return row && { ...row.order, customer: row.customer };
}

export async function setOrderStatus(db: Executor, id: string, status: OrderStatus): Promise<OrderRow> {
  const [row] = await db.update(orders).set({ orderStatus: status }).where(eq(orders.id, id)).returning();
  return row!;
}

/** The original admin client's list: the newest `limit` orders with their customers. */
export async function newestOrdersWithCustomers(db: Executor, limit: number): Promise<OrderWithCustomer[]> {
  const rows = await db
    .select({ order: orders, customer: customerColumns })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.order, customer: row.customer }));
}

/** The lines of the newest `limit` orders, in one statement (no list of 10,000 ids to send). */
export async function linesOfNewestOrders(db: Executor, limit: number): Promise<OrderLineRow[]> {
  const newest = db
    .select({ id: orders.id })
    .from(orders)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .as('newest');
  return db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      colorId: orderLines.colorId,
      title: orderLines.title,
      sku: orderLines.sku,
      variantTitle: orderLines.variantTitle,
      quantity: orderLines.quantity,
      pricePaise: orderLines.pricePaise,
      colorTitle: colors.title,
      colorName: colors.name,
    })
    .from(orderLines)
    .innerJoin(newest, eq(newest.id, orderLines.orderId))
    .innerJoin(colors, eq(colors.id, orderLines.colorId))
    .orderBy(orderLines.id);
}
