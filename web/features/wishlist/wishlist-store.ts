import { useSyncExternalStore } from 'react';
import { getWishlist, toggleWishlist as toggleEndpoint } from '../../../shared/api/wishlist';
import { api } from '../../lib/api-client';
import { routeCache } from '../../lib/route-cache';
import { readCustomer } from '../../lib/session';

/**
 * Which products the signed-in customer has saved, so every heart on the page shows its state.
 * Loaded once per customer, on the first heart that appears; a toggle answers with the new list.
 */
let ids: ReadonlySet<string> = new Set();
let loadedFor: string | null = null;
const listeners = new Set<() => void>();

function publish(next: ReadonlySet<string>) {
  ids = next;
  for (const listener of listeners) listener();
}

export function ensureWishlistLoaded() {
  const token = readCustomer()?.token ?? null;
  if (!token) {
    if (loadedFor !== null) {
      loadedFor = null;
      publish(new Set());
    }
    return;
  }
  if (loadedFor === token) return;
  loadedFor = token;
  api
    .call(getWishlist)
    .then((user) => {
      if (loadedFor === token) publish(new Set(user.wishlist.map((product) => product._id)));
    })
    .catch(() => {
      // The hearts then simply show as empty; toggling still works and reports its own errors.
      if (loadedFor === token) loadedFor = null;
    });
}

/** PUT product/wishlist: adds or removes; resolves to whether the product is now in the wishlist. */
export async function toggleWishlist(productId: string): Promise<boolean> {
  const user = await api.call(toggleEndpoint, { body: { prodId: productId } });
  publish(new Set(user.wishlist));
  // The wishlist page must not show its earlier copy when the shopper goes there next.
  routeCache.delete('/wishlist');
  return user.added;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const none: ReadonlySet<string> = new Set();

export function useWishlistIds(): ReadonlySet<string> {
  return useSyncExternalStore(
    subscribe,
    () => ids,
    () => none,
  );
}
