import type { Database } from '../db/client.js';
import { lapsedOrderIds } from '../modules/orders/index.js';
import type { OrderCancellation } from './cancel-order.js';

/**
 * Cash-on-delivery orders whose time to confirm has passed are cancelled by the shop (run with
 * reconciliation): stock and coupon use back, the customer told (cancel-order.ts). Each is checked
 * again under its lock, so a code confirmed at the last moment wins.
 */
export function createCodLapse(deps: { db: Database; cancellation: Pick<OrderCancellation, 'lapse'> }) {
  const now = () => new Date();
  return {
    async lapseUnconfirmed(limit = 100): Promise<number> {
      const due = await lapsedOrderIds(deps.db, now(), limit);
      for (const orderId of due) await deps.cancellation.lapse(orderId);
      return due.length;
    },
  };
}
