import { useSyncExternalStore } from 'react';
import { logout as endSession } from '../../shared/api/accounts';
import { api } from './api-client';
import { forgetDevice, readCustomer, type StoredCustomer, subscribeCustomer } from './stored-customer';

export {
  clearCustomer,
  readCustomer,
  readToken,
  type StoredCustomer,
  saveCustomer,
} from './stored-customer';

/**
 * The current customer, or null. Always null on the server and during hydration (localStorage is
 * not readable there), then the real value right after: callers reserve space for both states.
 */
export function useSession(): StoredCustomer | null {
  return useSyncExternalStore(subscribeCustomer, readCustomer, () => null);
}

/** Ends the session on the server (revoking the token), then forgets everything on this device. */
export async function logout(): Promise<void> {
  // A token the server no longer knows, or an unreachable server, must not keep the shopper signed
  // in here: revocation is best effort, clearing the device is not.
  await api.call(endSession).catch(() => undefined);
  // Logout clears all local storage (saved address included), as the original shop did, then reloads.
  forgetDevice();
  window.location.reload();
}
