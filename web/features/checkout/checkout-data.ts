import { me } from '../../../shared/api/accounts';
import type { ApiUser } from '../../../shared/api/accounts.schemas';
import type { LoadContext } from '../../lib/route-types';
import { type CartWithQuote, loadCartWithQuote } from '../cart/cart-with-quote';

/**
 * Checkout's data: the cart and its quote, and the account it is bought for (the contact shown
 * at the top). The account comes with the page, not from the device's stored login: the server
 * draws the page with it (decision 027), and a name or e-mail changed elsewhere shows as it is.
 */
export type CheckoutData = CartWithQuote & { account: ApiUser };

export async function loadCheckout(context: Pick<LoadContext, 'api' | 'signal'>): Promise<CheckoutData> {
  const [cart, account] = await Promise.all([
    loadCartWithQuote(context),
    context.api.call(me, { signal: context.signal }),
  ]);
  return { ...cart, account };
}
