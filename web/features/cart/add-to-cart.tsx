import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { addToCart } from '../../../shared/api/cart';
import type { ApiProduct } from '../../../shared/api-types';
import { CartIcon } from '../../components/ui/icons';
import { api, isApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useHydrated } from '../../lib/use-hydrated';
import { loginHref } from '../accounts/next-path';
import { isInCart, reloadCart, useCart } from './cart-store';
import { QuantityInput } from './quantity-input';
import './cart.css';

/**
 * The product page's colour choice, quantity and 'Add to cart' button. When the
 * product is already in the customer's cart, the choices give way to a 'Go to cart' link.
 */
export function AddToCart({ product }: { product: ApiProduct }) {
  const session = useSession();
  const cart = useCart();
  const [, navigate] = useLocation();
  const [color, setColor] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const uid = useId();
  const hydrated = useHydrated();

  if (session && isInCart(cart.lines, product._id)) {
    return (
      <div className="add-to-cart">
        <p className="add-to-cart-note">This product is in your cart.</p>
        <Link href="/cart" className="button button--primary add-to-cart-button">
          <CartIcon size={20} /> Go to cart
        </Link>
      </div>
    );
  }

  if (product.quantity <= 0) {
    return (
      <div className="add-to-cart">
        <button type="button" className="button button--primary add-to-cart-button" disabled>
          Out of stock
        </button>
      </div>
    );
  }

  async function add() {
    if (!session) {
      navigate(loginHref(window.location.pathname));
      return;
    }
    if (!color) {
      toast.error('Please choose color');
      document.getElementById(`${uid}-color-0`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await api.call(addToCart, { body: { productId: product._id, color, quantity, price: product.price } });
      toast.success('Product added to the cart');
      setColor(null);
      setQuantity(1);
      await reloadCart();
    } catch (error) {
      toast.error(`Something went wrong! ${isApiError(error) ? error.message : ''}`.trim(), {
        autoClose: 5000,
      });
    } finally {
      setBusy(false);
    }
  }

  const chosen = product.color.find((c) => c._id === color);
  return (
    <form
      className="add-to-cart"
      // Until the page is interactive the button would submit the form to the server instead.
      data-hydrated={hydrated || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      {product.color.length > 0 && (
        <fieldset className="color-picker">
          <legend>
            Colour{chosen ? <span className="color-picker-chosen">: {chosen.name}</span> : null}
          </legend>
          <div className="color-picker-options">
            {product.color.map((option, index) => (
              <label key={option._id} className="color-swatch" title={option.name}>
                <input
                  id={`${uid}-color-${index}`}
                  type="radio"
                  name={`${uid}-color`}
                  value={option._id}
                  checked={color === option._id}
                  onChange={() => setColor(option._id)}
                />
                <span className="color-swatch-dot" style={{ background: option.title }} aria-hidden="true" />
                <span className="visually-hidden">{option.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <QuantityInput id={`${uid}-quantity`} value={quantity} max={product.quantity} onChange={setQuantity} />
      <button type="submit" className="button button--primary add-to-cart-button" disabled={busy}>
        <CartIcon size={20} /> {busy ? 'Adding…' : 'Add to cart'}
      </button>
    </form>
  );
}
