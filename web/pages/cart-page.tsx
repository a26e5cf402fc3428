import { useEffect } from 'react';
import { Link } from 'wouter';
import type { ApiCartLine } from '../../shared/api/cart.schemas';
import { useRouteData } from '../app/route-context';
import { CartIcon } from '../components/ui/icons';
import { LoadError } from '../components/ui/load-error';
import { LoadingState } from '../components/ui/loading-state';
import { useCartDelivery } from '../features/cart/cart-delivery';
import { CartLineRow } from '../features/cart/cart-line';
import { useCartLinkRestore } from '../features/cart/cart-link';
import { refreshCart, reloadCart, useCart } from '../features/cart/cart-store';
import type { CartWithQuote } from '../features/cart/cart-with-quote';
import { useApiText } from '../features/checkout/api-messages';
import { PriceBreakup } from '../features/checkout/price-breakup';
import { useQuote } from '../features/checkout/use-quote';
import { PincodeCheckForm } from '../features/delivery/pincode-check-form';
import { useT } from '../i18n/i18n';
import { isApiError } from '../lib/api-client';
import './cart-page.css';

/**
 * The cart's one total, as the server computes it (the checkout charges the same): items at MRP,
 * discount, delivery (priced and dated for the pincode given) with what would make it free, the
 * GST included. A coupon is applied at checkout.
 */
function CartTotal({
  lines,
  initial,
}: {
  lines: readonly ApiCartLine[];
  initial: CartWithQuote | undefined;
}) {
  const { quote: base, stale, error } = useQuote(lines, initial);
  const delivery = useCartDelivery(base);
  const quote = delivery.quote;
  const t = useT();
  const apiText = useApiText();
  const problem = error ? apiText(error) : null;
  return (
    <aside className="cart-summary" aria-labelledby="cart-summary-title" aria-busy={stale}>
      <h2 id="cart-summary-title">{t('cart.summary.title')}</h2>
      {quote ? (
        <PriceBreakup breakup={quote} items={quote.items} />
      ) : problem ? (
        <p className="cart-note" role="alert" lang={problem.lang}>
          {problem.text}
        </p>
      ) : (
        <p className="cart-note">{t('cart.summary.working')}</p>
      )}
      <PincodeCheckForm {...delivery.form} />
      <p className="cart-note">{t('cart.summary.coupon')}</p>
      <Link href="/checkout" className="button button--primary cart-checkout">
        {t('cart.summary.checkout')}
      </Link>
    </aside>
  );
}

/**
 * The cart: lines with quantities, totals, and the way to checkout. It shows the shared cart (the
 * header's, which every change updates); on arrival, until that has loaded, the route's own copy
 * with its total (the server draws the page with it: decision 027).
 */
export default function CartPage() {
  const cart = useCart();
  const initial = useRouteData<CartWithQuote | undefined>();
  const t = useT();
  const apiText = useApiText();

  // Current prices and stock each time the page opens (the header's copy may be a while old).
  useEffect(() => refreshCart(5), []);
  // Opened from a cart reminder's link: what left the cart since comes back.
  useCartLinkRestore();

  const lines = cart.lines ?? initial?.lines;
  if (!lines) {
    if (cart.status === 'error') {
      const message = isApiError(cart.error) ? apiText(cart.error.message).text : t('cart.loadFailed');
      return <LoadError message={message} onRetry={() => void reloadCart()} />;
    }
    return <LoadingState label={t('cart.loading')} />;
  }

  if (lines.length === 0) {
    return (
      <div className="page-state container">
        <div className="page-state-card">
          <span className="page-state-icon">
            <CartIcon size={32} />
          </span>
          <h1>{t('cart.empty.title')}</h1>
          <p>{t('cart.empty.text')}</p>
          <div className="page-state-actions">
            <Link href="/product" className="button button--primary">
              {t('cart.empty.shop')}
            </Link>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="cart-page container">
      <h1>{t('cart.title')}</h1>
      <div className="cart-layout">
        <section aria-label={t('cart.lines.label')}>
          <div className="cart-head" aria-hidden="true">
            <span>{t('cart.head.product')}</span>
            <span>{t('cart.head.quantity')}</span>
            <span>{t('cart.head.total')}</span>
          </div>
          <ul className="cart-lines">
            {lines.map((line) => (
              <CartLineRow key={line._id} line={line} />
            ))}
          </ul>
          <Link href="/product" className="button button--ghost cart-continue">
            {t('cart.continue')}
          </Link>
        </section>
        <CartTotal lines={lines} initial={initial} />
      </div>
    </div>
  );
}
