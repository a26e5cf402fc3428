import { useEffect, useState } from 'react';
import { formatRupees } from '../../../shared/money';
import { type Translate, useLocale, useT } from '../../i18n/i18n';
import { isApiError } from '../../lib/api-client';
import { type PincodeAnswer, PincodeCheckForm } from './pincode-check-form';
import {
  type DeliveryEstimate,
  estimateDelivery,
  formatDeliveryDayIn,
  notDelivered,
  PIN,
  rememberedPincode,
  rememberPincode,
} from './pincode-lookup';

/** The answer for a pincode the shop was asked about: the day, where, the charge and how to pay. */
function promiseOf(t: Translate, locale: string, pin: string, found: DeliveryEstimate): PincodeAnswer {
  if (!found.serviceable || !found.deliveryBy) return { tone: 'no', text: notDelivered(t, pin) };
  const place = [found.place?.city, found.place?.state].filter(Boolean).join(', ');
  const charge = found.charge
    ? t('delivery.answer.charge', { amount: formatRupees(found.charge) })
    : t('delivery.answer.free');
  // A cash-on-delivery fee is said where cash is offered, before anyone reaches the checkout.
  const cash = !found.cod
    ? t('delivery.answer.onlineOnly')
    : found.codFee > 0
      ? t('delivery.answer.codWithFee', { fee: formatRupees(found.codFee) })
      : t('delivery.answer.cod');
  return {
    tone: 'yes',
    text: t('delivery.answer.by', { day: formatDeliveryDayIn(locale, found.deliveryBy) }),
    detail: place ? t('delivery.answer.toPlace', { place, pin }) : t('delivery.answer.to', { pin }),
    terms: `${charge} · ${cash}`,
  };
}

/**
 * "Deliver to [pincode]" on the product page: when this product would arrive, what delivery
 * costs and whether cash on delivery is offered, as the checkout would charge it; or that the
 * shop does not deliver there yet. The pincode is remembered, so the next product shows its
 * promise at once.
 */
export function DeliveryPromise({ productId }: { productId: string }) {
  const t = useT();
  const locale = useLocale();
  const [pin, setPin] = useState('');
  const [answer, setAnswer] = useState<PincodeAnswer | null>(null);

  async function check(value: string) {
    if (!PIN.test(value)) {
      setAnswer({ tone: 'no', text: t('delivery.answer.invalid') });
      return;
    }
    setAnswer({ tone: 'wait', text: t('delivery.answer.checking') });
    try {
      const found = await estimateDelivery(value, productId);
      rememberPincode(value);
      setAnswer(promiseOf(t, locale, value, found));
    } catch (error) {
      // The API's message (English) is put in the page's language by the form, where it can be.
      setAnswer({ tone: 'no', text: isApiError(error) ? error.message : t('delivery.answer.failed') });
    }
  }

  // Once, after hydration: the pincode sent before it or the remembered one's promise.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount.
  useEffect(() => {
    const saved = rememberedPincode();
    if (PIN.test(saved)) {
      setPin(saved);
      void check(saved);
    }
  }, []);

  return (
    <PincodeCheckForm pin={pin} onPinChange={setPin} onCheck={(value) => void check(value)} answer={answer} />
  );
}
