import type { ApiSignedIn } from '../../shared/api/accounts.schemas';

/**
 * The signed-in customer as the API returned it at login, kept in localStorage under `customer`
 * (the key the original shop used, so an existing session survives the switch). Its own module so
 * the API client can read the token without importing the session (which itself calls the API).
 * Only `_id` and the token are sure when it is read back: the stored text is checked for the token
 * alone, and another client of the same origin may have written it.
 */
export type StoredCustomer = Pick<ApiSignedIn, '_id' | 'token'> & Partial<Omit<ApiSignedIn, '_id' | 'token'>>;

const storageKey = 'customer';
const listeners = new Set<() => void>();

let cachedRaw: string | null = null;
let cachedCustomer: StoredCustomer | null = null;

export function storage(): Storage | undefined {
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

/** For useSyncExternalStore: this tab's saves and clears, and other tabs' logins and logouts. */
export function subscribeCustomer(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKey || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
