/**
 * The orders module's part in payments, for the payments module (which may not use the orders
 * repository): once an authorized payment is captured, its order is paid.
 */
export { markOrderPaid } from './order-lifecycle.repository.js';
