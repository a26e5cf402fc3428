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
  /** Locks a checkout until the transaction ends: settling one checkout happens one at a time. */
  lockCheckout,
  markPaymentCaptured,
  markPaymentRefunded,
  type PaymentRow as PaymentRecord,
  /** Every payment recorded for a checkout, oldest first (the console's order page). */
  paymentsOfCheckout,
  setCheckoutStatus,
  /** Checkouts still waiting for their order, for reconciliation. */
  staleCheckouts,
  /** Authorized payments of placed orders whose capture has not gone through. */
  uncapturedPaymentsOfOrders,
  /** Records what the provider reports about a payment (the same payment id updates its row). */
  upsertPayment as recordPayment,
} from './checkout.repository.js';
