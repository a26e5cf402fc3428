import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { ApiCartLine } from '../../../shared/api/cart.schemas';
import type { ShippingAddress } from '../../../shared/schemas/address';
import { useT } from '../../i18n/i18n';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { reloadCart } from '../cart/cart-store';
import type { AddressFormControl } from './address-form';
import { forgetAddress } from './address-storage';
import { useApiSay } from './api-messages';
import type { PaymentMethod } from './payment-choice';
import type { PaymentFlow, PaymentState } from './payment-flow';

/**
 * The checkout page's payment flow (payment-flow.ts, with cash on delivery): its state, and `pay`
 * for the address form. The flow's code is fetched when the shopper first sends the address, like
 * the payment script: nothing of it is in the page's first load.
 */
export function usePaymentFlow(
  lines: readonly ApiCartLine[],
  /** What to charge: the total shown (as the server quoted it) and its coupon; null: nothing yet. */
  charge: { total: number; coupon: string | undefined } | null,
  reload: () => void,
  method: PaymentMethod,
) {
  const t = useT();
  const say = useApiSay();
  const customer = useSession();
  const [, navigate] = useLocation();
  const [state, update] = useState<PaymentState>({ phase: 'idle', problem: null });
  const flow = useRef<Promise<PaymentFlow>>(undefined);
  useEffect(() => () => void flow.current?.then((loaded) => loaded.stop()), []);

  /** Sends the address: pays online, or places the order cash on delivery. */
  function pay(address: ShippingAddress, form: AddressFormControl) {
    // The form is disabled until there is a total to pay; nothing is ever charged unseen.
    if (!charge) return;
    update({ phase: method === 'cod' ? 'placing' : 'starting', problem: null });
    flow.current ??= import('./payment-flow').then(({ createPaymentFlow }) =>
      createPaymentFlow(
        update,
        async (page) => {
          forgetAddress();
          await reloadCart();
          navigate(page);
        },
        t,
        say,
      ),
    );
    const request = { address, lines, ...charge, customer, reload, form };
    flow.current.then(
      (loaded) => (method === 'cod' ? loaded.placeCash(request) : loaded.pay(request)),
      () => {
        flow.current = undefined;
        update({ phase: 'idle', problem: t('checkout.notLoaded') });
        toast.error(t('checkout.notLoaded'), { autoClose: 6000 });
      },
    );
  }

  return { ...state, pay };
}
