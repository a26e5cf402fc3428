import { useSyncExternalStore } from 'react';
import { getCart } from '../../../shared/api/cart';
import type { ApiCartLine } from '../../../shared/api/cart.schemas';
import { api } from '../../lib/api-client';
import { readCustomer } from '../../lib/session';

export type CartState =
  | { status: 'idle' | 'loading'; lines: readonly ApiCartLine[] | null; error?: undefined }
  | { status: 'ready'; lines: readonly ApiCartLine[]; error?: undefined }
  | { status: 'error'; lines: readonly ApiCartLine[] | null; error: unknown };

const initial: CartState = { status: 'idle', lines: null };
let state: CartState = initial;
let generation = 0;
/** When the last answer arrived (ms since the epoch), 0 before the first. */
let answeredAt = 0;
/** The session token the last load asked with (null: none since the cart was last forgotten). */
let loadedFor: string | null = null;
const listeners = new Set<() => void>();

function publish(next: CartState) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * The signed-in customer's cart, shared by the header's summary, the product page's 'Go to cart'
 * and the cart page, so a change made in one place shows everywhere at once. Loading again is
 * always safe: an older answer that arrives late never overwrites a newer one.
 */
export async function reloadCart(): Promise<void> {
  const id = ++generation;
  const customer = readCustomer();
  loadedFor = customer?.token ?? null;
  if (!customer) {
    publish(initial);
    return;
  }
  publish({ status: 'loading', lines: state.lines });
  try {
    const lines = await api.call(getCart);
    if (id === generation) {
      answeredAt = Date.now();
      publish({ status: 'ready', lines });
    }
  } catch (error) {
    if (id === generation) publish({ status: 'error', lines: state.lines, error });
  }
}

/**
 * Loads the cart again unless it is loading or was answered in the last `seconds`: a page that
 * wants current prices and stock as it opens does not ask twice for what the header just asked.
 */
export function refreshCart(seconds: number): void {
  if (state.status === 'loading') return;
  if (state.status === 'ready' && Date.now() - answeredAt < seconds * 1000) return;
  void reloadCart();
}

/**
 * Loads the cart for this session unless it is already loading or loaded for it: a page drawn by
 * the server with the cart (decision 027) asks for it as it hydrates, and the header's loader, which
 * learns of the session in the same moment, must not ask a second time.
 */
export function loadCartOf(token: string): void {
  if (loadedFor === token && (state.status === 'loading' || state.status === 'ready')) return;
  void reloadCart();
}

/** Forgets the cart (signed out): nothing is known until the next load. */
export function clearCart() {
  generation++;
  loadedFor = null;
  publish(initial);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useCart(): CartState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => initial,
  );
}

/** Sum of quantity times current price over the lines, to the paisa. */
export function cartTotal(lines: readonly ApiCartLine[]): number {
  return Math.round(lines.reduce((sum, line) => sum + line.price * line.quantity, 0) * 100) / 100;
}

/** Whether the cart holds the product (that variant of it, when one is named). */
export function isInCart(
  lines: readonly ApiCartLine[] | null,
  productId: string,
  variantId?: string,
): boolean {
  return (
    lines?.some(
      (line) => line.productId._id === productId && (variantId === undefined || line.variantId === variantId),
    ) ?? false
  );
}
