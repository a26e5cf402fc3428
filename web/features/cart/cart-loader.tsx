import { useEffect } from 'react';
import { useSetCartSummary } from '../../components/layout/cart-summary';
import { readCustomer, useSession } from '../../lib/session';
import { cartTotal, clearCart, loadCartOf, useCart } from './cart-store';

/**
 * Loads the signed-in customer's cart when a page opens (and again on login or logout), and keeps
 * the header's badge and total in step with it: zero when signed out.
 */
export function CartLoader() {
  const token = useSession()?.token ?? null;
  const cart = useCart();
  const setSummary = useSetCartSummary();

  useEffect(() => {
    if (token) loadCartOf(token);
    // While the page hydrates the session reads as none (the server's view); the stored one, if
    // any, follows at once, so the cart is forgotten only when nobody is signed in here.
    else if (!readCustomer()) clearCart();
  }, [token]);

  const lines = cart.lines;
  useEffect(() => {
    setSummary(lines ? { lines: lines.length, total: cartTotal(lines) } : { lines: 0, total: 0 });
  }, [lines, setSummary]);

  return null;
}
