import type { OrderStatus } from '../../../shared/api/orders.schemas.js';
import type { Executor } from '../../db/client.js';
import * as repository from './customer-orders.repository.js';

/**
 * A customer's orders as other modules may read them (the console's customer list and page),
 * through the orders module rather than its repository. Each takes the database or a transaction.
 */

export type PurchaseSummary = { orders: number; spentPaise: number };

/** Orders placed and money spent (not counting cancelled or refunded orders), per customer. */
export async function purchaseSummaries(
  db: Executor,
  userIds: string[],
): Promise<Map<string, PurchaseSummary>> {
  const rows = await repository.purchaseSummaries(db, [...new Set(userIds)]);
  return new Map(rows.map(({ userId, ...summary }) => [userId, summary]));
}

export type CustomerOrder = {
  id: string;
  orderNumber: string;
  createdAt: Date;
  totalPaise: number;
  status: OrderStatus;
  itemCount: number;
};

/** A customer's newest orders (number, date, total paid, status, units), newest first. */
export async function recentOrdersOf(db: Executor, userId: string, limit: number): Promise<CustomerOrder[]> {
  return repository.recentOrdersOf(db, userId, limit);
}

/** Order numbers that stop the customer's account being erased now (open orders, returns, refunds). */
export async function ordersBlockingErasure(db: Executor, userId: string): Promise<string[]> {
  return repository.ordersBlockingErasure(db, userId);
}

/** Erases what the customer's orders need not keep (decision 021); call inside the erasure's transaction. */
export async function eraseOrderPersonalData(db: Executor, userId: string): Promise<void> {
  await repository.eraseOrderPersonalData(db, userId);
}

/** Erased customers' invoiced orders past their 8-year retention lose the buyer's address too. */
export async function eraseExpiredOrderRecords(db: Executor, now: Date): Promise<number> {
  return repository.eraseExpiredOrderRecords(db, now);
}

/** How many of the customer's orders have a tax invoice. */
export async function invoicedOrderCount(db: Executor, userId: string): Promise<number> {
  return repository.invoicedOrderCount(db, userId);
}
