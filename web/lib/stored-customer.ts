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

/**
 * The render cookie (docs/decisions/027-signed-in-pages-drawn-by-the-server.md): a copy of the
 * token the server reads only to draw a signed-in page (the cart, checkout, orders) with the
 * shopper's data in it; the API never reads cookies, so it authorises nothing there (no CSRF).
 * `SameSite=Strict`: a link from another site opens the page as before, drawn in the browser.
 */
export const renderCookie = 'bb_render';

/** How long the cookie lives: a session's 30 days (SESSION_DAYS); the server checks the token anyway. */
const renderCookieSeconds = 30 * 86_400;

function writeRenderCookie(token: string | null) {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari.
  document.cookie = token
    ? `${renderCookie}=${token}; Path=/; Max-Age=${renderCookieSeconds}; SameSite=Strict${secure}`
    : `${renderCookie}=; Path=/; Max-Age=0; SameSite=Strict${secure}`;
}

function readRenderCookie(): string | null {
  if (typeof document === 'undefined') return null;
  const found = document.cookie.split('; ').find((pair) => pair.startsWith(`${renderCookie}=`));
  return found ? found.slice(renderCookie.length + 1) || null : null;
}

/**
 * Makes the render cookie match the stored session, at each start: a session saved before the
 * cookie existed gets it, and a cookie left behind by a session that is gone is removed.
 */
export function syncRenderCookie() {
  const token = readToken();
  if (readRenderCookie() !== token) writeRenderCookie(token);
}

export function saveCustomer(customer: StoredCustomer) {
  storage()?.setItem(storageKey, JSON.stringify(customer));
  writeRenderCookie(customer.token);
  emit();
}

/** Signs this device out: everything the shop kept in it (saved address included), and the cookie. */
export function forgetDevice() {
  storage()?.clear();
  writeRenderCookie(null);
}

export function clearCustomer() {
  storage()?.removeItem(storageKey);
  writeRenderCookie(null);
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
