import { useCallback, useState } from 'react';
import type { ApiAdminOrder } from '../../../../shared/api/orders-admin.schemas';
import { toast } from '../../../lib/toast';
import { isApiError } from '../../lib/admin-api';

/** What an action needs from the order page: to show the answer, or to fetch the order again. */
export type OrderUpdates = {
  /** The order as the action answered it. */
  onChanged: (order: ApiAdminOrder) => void;
  /** Fetch the order again: a 409 means this page was behind (another tab, the customer, a webhook). */
  onStale: () => void;
};

/** No field errors (one object, so a form's effects do not run again for an equal empty one). */
const NONE: Readonly<Record<string, string>> = Object.freeze({});

/**
 * Runs one staff action on an order: busy while it runs, the answer shown, a toast on success, and
 * the API's own message kept for the form to show on failure, with a 400's field errors (keyed by
 * the body's path: `reason`, `payout.reference`) for the form to show at its fields. A 409 also
 * refreshes the page, so the buttons match what the order can do now.
 */
export function useOrderAction({ onChanged, onStale }: OrderUpdates) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Readonly<Record<string, string>>>(NONE);

  const run = useCallback(
    async (call: () => Promise<ApiAdminOrder>, success: string): Promise<boolean> => {
      setBusy(true);
      setError(null);
      setFields(NONE);
      try {
        onChanged(await call());
        toast.success(success, { autoClose: 4000 });
        return true;
      } catch (failure) {
        setError(isApiError(failure) ? failure.message : 'Something went wrong. Please try again.');
        if (isApiError(failure) && failure.status === 400 && failure.fields) setFields(failure.fields);
        if (isApiError(failure) && failure.status === 409) onStale();
        return false;
      } finally {
        setBusy(false);
      }
    },
    [onChanged, onStale],
  );

  const clearError = useCallback(() => {
    setError(null);
    setFields(NONE);
  }, []);
  return { busy, error, fields, run, clearError };
}
