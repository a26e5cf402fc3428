import type { paymentMethods } from '../../../../shared/api/orders-admin.schemas';

export type PaymentMethod = (typeof paymentMethods)[number];

export const paymentLabels: Record<PaymentMethod, string> = {
  upi: 'UPI',
  card: 'Card',
  netbanking: 'Net banking',
  wallet: 'Wallet',
  emi: 'EMI',
  cardless_emi: 'Cardless EMI',
  paylater: 'Pay later',
  // Not a provider's method: the shop's own, collected by the courier.
  cod: 'Cash on delivery',
};

export const allPaymentMethods = Object.keys(paymentLabels) as PaymentMethod[];

/** The provider's method code in words ("netbanking" → "Net banking"); a dash when unknown. */
export function paymentLabel(method: string | null): string {
  return method ? (paymentLabels[method as keyof typeof paymentLabels] ?? method) : '—';
}
