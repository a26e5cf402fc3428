import { useSyncExternalStore } from 'react';
import type { ApiColor, ApiProduct } from '../../../shared/api-types';
import { api } from '../../lib/api-client';
import { readCustomer } from '../../lib/session';

/** A line of GET user/cart: the full product (current catalogue price), colour and quantity. */
export type CartLine = {
  _id: string;
  userId: string;
  productId: ApiProduct;
  color: ApiColor;
  quantity: number;
  price: number;
};

export type CartState =
  | { status: 'idle' | 'loading'; lines: readonly CartLine[] | null; error?: undefined }
  | { status: 'ready'; lines: readonly CartLine[]; error?: undefined }
  | { status: 'error'; lines: readonly CartLine[] | null; error: unknown };

const initial: CartState = { status: 'idle', lines: null };
let state: CartState = initial;
let generation = 0;
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
  if (!readCustomer()) {
    publish(initial);
    return;
  }
  publish({ status: 'loading', lines: state.lines });
  try {
    const lines = await api.get<CartLine[]>('/user/cart');
    if (id === generation) publish({ status: 'ready', lines });
  } catch (error) {
    if (id === generation) publish({ status: 'error', lines: state.lines, error });
  }
}

export function isCartLoading(): boolean {
  return state.status === 'loading';
}

/** Forgets the cart (signed out): nothing is known until the next load. */
export function clearCart() {
  generation++;
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
export function cartTotal(lines: readonly CartLine[]): number {
  return Math.round(lines.reduce((sum, line) => sum + line.price * line.quantity, 0) * 100) / 100;
}

export function isInCart(lines: readonly CartLine[] | null, productId: string): boolean {
  return lines?.some((line) => line.productId._id === productId) ?? false;
}

export const cartApi = {
  add: (body: { productId: string; color: string; quantity: number; price: number }) =>
    api.post<unknown>('/user/cart', body),
  remove: (lineId: string) => api.delete<unknown>(`/user/delete-product-cart/${encodeURIComponent(lineId)}`),
  update: (lineId: string, quantity: number) =>
    api.delete<unknown>(`/user/update-product-cart/${encodeURIComponent(lineId)}/${quantity}`),
};
