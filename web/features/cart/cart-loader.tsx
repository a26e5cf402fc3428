import { useEffect } from 'react';
import { useSetCartSummary } from '../../components/layout/cart-summary';
import { useSession } from '../../lib/session';
import { cartTotal, clearCart, reloadCart, useCart } from './cart-store';

/**
 * Loads the signed-in customer's cart when a page opens (and again on login or logout), and keeps
 * the header's badge and total in step with it: zero when signed out.
 */
export function CartLoader() {
  const token = useSession()?.token ?? null;
  const cart = useCart();
  const setSummary = useSetCartSummary();

  useEffect(() => {
    if (token) void reloadCart();
    else clearCart();
  }, [token]);

  const lines = cart.lines;
  useEffect(() => {
    setSummary(lines ? { lines: lines.length, total: cartTotal(lines) } : { lines: 0, total: 0 });
  }, [lines, setSummary]);

  return null;
}
