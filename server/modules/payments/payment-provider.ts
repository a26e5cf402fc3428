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

export type ProviderRefund = { id: string; payment_id: string; amount: number; status: string };

/** A webhook the provider sent, after its signature was checked. */
export type WebhookEvent = {
  id: string;
  event: string;
  payment?: ProviderPayment;
  order?: ProviderOrder;
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
  /** hex(HMAC_SHA256(secret, orderId|paymentId)) compared in constant time. */
  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean;
  fetchPayment(paymentId: string): Promise<ProviderPayment | undefined>;
  /** Payments made against an order, for reconciliation when the browser never came back. */
  fetchOrderPayments(orderId: string): Promise<ProviderPayment[]>;
  capture(paymentId: string, amount: number, currency: 'INR'): Promise<ProviderPayment>;
  /** Refunds in full; the idempotency key makes a retried refund a no-op. */
  refund(paymentId: string, amount: number, idempotencyKey: string): Promise<ProviderRefund>;
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
