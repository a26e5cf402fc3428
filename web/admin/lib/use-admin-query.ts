import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from './admin-api';

export type QueryState<T> = {
  data: T | undefined;
  /** The failure's message, ready to show. */
  error: string | undefined;
  status: number | undefined;
  loading: boolean;
  reload: () => void;
};

/**
 * Loads data for a console page, again whenever `deps` change, cancelling the request before.
 * The previous data stays shown while the next loads (tables do not flash empty between pages).
 */
export function useAdminQuery<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
): QueryState<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<{ message: string; status: number }>();
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when to reload.
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    loadRef
      .current(controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        setData(result);
        setError(undefined);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(
          isApiError(failure)
            ? { message: failure.message, status: failure.status }
            : { message: 'Something went wrong. Please try again.', status: 0 },
        );
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [...deps, generation]);

  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { data, error: error?.message, status: error?.status, loading, reload };
}
