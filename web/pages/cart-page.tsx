import { useEffect } from 'react';
import { Link } from 'wouter';
import { CartIcon } from '../components/ui/icons';
import { LoadError } from '../components/ui/load-error';
import { LoadingState } from '../components/ui/loading-state';
import { CartLineRow } from '../features/cart/cart-line';
import { cartTotal, isCartLoading, reloadCart, useCart } from '../features/cart/cart-store';
import { isApiError } from '../lib/api-client';
import { formatRupees } from '../lib/money';
import './cart-page.css';

/** The cart: lines with quantities, totals, and the way to checkout. */
export default function CartPage() {
  const cart = useCart();

  // Current prices and stock each time the page opens (the header's copy may be a while old).
  useEffect(() => {
    if (!isCartLoading()) void reloadCart();
  }, []);

  if (!cart.lines) {
    if (cart.status === 'error') {
      const message = isApiError(cart.error) ? cart.error.message : 'Something went wrong!';
      return <LoadError message={message} onRetry={() => void reloadCart()} />;
    }
    return <LoadingState label="Loading your cart…" />;
  }

  const lines = cart.lines;
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

  const total = cartTotal(lines);
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
        <aside className="cart-summary" aria-labelledby="cart-summary-title">
          <h2 id="cart-summary-title">Order summary</h2>
          <dl>
            <div>
              <dt>
                Subtotal ({lines.length} {lines.length === 1 ? 'item' : 'items'})
              </dt>
              <dd>{formatRupees(total)}</dd>
            </div>
            <div>
              <dt>Delivery</dt>
              <dd className="cart-free">Free</dd>
            </div>
            <div className="cart-summary-total">
              <dt>Total</dt>
              <dd>{formatRupees(total)}</dd>
            </div>
          </dl>
          <p className="cart-note">Taxes and shipping calculated at checkout</p>
          <Link href="/checkout" className="button button--primary cart-checkout">
            Checkout
          </Link>
        </aside>
      </div>
    </div>
  );
}
