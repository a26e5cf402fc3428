import { useEffect, useState } from 'react';
import { formatRupees } from '../../../shared/money';
import { isApiError } from '../../lib/api-client';
import { type PincodeAnswer, PincodeCheckForm } from './pincode-check-form';
import {
  estimateDelivery,
  formatDeliveryDay,
  notDelivered,
  PIN,
  rememberedPincode,
  rememberPincode,
} from './pincode-lookup';

/**
 * "Deliver to [pincode]" on the product page: when this product would arrive, what delivery
 * costs and whether cash on delivery is offered, as the checkout would charge it; or that the
 * shop does not deliver there yet. The pincode is remembered, so the next product shows its
 * promise at once.
 */
export function DeliveryPromise({ productId }: { productId: string }) {
  const [pin, setPin] = useState('');
  const [answer, setAnswer] = useState<PincodeAnswer | null>(null);

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
      setAnswer(
        found.serviceable && found.deliveryBy
          ? {
              tone: 'yes',
              text: `Delivery by ${formatDeliveryDay(found.deliveryBy)}`,
              detail: `to ${place ? `${place} ` : ''}${value}`,
              terms: `${charge} · ${found.cod ? 'Cash on delivery available' : 'Pay online only'}`,
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

  return (
    <PincodeCheckForm pin={pin} onPinChange={setPin} onCheck={(value) => void check(value)} answer={answer} />
  );
}
