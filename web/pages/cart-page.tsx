import { useEffect } from 'react';
import { Link } from 'wouter';
import type { ApiCartLine } from '../../shared/api/cart.schemas';
import { useRouteData } from '../app/route-context';
import { CartIcon } from '../components/ui/icons';
import { LoadError } from '../components/ui/load-error';
import { LoadingState } from '../components/ui/loading-state';
import { useCartDelivery } from '../features/cart/cart-delivery';
import { CartLineRow } from '../features/cart/cart-line';
import { refreshCart, reloadCart, useCart } from '../features/cart/cart-store';
import type { CartWithQuote } from '../features/cart/cart-with-quote';
import { PriceBreakup } from '../features/checkout/price-breakup';
import { useQuote } from '../features/checkout/use-quote';
import { PincodeCheckForm } from '../features/delivery/pincode-check-form';
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
  return (
    <aside className="cart-summary" aria-labelledby="cart-summary-title" aria-busy={stale}>
      <h2 id="cart-summary-title">Order summary</h2>
      {quote ? (
        <PriceBreakup breakup={quote} items={quote.items} />
      ) : error ? (
        <p className="cart-note" role="alert">
          {error}
        </p>
      ) : (
        <p className="cart-note">Working out your total…</p>
      )}
      <PincodeCheckForm {...delivery.form} />
      <p className="cart-note">Have a coupon? Apply it at checkout.</p>
      <Link href="/checkout" className="button button--primary cart-checkout">
        Checkout
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

  // Current prices and stock each time the page opens (the header's copy may be a while old).
  useEffect(() => refreshCart(5), []);

  const lines = cart.lines ?? initial?.lines;
  if (!lines) {
    if (cart.status === 'error') {
      const message = isApiError(cart.error) ? cart.error.message : 'Something went wrong!';
      return <LoadError message={message} onRetry={() => void reloadCart()} />;
    }
    return <LoadingState label="Loading your cart…" />;
  }

  if (lines.length === 0) {
    return (
      <div className="page-state container">
        <div className="page-state-card">
          <span className="page-state-icon">
            <CartIcon size={32} />
          </span>
          <h1>Your cart is empty!</h1>
          <p>Add items to it now.</p>
          <div className="page-state-actions">
            <Link href="/product" className="button button--primary">
              Shop now
            </Link>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="cart-page container">
      <h1>Your cart</h1>
      <div className="cart-layout">
        <section aria-label="Items in your cart">
          <div className="cart-head" aria-hidden="true">
            <span>Product</span>
            <span>Quantity</span>
            <span>Total</span>
          </div>
          <ul className="cart-lines">
            {lines.map((line) => (
              <CartLineRow key={line._id} line={line} />
            ))}
          </ul>
          <Link href="/product" className="button button--ghost cart-continue">
            Continue shopping
          </Link>
        </section>
        <CartTotal lines={lines} initial={initial} />
      </div>
    </div>
  );
}
