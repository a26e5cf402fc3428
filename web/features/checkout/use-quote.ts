import { useEffect, useState } from 'react';
import type { ApiCartLine } from '../../../shared/api/cart.schemas';
import { quoteCheckout } from '../../../shared/api/checkout';
import type { ApiCheckoutQuote } from '../../../shared/api/price-breakup.schemas';
import { useT } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';

/** What a quote depends on: the lines as the page shows them (a price change counts). */
const keyOf = (lines: readonly ApiCartLine[]) =>
  lines.map((l) => `${l._id}:${l.quantity}:${l.price}`).join('|');

/**
 * The server's total and breakup of the cart (price-breakup.tsx shows it), asked again whenever
 * the lines change; the previous one stays on screen meanwhile (`stale`). `initial` is a quote
 * the page already has (the route's), for the lines it was asked with: not asked again for them.
 */
export function useQuote(
  lines: readonly ApiCartLine[] | null,
  initial?: { lines: readonly ApiCartLine[]; quote: ApiCheckoutQuote | null },
) {
  const t = useT();
  const key = lines ? keyOf(lines) : null;
  const [state, setState] = useState<{
    key: string | null;
    quote: ApiCheckoutQuote | null;
    error: string | null;
  }>(() =>
    initial?.quote
      ? { key: keyOf(initial.lines), quote: initial.quote, error: null }
      : { key: null, quote: null, error: null },
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key says everything the quote depends on.
  useEffect(() => {
    if (!lines || lines.length === 0 || key === null || key === state.key) return;
    const controller = new AbortController();
    api.call(quoteCheckout, { body: {}, signal: controller.signal }).then(
      (quote) => setState({ key, quote, error: null }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = isApiError(error) ? error.message : t('checkout.quote.failed');
        setState((current) => ({ ...current, key, error: message }));
      },
    );
    return () => controller.abort();
  }, [key]);

  return { quote: state.quote, stale: state.key !== key, error: state.error };
}
