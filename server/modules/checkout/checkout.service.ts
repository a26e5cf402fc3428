import { randomBytes } from 'node:crypto';
import type {
  ApiCheckoutStart,
  CheckoutStartInput,
  PaymentVerificationInput,
} from '../../../shared/api/checkout.schemas.js';
import type { ApiPaymentInfo } from '../../../shared/api/orders.schemas.js';
import type { Database } from '../../db/client.js';
import type { CheckoutLineSnapshot } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { cartLinesOf } from '../cart/cart-lines.js';
import { productRefs } from '../catalog/products.js';
import { assertAvailable, holdStock } from '../catalog/stock.js';
import type { PaymentProvider, ProviderPayment } from '../payments/payment-provider.js';
import { PaymentProviderError } from '../payments/payment-provider.js';
import * as repository from './checkout.repository.js';

/** More different items than any real basket; bounds what one checkout can hold. */
const CHECKOUT_MAX_LINES = 30;

const NOT_VERIFIED =
  'We could not verify this payment. If money left your account, it will be refunded automatically.';
const PAID_STATES = new Set(['authorized', 'captured']);

/** The provider could not be reached or failed: nothing is decided, the shopper may retry. */
export function providerUnavailable(error: unknown): never {
  if (error instanceof PaymentProviderError) {
    throw new AppError(503, 'The payment service is not responding right now. Please try again in a moment.');
  }
  throw error;
}

/**
 * Checkout: the server works out what is being paid for from the customer's own cart and keeps
 * that record (the snapshot) with the provider's order id; verification checks a payment against
 * the order id stored here, never the one the browser reports.
 */
export function createCheckoutService(deps: {
  db: Database;
  provider: PaymentProvider;
  holdMinutes: number;
}) {
  const { db, provider, holdMinutes } = deps;

  async function snapshotCart(userId: string): Promise<{ lines: CheckoutLineSnapshot[]; amount: number }> {
    const cart = await cartLinesOf(db, userId);
    if (cart.length === 0) throw badRequest('Your cart is empty. Add something before checking out.');
    const products = await productRefs(
      db,
      cart.map((l) => l.productId),
    );
    const lines: CheckoutLineSnapshot[] = [];
    if (cart.length > CHECKOUT_MAX_LINES)
      throw badRequest(
        `One order can have at most ${CHECKOUT_MAX_LINES} different items. Please remove some from your cart.`,
      );
    for (const line of cart) {
      const product = products.get(line.productId);
      if (!product) continue;
      lines.push({
        productId: product.id,
        colorId: line.colorId,
        title: product.title,
        quantity: line.quantity,
        pricePaise: product.pricePaise,
      });
    }
    if (lines.length === 0) throw badRequest('Your cart is empty. Add something before checking out.');
    // Stock not held for other shoppers; a quick 409 before a provider order is made.
    await assertAvailable(db, userId, lines);
    return { lines, amount: lines.reduce((sum, l) => sum + l.pricePaise * l.quantity, 0) };
  }

  return {
    /**
     * POST user/order/checkout: a provider order for the server-computed amount (free shipping),
     * with the cart's stock held for `holdMinutes` so nobody pays for a unit that is gone. A new
     * checkout replaces the shopper's earlier holds; short stock is a 409 naming the product.
     */
    async start(userId: string, input: CheckoutStartInput): Promise<ApiCheckoutStart> {
      const { lines, amount } = await snapshotCart(userId);
      const receipt = `rcpt_${randomBytes(8).toString('hex')}`;
      const order = await provider
        .createOrder({ amount, currency: 'INR', receipt, notes: { customer: userId } })
        .catch(providerUnavailable);
      const heldUntil = await db.transaction(async (tx) => {
        const checkout = await repository.insertCheckout(tx, {
          userId,
          provider: provider.name,
          providerOrderId: order.id,
          amountPaise: amount,
          lines,
          ...(input.shippingInfo ? { shippingInfo: input.shippingInfo } : {}),
        });
        return holdStock(tx, { checkoutId: checkout.id, userId, lines, minutes: holdMinutes });
      });
      return {
        success: true,
        order,
        key: provider.keyId,
        checkoutScript: provider.checkoutScriptUrl,
        heldUntil: heldUntil?.toISOString(),
      };
    },

    /** The customer's checkout for a provider order id; another customer's is "not found". */
    async ownCheckout(userId: string, providerOrderId: string) {
      const checkout = await repository.findCheckoutByProviderOrder(db, provider.name, providerOrderId);
      if (!checkout || checkout.userId !== userId)
        throw notFound('We could not find that checkout. Please start again from your cart.');
      return checkout;
    },

    /**
     * POST user/order/paymentVerification. With a signature: HMAC over the stored order id. Either
     * way the provider must confirm the payment, for this order and amount, as authorized or
     * captured: a signature alone proves nothing about a payment the provider has never seen
     * (the test gateway's secret is public). "No such payment" is a 400 and nothing is recorded;
     * an unreachable provider is a 503 and the shopper (or the reconciler) tries again.
     */
    async verify(userId: string, input: PaymentVerificationInput): Promise<ApiPaymentInfo> {
      const checkout = await this.ownCheckout(userId, input.razorpayOrderId);
      if (input.orderCreationId && input.orderCreationId !== checkout.providerOrderId)
        throw badRequest(NOT_VERIFIED);
      if (input.razorpaySignature !== undefined) {
        const valid = provider.verifyPaymentSignature(
          checkout.providerOrderId,
          input.razorpayPaymentId,
          input.razorpaySignature,
        );
        if (!valid) throw badRequest(NOT_VERIFIED);
      }
      const payment: ProviderPayment | undefined = await provider
        .fetchPayment(input.razorpayPaymentId)
        .catch(providerUnavailable);
      const matches =
        payment !== undefined &&
        payment.order_id === checkout.providerOrderId &&
        payment.amount === checkout.amountPaise &&
        PAID_STATES.has(payment.status);
      if (!matches) throw badRequest(NOT_VERIFIED);
      await repository.upsertPayment(db, {
        checkoutId: checkout.id,
        provider: provider.name,
        providerPaymentId: input.razorpayPaymentId,
        providerOrderId: checkout.providerOrderId,
        amountPaise: checkout.amountPaise,
        status: payment.status,
        method: payment.method,
        verifiedAt: new Date(),
      });
      if (checkout.status === 'pending') await repository.setCheckoutStatus(db, checkout.id, 'paid');
      return { razorpayOrderId: checkout.providerOrderId, razorpayPaymentId: input.razorpayPaymentId };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
