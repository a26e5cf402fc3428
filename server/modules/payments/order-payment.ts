import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.js';
import type { PaymentProvider, ProviderPayment } from './payment-provider.js';
import { findPayment, markPaymentCaptured } from './payments.repository.js';

/**
 * Payments' part of placing an order, before anything is locked: the payment recorded as verified
 * for this checkout, as the provider sees it now (as recorded when the provider does not answer:
 * placement must not wait on it). Undefined when it was not recorded, not verified, or is another
 * checkout's.
 */
export async function verifiedPaymentFor(
  db: Executor,
  provider: PaymentProvider,
  providerPaymentId: string,
  checkoutId: string,
): Promise<ProviderPayment | undefined> {
  const payment = await findPayment(db, provider.name, providerPaymentId);
  if (!payment || payment.checkoutId !== checkoutId || !payment.verifiedAt) return undefined;
  const current = await provider.fetchPayment(payment.providerPaymentId).catch(() => undefined);
  return (
    current ?? {
      id: payment.providerPaymentId,
      entity: 'payment' as const,
      order_id: payment.providerOrderId,
      amount: payment.amountPaise,
      currency: payment.currency,
      status: payment.status as 'authorized',
      method: payment.method ?? 'card',
      captured: payment.status === 'captured',
      amount_refunded: 0,
      created_at: Math.floor(payment.createdAt.getTime() / 1000),
    }
  );
}

/**
 * Provider orders that can no longer become an order (the round's other checkouts) stop taking
 * payments where the provider allows (Razorpay cannot close an order; a payment made there anyway
 * is refunded when it arrives).
 */
export async function closeProviderOrders(
  provider: PaymentProvider,
  providerOrderIds: string[],
  log: FastifyBaseLogger,
): Promise<void> {
  const close = provider.closeOrder?.bind(provider);
  if (!close) return;
  for (const id of providerOrderIds) {
    await close(id).catch((error: unknown) =>
      log.warn({ err: error, providerOrderId: id }, 'closing a replaced provider order failed'),
    );
  }
}

/**
 * Payments' part of placing an order, after its commit: an authorized payment captured and
 * recorded as captured, then the round's other provider orders closed. True when this call
 * captured it (the order is then paid). A failed capture is logged and leaves the order
 * standing: the reconciler captures it later.
 */
export async function settleOrderPayment(
  db: Executor,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  settle: { payment: ProviderPayment; amountPaise: number; replacedProviderOrders: string[] },
): Promise<boolean> {
  const { payment } = settle;
  let captured = false;
  if (payment.status === 'authorized') {
    try {
      await provider.capture(payment.id, settle.amountPaise, 'INR');
      const row = await findPayment(db, provider.name, payment.id);
      if (row) {
        await markPaymentCaptured(db, row.id);
        captured = true;
      }
    } catch (error) {
      log.error({ err: error, paymentId: payment.id }, 'capture failed');
    }
  }
  await closeProviderOrders(provider, settle.replacedProviderOrders, log);
  return captured;
}
