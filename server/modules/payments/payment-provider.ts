import type { ApiProviderOrder } from '../../../shared/api/checkout.schemas.js';

/**
 * What the shop needs from a payment provider. Two implementations: Razorpay (when keys are
 * configured) and the built-in test gateway (the default, so a fresh clone can take a payment).
 * Shapes follow Razorpay's API, since the storefront speaks Razorpay's Standard Checkout either way.
 */

export type ProviderName = 'razorpay' | 'test-gateway';

/** Razorpay's order entity (the fields the shop uses), as the checkout answers it. Amounts in paise. */
export type ProviderOrder = ApiProviderOrder;

export type PaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

/** Razorpay's payment entity (the fields the shop uses). Amounts in paise. */
export type ProviderPayment = {
  id: string;
  entity: 'payment';
  order_id: string;
  amount: number;
  currency: string;
  status: PaymentStatus;
  method: string;
  captured: boolean;
  amount_refunded: number;
  created_at: number;
};

export type RefundStatus = 'pending' | 'processed' | 'failed';

/**
 * Razorpay's refund entity (the fields the shop uses). Amounts in paise. The shop sends its own
 * refund id as the idempotency key, the `receipt` and `notes.refund_id`, so whatever the provider
 * reports (answer, webhook, a later fetch) leads back to the shop's row.
 */
export type ProviderRefund = {
  id: string;
  entity?: 'refund';
  payment_id: string;
  amount: number;
  currency?: string;
  status: RefundStatus;
  receipt: string | null;
  notes: Record<string, string>;
  created_at: number;
};

export type RefundOptions = { receipt?: string; notes?: Record<string, string> };

/** A webhook the provider sent, after its signature was checked. */
export type WebhookEvent = {
  id: string;
  event: string;
  payment?: ProviderPayment;
  order?: ProviderOrder;
  /** refund.created, refund.processed, refund.failed (they carry the payment too). */
  refund?: ProviderRefund;
};

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Public key the browser passes to `new Razorpay({key})`. */
  readonly keyId: string;
  /** URL of the Standard Checkout script the browser loads. */
  readonly checkoutScriptUrl: string;

  createOrder(input: {
    amount: number;
    currency: 'INR';
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<ProviderOrder>;
  /**
   * Stops an unpaid order from taking payments (its checkout was replaced by the one that became
   * the order). Optional: Razorpay's Orders API cannot close an order (an unpaid one simply
   * expires), so its payments are refunded when they arrive instead.
   */
  closeOrder?(orderId: string): Promise<void>;
  /** hex(HMAC_SHA256(secret, orderId|paymentId)) compared in constant time. */
  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean;
  fetchPayment(paymentId: string): Promise<ProviderPayment | undefined>;
  /** Payments made against an order, for reconciliation when the browser never came back. */
  fetchOrderPayments(orderId: string): Promise<ProviderPayment[]>;
  capture(paymentId: string, amount: number, currency: 'INR'): Promise<ProviderPayment>;
  /**
   * Refunds `amount` (all or part of what is left) of a captured payment. The same idempotency key
   * answers the same refund, never a second one, so a request whose answer was lost can be repeated.
   * The answer may be `pending`: its outcome then arrives by webhook or `fetchRefunds`.
   */
  refund(
    paymentId: string,
    amount: number,
    idempotencyKey: string,
    options?: RefundOptions,
  ): Promise<ProviderRefund>;
  /** Every refund of a payment, whatever its status (reconciliation after a lost answer). */
  fetchRefunds(paymentId: string): Promise<ProviderRefund[]>;
  /** Checks the webhook signature over the raw body and parses it; undefined when it does not verify. */
  parseWebhook(
    rawBody: Buffer,
    signature: string | undefined,
    eventId: string | undefined,
  ): WebhookEvent | undefined;
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly statusCode?: number,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
