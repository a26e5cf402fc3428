import { placeCashOnDeliveryOrder } from '../../../shared/api/checkout';
import type { ShippingAddress } from '../../../shared/schemas/address';
import type { Translate } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { routeCache } from '../../lib/route-cache';
import { toast } from '../../lib/toast';
import type { AddressFormControl } from './address-form';
import type { AddressFormValues } from './address-storage';
import type { Say } from './api-messages';

const ADDRESS_FIELD = /^shippingInfo\.(\w+)$/;

/**
 * Places the cart as a cash-on-delivery order, loaded when the shopper first does so:
 * nothing of it is in the checkout's first load. The server prices the cart again and refuses a
 * total other than the one shown (409: the page loads the cart again), an order over the shop's
 * limit or to a pincode whose couriers take no cash (400). A refusal naming an address field shows
 * under that field, which takes the focus; any other shows above the form, and in a toast.
 * Placed, the order waits for the code e-mailed to the shopper: `placed` opens its page, which asks
 * for it.
 */
export async function placeCashOnDelivery({
  address,
  total,
  coupon,
  update,
  reload,
  form,
  placed,
  t,
  say,
}: {
  address: ShippingAddress;
  /** The total shown (rupees): the server places nothing else. */
  total: number;
  coupon?: string | undefined;
  /** The flow's state (payment-flow.ts's PaymentState): placing, then idle with the problem, if any. */
  update: (state: { phase: 'idle' | 'placing'; problem: string | null }) => void;
  reload: () => void;
  form?: AddressFormControl | undefined;
  placed: (orderId: string) => Promise<void>;
  /** The checkout page's words and language. */
  t: Translate;
  say: Say;
}): Promise<void> {
  update({ phase: 'placing', problem: null });
  try {
    const { order } = await api.call(placeCashOnDeliveryOrder, {
      body: { shippingInfo: address, expectedTotal: total, ...(coupon ? { coupon } : {}) },
    });
    routeCache.delete('/my-orders');
    toast.success(t('checkout.cod.placed'), { autoClose: 6000 });
    await placed(order._id);
  } catch (error) {
    const problems: [keyof AddressFormValues, string][] = [];
    for (const [key, message] of Object.entries((isApiError(error) && error.fields) || {})) {
      const field = ADDRESS_FIELD.exec(key)?.[1];
      if (form && field && field in address) problems.push([field as keyof AddressFormValues, message]);
    }
    const message = isApiError(error) ? say(error.message) : t('checkout.notLoaded');
    // The field shows its message in the page's words itself (address-form.tsx).
    for (const [field, text] of problems) form?.setError(field, { type: 'server', message: text });
    update({ phase: 'idle', problem: problems.length ? null : message });
    // The first field named takes the focus (and reads its message out) once the form is enabled.
    if (problems[0]) form?.focus(problems[0][0]);
    else toast.error(message, { autoClose: 6000 });
    // The cart or a price changed (or something sold out): show the cart as it is now.
    if (isApiError(error) && error.status === 409) reload();
  }
}
