import { getCart } from '../../../shared/api/cart';
import type { ApiCartLine } from '../../../shared/api/cart.schemas';
import { quoteCheckout } from '../../../shared/api/checkout';
import type { ApiCheckoutQuote } from '../../../shared/api/price-breakup.schemas';
import type { LoadContext } from '../../lib/route-types';

/** The cart page's and checkout's data: the lines, and their quote without a coupon. */
export type CartWithQuote = { lines: ApiCartLine[]; quote: ApiCheckoutQuote | null };

/**
 * The cart and its total as the server computes it, both asked for at once (an empty cart has
 * none to quote: null): by the server as it draws the page (decision 027), else by the browser.
 */
export async function loadCartWithQuote({ api, signal }: Pick<LoadContext, 'api' | 'signal'>) {
  const [lines, quote] = await Promise.all([
    api.call(getCart, { signal }),
    api.call(quoteCheckout, { body: {}, signal }).catch(() => null),
  ]);
  return { lines, quote } satisfies CartWithQuote;
}
