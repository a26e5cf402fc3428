import { useEffect } from 'react';
import { restoreRemindedCart } from '../../../shared/api/reminders';
import { useT } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { reloadCart } from './cart-store';

/**
 * A cart reminder's link (`/cart?r=<token>`, decision 057): signed in as the customer it was sent
 * to, what left the cart since comes back. The token leaves the address at once (it is a key to
 * the cart, and a reload must not use it again).
 */
export function useCartLinkRestore() {
  const t = useT();
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const token = params.get('r');
    if (!token) return;
    params.delete('r');
    const rest = params.toString();
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`,
    );
    api.call(restoreRemindedCart, { body: { token } }).then(
      (answer) => {
        if (answer.restored > 0) toast.success(t('cart.link.restored', { count: answer.restored }));
        void reloadCart();
      },
      (error: unknown) => {
        const expired = isApiError(error) && (error.status === 404 || error.status === 400);
        toast.error(t(expired ? 'cart.link.notYours' : 'buy.failed'), { autoClose: 8000 });
      },
    );
  }, [t]);
}
