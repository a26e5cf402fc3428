import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { ApiCartLine } from '../../../shared/api/cart.schemas';
import type { ShippingAddress } from '../../../shared/schemas/address';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { reloadCart } from '../cart/cart-store';
import { forgetAddress } from './address-storage';
import type { PaymentFlow, PaymentState } from './payment-flow';

const NOT_LOADED = 'Something went wrong! Please check your connection and try again.';

/**
 * The checkout page's payment flow (payment-flow.ts): its state, and `pay` for the address form.
 * The flow's code is fetched when the shopper first sends the address, like the payment script:
 * nothing of it is in the page's first load.
 */
export function usePaymentFlow(
  lines: readonly ApiCartLine[],
  /** What to charge: the total shown (as the server quoted it) and its coupon; null: nothing yet. */
  charge: { total: number; coupon: string | undefined } | null,
  reload: () => void,
) {
  const customer = useSession();
  const [, navigate] = useLocation();
  const [state, update] = useState<PaymentState>({ phase: 'idle', problem: null });
  const flow = useRef<Promise<PaymentFlow>>(undefined);
  useEffect(() => () => void flow.current?.then((loaded) => loaded.stop()), []);

  function pay(address: ShippingAddress) {
    // The form is disabled until there is a total to pay; nothing is ever charged unseen.
    if (!charge) return;
    update({ phase: 'starting', problem: null });
    flow.current ??= import('./payment-flow').then(({ createPaymentFlow }) =>
      createPaymentFlow(update, async () => {
        forgetAddress();
        await reloadCart();
        navigate('/my-orders');
      }),
    );
    flow.current.then(
      (loaded) => loaded.pay({ address, lines, ...charge, customer, reload }),
      () => {
        flow.current = undefined;
        update({ phase: 'idle', problem: NOT_LOADED });
        toast.error(NOT_LOADED, { autoClose: 6000 });
      },
    );
  }

  return { ...state, pay };
}
