/**
 * The checkout module's records as other modules may use them. Checkout owns `checkouts` and
 * `payments`: order placement and payment settlement read and update them only through these
 * functions, each taking the database or the caller's transaction.
 */
export {
  type CheckoutRow as CheckoutRecord,
  /** Erases the addresses typed at a customer's checkouts (their account is being erased). */
  eraseCheckoutAddresses,
  /** The checkout with this id (an order's: its lines as priced, MRPs included). */
  findCheckoutById,
  /** The checkout a provider order pays for. */
  findCheckoutByProviderOrder,
  /** What is recorded about a provider's payment id. */
  findPayment as findRecordedPayment,
  /** The customer's most recent checkout (a new one joins its round unless that round was ordered). */
  latestCheckoutOf,
  /** Locks a checkout until the transaction ends: settling one checkout happens one at a time. */
  lockCheckout,
  markPaymentCaptured,
  markPaymentRefunded,
  /** Marks a payment's refund as made (refunded in full: its status becomes refunded). */
  markPaymentRefundMade,
  /** The round's checkouts still waiting for a payment or an order (their provider orders are closed). */
  openCheckoutsOfRound,
  type PaymentRow as PaymentRecord,
  /** Every payment recorded for a checkout, oldest first (the console's order page). */
  paymentsOfCheckout,
  /** Payments whose recorded refund has not gone through yet (reconciliation asks again). */
  paymentsWithRefundDue,
  /** Records, once, the refund a payment is owed and why; false if one was recorded already. */
  recordPaymentRefundDue,
  /** A checkout's round id. */
  roundOf,
  /** Whether another checkout of the round became its order. */
  roundOrdered,
  setCheckoutStatus,
  /** Checkouts still waiting for their order, for reconciliation. */
  staleCheckouts,
  /** Authorized payments of placed orders whose capture has not gone through. */
  uncapturedPaymentsOfOrders,
  /** Records what the provider reports about a payment (the same payment id updates its row). */
  upsertPayment as recordPayment,
} from './checkout.repository.js';
