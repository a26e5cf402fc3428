import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** False on the server and during hydration, true afterwards: for UI that depends on the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
