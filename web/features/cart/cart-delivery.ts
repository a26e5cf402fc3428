import { useEffect, useState } from 'react';
import { quoteCheckout } from '../../../shared/api/checkout';
import type { ApiCheckoutQuote } from '../../../shared/api/price-breakup.schemas';
import { formatDeliveryDayIn } from '../../../shared/delivery-day';
import { formatRupees } from '../../../shared/money';
import { type Translate, useLocale, useT } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { useApiSay } from '../checkout/api-messages';
import type { PincodeAnswer } from '../delivery/pincode-check-form';
import { PIN, rememberedPincode, rememberPincode } from '../delivery/pincode-lookup';

type Located = { pin: string; from: ApiCheckoutQuote; quote: ApiCheckoutQuote };

const answerOf = (quote: ApiCheckoutQuote, pin: string, t: Translate, locale: string): PincodeAnswer => ({
  tone: 'yes',
  text: quote.deliveryBy
    ? t('cart.delivery.by', { day: formatDeliveryDayIn(locale, quote.deliveryBy) })
    : t('cart.delivery.yes'),
  detail: t('cart.delivery.to', { pin }),
  terms: quote.delivery
    ? t('cart.delivery.costs', { amount: formatRupees(quote.delivery) })
    : t('cart.delivery.free'),
});

/**
 * The cart's "Deliver to": the cart priced and dated for a pincode, as the checkout will charge it
 * (delivery may cost more to some places: the shop's rate card). The pincode is the one remembered
 * from the product page or the last checkout, checked on arrival; the cart's lines changing asks
 * again. `quote` is the pincode's quote once in, else `base` (the cart's without a pincode).
 */
export function useCartDelivery(base: ApiCheckoutQuote | null) {
  const t = useT();
  const locale = useLocale();
  const say = useApiSay();
  const [pin, setPin] = useState('');
  // The pincode asked for, a new object per check.
  const [checked, setChecked] = useState({ pin: '', asked: 0 });
  const [located, setLocated] = useState<Located | null>(null);
  const [answer, setAnswer] = useState<PincodeAnswer | null>(null);

  // Once, after hydration: the pincode sent before it or the remembered one.
  useEffect(() => {
    const saved = rememberedPincode();
    if (PIN.test(saved)) {
      setPin(saved);
      setChecked({ pin: saved, asked: 1 });
    }
  }, []);

  // `checked` is a new object on every check, so checking the same pincode again asks again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the words' language stays with the page.
  useEffect(() => {
    if (!checked.pin || !base) return;
    const controller = new AbortController();
    setAnswer((current) => current ?? { tone: 'wait', text: t('cart.delivery.checking') });
    api.call(quoteCheckout, { body: { pincode: checked.pin }, signal: controller.signal }).then(
      (quote) => {
        rememberPincode(checked.pin);
        setLocated({ pin: checked.pin, from: base, quote });
        setAnswer(answerOf(quote, checked.pin, t, locale));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLocated(null);
        setAnswer({
          tone: 'no',
          text: isApiError(error) ? say(error.message) : t('cart.delivery.failed'),
        });
      },
    );
    return () => controller.abort();
  }, [checked, base]);

  function check(value: string) {
    if (!PIN.test(value)) {
      setAnswer({ tone: 'no', text: t('cart.delivery.invalid') });
      return;
    }
    setAnswer({ tone: 'wait', text: t('cart.delivery.checking') });
    setChecked((current) => ({ pin: value, asked: current.asked + 1 }));
  }

  const quote =
    base && located && located.pin === checked.pin && located.from === base ? located.quote : base;
  return { quote, form: { pin, onPinChange: setPin, onCheck: check, answer } };
}
