import { useEffect, useState } from 'react';
import { quoteCheckout } from '../../../shared/api/checkout';
import type { ApiCheckoutQuote } from '../../../shared/api/price-breakup.schemas';
import { formatRupees } from '../../../shared/money';
import { api, isApiError } from '../../lib/api-client';
import type { PincodeAnswer } from '../delivery/pincode-check-form';
import { formatDeliveryDay, PIN, rememberedPincode, rememberPincode } from '../delivery/pincode-lookup';

type Located = { pin: string; from: ApiCheckoutQuote; quote: ApiCheckoutQuote };

const answerOf = (quote: ApiCheckoutQuote, pin: string): PincodeAnswer => ({
  tone: 'yes',
  text: quote.deliveryBy ? `Delivery by ${formatDeliveryDay(quote.deliveryBy)}` : 'We deliver there',
  detail: `to ${pin}`,
  terms: quote.delivery ? `${formatRupees(quote.delivery)} delivery` : 'Free delivery',
});

/**
 * The cart's "Deliver to": the cart priced and dated for a pincode, as the checkout will charge it
 * (delivery may cost more to some places: the shop's rate card). The pincode is the one remembered
 * from the product page or the last checkout, checked on arrival; the cart's lines changing asks
 * again. `quote` is the pincode's quote once in, else `base` (the cart's without a pincode).
 */
export function useCartDelivery(base: ApiCheckoutQuote | null) {
  const [pin, setPin] = useState('');
  // The pincode asked for, a new object per check.
  const [checked, setChecked] = useState({ pin: '', asked: 0 });
  const [located, setLocated] = useState<Located | null>(null);
  const [answer, setAnswer] = useState<PincodeAnswer | null>(null);

  // Once, after hydration: the remembered pincode.
  useEffect(() => {
    const saved = rememberedPincode();
    if (PIN.test(saved)) {
      setPin(saved);
      setChecked({ pin: saved, asked: 1 });
    }
  }, []);

  // `checked` is a new object on every check, so checking the same pincode again asks again.
  useEffect(() => {
    if (!checked.pin || !base) return;
    const controller = new AbortController();
    setAnswer((current) => current ?? { tone: 'wait', text: 'Checking…' });
    api.call(quoteCheckout, { body: { pincode: checked.pin }, signal: controller.signal }).then(
      (quote) => {
        rememberPincode(checked.pin);
        setLocated({ pin: checked.pin, from: base, quote });
        setAnswer(answerOf(quote, checked.pin));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLocated(null);
        setAnswer({
          tone: 'no',
          text: isApiError(error) ? error.message : 'We could not check that pincode. Please try again.',
        });
      },
    );
    return () => controller.abort();
  }, [checked, base]);

  function check(value: string) {
    if (!PIN.test(value)) {
      setAnswer({ tone: 'no', text: 'Enter a valid 6-digit PIN code' });
      return;
    }
    setAnswer({ tone: 'wait', text: 'Checking…' });
    setChecked((current) => ({ pin: value, asked: current.asked + 1 }));
  }

  const quote =
    base && located && located.pin === checked.pin && located.from === base ? located.quote : base;
  return { quote, form: { pin, onPinChange: setPin, onCheck: check, answer } };
}
