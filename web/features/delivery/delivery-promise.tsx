import { type FormEvent, useEffect, useId, useState } from 'react';
import { formatRupees } from '../../../shared/money';
import { TruckIcon } from '../../components/ui/icons';
import { isApiError } from '../../lib/api-client';
import {
  estimateDelivery,
  formatDeliveryDay,
  notDelivered,
  PIN,
  rememberedPincode,
  rememberPincode,
} from './pincode-lookup';
import './delivery.css';

type Answer = { tone: 'yes' | 'no' | 'wait'; text: string; detail?: string; terms?: string };

/**
 * "Deliver to [pincode]" on the product page: when this product would arrive, what delivery
 * costs and whether cash on delivery is offered, as the checkout would charge it; or that the
 * shop does not deliver there yet. The pincode is remembered, so the next product shows its
 * promise at once. The answer is a live region, read out when it changes.
 */
export function DeliveryPromise({ productId }: { productId: string }) {
  const inputId = useId();
  const [pin, setPin] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);

  async function check(value: string) {
    if (!PIN.test(value)) {
      setAnswer({ tone: 'no', text: 'Enter a valid 6-digit PIN code' });
      return;
    }
    setAnswer({ tone: 'wait', text: 'Checking…' });
    try {
      const found = await estimateDelivery(value, productId);
      rememberPincode(value);
      const place = [found.place?.city, found.place?.state].filter(Boolean).join(', ');
      const charge = found.charge ? `${formatRupees(found.charge)} delivery` : 'Free delivery';
      // A cash-on-delivery fee is said where cash is offered, before anyone reaches the checkout.
      const cash = !found.cod
        ? 'Pay online only'
        : found.codFee > 0
          ? `Cash on delivery available (${formatRupees(found.codFee)} fee)`
          : 'Cash on delivery available';
      setAnswer(
        found.serviceable && found.deliveryBy
          ? {
              tone: 'yes',
              text: `Delivery by ${formatDeliveryDay(found.deliveryBy)}`,
              detail: `to ${place ? `${place} ` : ''}${value}`,
              terms: `${charge} · ${cash}`,
            }
          : { tone: 'no', text: notDelivered(value) },
      );
    } catch (error) {
      setAnswer({
        tone: 'no',
        text: isApiError(error) ? error.message : 'We could not check that pincode. Please try again.',
      });
    }
  }

  // Once, after hydration: the remembered pincode's promise.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount.
  useEffect(() => {
    const saved = rememberedPincode();
    if (PIN.test(saved)) {
      setPin(saved);
      void check(saved);
    }
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void check(pin);
  };

  return (
    <form className="delivery-check" onSubmit={submit} noValidate>
      <label className="delivery-check-label" htmlFor={inputId}>
        <TruckIcon size={20} /> Deliver to<span className="visually-hidden"> pincode</span>
      </label>
      <div className="delivery-check-row">
        <input
          id={inputId}
          className="delivery-check-input"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder="Pincode"
          value={pin}
          onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
          aria-describedby={`${inputId}-answer`}
        />
        <button type="submit" className="button button--ghost delivery-check-button">
          Check
        </button>
      </div>
      <p id={`${inputId}-answer`} className="delivery-check-answer" role="status" aria-live="polite">
        {answer && (
          <>
            <span className={`delivery-check-${answer.tone}`}>{answer.text}</span>
            {answer.detail && <span className="delivery-check-detail"> {answer.detail}</span>}
            {answer.terms && <span className="delivery-check-terms">{answer.terms}</span>}
          </>
        )}
      </p>
    </form>
  );
}
