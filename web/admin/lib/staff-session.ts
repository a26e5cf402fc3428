import { useSyncExternalStore } from 'react';

/**
 * The console's session: the staff bearer token, kept in localStorage under `staff` (apart from a
 * shopper's `customer`, so signing in to the console never signs anyone in to the shop or out of
 * it). The server decides everything else (role, permissions) on every request.
 */
const storageKey = 'staff';
const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function readStaffToken(): string | null {
  const token = storage()?.getItem(storageKey) ?? null;
  return token && /^\S{10,200}$/.test(token) ? token : null;
}

function notify() {
  for (const listener of listeners) listener();
}

export function saveStaffToken(token: string) {
  storage()?.setItem(storageKey, token);
  notify();
}

/** Forgets the token; `reason` is shown on the sign-in page (e.g. the session timed out). */
export function clearStaffToken(reason?: string) {
  storage()?.removeItem(storageKey);
  if (reason) sessionStorage.setItem('staff-signed-out', reason);
  notify();
}

/** The message left by the last forced sign-out, read once. */
export function takeSignOutReason(): string | null {
  const reason = sessionStorage.getItem('staff-signed-out');
  sessionStorage.removeItem('staff-signed-out');
  return reason;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKey) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The token, re-rendering on sign-in and sign-out here or in another tab. */
export function useStaffToken(): string | null {
  return useSyncExternalStore(subscribe, readStaffToken, () => null);
}
