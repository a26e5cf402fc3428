import { useSyncExternalStore } from 'react';
import { api } from './api-client';

/**
 * The signed-in customer as the API returned it at login, kept in localStorage under `customer`
 * (the key the original shop used, so an existing session survives the switch).
 */
export type StoredCustomer = {
  _id: string;
  token: string;
  firstname?: string;
  lastname?: string;
  email?: string;
  mobile?: string;
};

const storageKey = 'customer';
const listeners = new Set<() => void>();

let cachedRaw: string | null = null;
let cachedCustomer: StoredCustomer | null = null;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings); the shopper is then simply signed out.
    return undefined;
  }
}

function parse(raw: string | null): StoredCustomer | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredCustomer> | null;
    return value && typeof value.token === 'string' && value.token ? (value as StoredCustomer) : null;
  } catch {
    return null;
  }
}

/** The stored customer, or null when there is none or it has no token (signed out). */
export function readCustomer(): StoredCustomer | null {
  const raw = storage()?.getItem(storageKey) ?? null;
  // Same object for the same stored text, as useSyncExternalStore requires.
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedCustomer = parse(raw);
  }
  return cachedCustomer;
}

export function readToken(): string | null {
  return readCustomer()?.token ?? null;
}

function emit() {
  for (const listener of listeners) listener();
}

export function saveCustomer(customer: StoredCustomer) {
  storage()?.setItem(storageKey, JSON.stringify(customer));
  emit();
}

export function clearCustomer() {
  storage()?.removeItem(storageKey);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Other tabs: a login or logout there changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKey || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The current customer, or null. Always null on the server and during hydration (localStorage is
 * not readable there), then the real value right after: callers reserve space for both states.
 */
export function useSession(): StoredCustomer | null {
  return useSyncExternalStore(subscribe, readCustomer, () => null);
}

/** Ends the session on the server (revoking the token), then forgets everything on this device. */
export async function logout(): Promise<void> {
  // A token the server no longer knows, or an unreachable server, must not keep the shopper signed
  // in here: revocation is best effort, clearing the device is not.
  await api.post('/user/logout').catch(() => undefined);
  // The spec's logout clears all local storage (saved address included), then reloads.
  storage()?.clear();
  window.location.reload();
}
