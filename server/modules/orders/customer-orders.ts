import type { ApiOrderEvent, OrderStatus } from '../../../shared/api/orders.schemas.js';
import { paiseToRupees } from '../../../shared/money.js';
import type { Executor } from '../../db/client.js';
import * as repository from './customer-orders.repository.js';
import { presentEvents } from './order-events.js';

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

const isoOf = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/**
 * What happened to each of a customer's orders after it was placed, for their data export: the
 * tax invoice, refunds, returns, credit notes and the timeline as the customer's order page shows
 * it (no staff notes). Keyed by order id; a handful of statements whatever the number of orders.
 */
export async function orderHistoryOf(db: Executor, userId: string) {
  const rows = await repository.orderHistoryRows(db, userId);
  const history = new Map<
    string,
    {
      invoice: { number: string; date: string } | null;
      refunds: {
        amount: number;
        status: string;
        method: string;
        reason: string;
        reference: string | null;
        createdAt: string;
        processedAt: string | null;
      }[];
      returns: {
        status: string;
        reason: string;
        decisionNote: string | null;
        lines: unknown;
        createdAt: string;
        decidedAt: string | null;
        receivedAt: string | null;
      }[];
      creditNotes: { number: string; amount: number; date: string }[];
      timeline: ApiOrderEvent[];
    }
  >();
  const entry = (orderId: string) => {
    let found = history.get(orderId);
    if (!found) {
      found = { invoice: null, refunds: [], returns: [], creditNotes: [], timeline: [] };
      history.set(orderId, found);
    }
    return found;
  };
  for (const row of rows.invoices) {
    entry(row.order_id).invoice = { number: row.invoice_number, date: isoOf(row.invoice_date)! };
  }
  for (const row of rows.refundRows) {
    entry(row.order_id).refunds.push({
      amount: paiseToRupees(Number(row.amount_paise)),
      status: row.status,
      method: row.method,
      reason: row.reason,
      reference: row.reference,
      createdAt: isoOf(row.created_at)!,
      processedAt: isoOf(row.processed_at),
    });
  }
  for (const row of rows.returnRows) {
    entry(row.order_id).returns.push({
      status: row.status,
      reason: row.reason,
      decisionNote: row.decision_note,
      lines: row.lines,
      createdAt: isoOf(row.created_at)!,
      decidedAt: isoOf(row.decided_at),
      receivedAt: isoOf(row.received_at),
    });
  }
  for (const row of rows.creditNoteRows) {
    entry(row.order_id).creditNotes.push({
      number: row.number,
      amount: paiseToRupees(Number(row.amount_paise)),
      date: isoOf(row.created_at)!,
    });
  }
  const eventsByOrder = new Map<string, typeof rows.events>();
  for (const event of rows.events) {
    const list = eventsByOrder.get(event.orderId);
    if (list) list.push(event);
    else eventsByOrder.set(event.orderId, [event]);
  }
  for (const [orderId, events] of eventsByOrder) entry(orderId).timeline = presentEvents(events, false);
  return history;
}

/** Erasure: the customer's name as it appears on their orders' timelines goes. */
export async function eraseOrderEventNames(db: Executor, userId: string): Promise<void> {
  await repository.eraseOrderEventNames(db, userId);
}
