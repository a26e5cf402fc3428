import { useEffect, useState } from 'react';
import { quoteCheckout } from '../../../shared/api/checkout';
import type { ApiCheckoutQuote } from '../../../shared/api/price-breakup.schemas';
import { api } from '../../lib/api-client';

type Located = { pin: string; from: ApiCheckoutQuote; quote: ApiCheckoutQuote };

/**
 * The quote for the address's pincode: delivery may cost more to some places than others (the
 * shop's rate card), and the checkout charges what it costs to the address, so the total shown
 * and paid is asked for that pincode. `base` is the quote without one (the route's, or with the
 * coupon applied), shown until the pincode's is in and kept for a pincode the server refuses (the
 * address form says why). Paid in that moment, a total that differs is refused by the server
 * (409) and shown again, as any total that changed.
 */
export function useLocatedQuote(
  base: ApiCheckoutQuote | null,
  pin: string | undefined,
  coupon: string | undefined,
): ApiCheckoutQuote | null {
  const [located, setLocated] = useState<Located | null>(null);

  useEffect(() => {
    if (!pin || !base) return;
    const controller = new AbortController();
    api
      .call(quoteCheckout, {
        body: { pincode: pin, ...(coupon ? { coupon } : {}) },
        signal: controller.signal,
      })
      // A pincode the server refuses keeps `base`: the address form says why.
      .then(
        (quote) => setLocated({ pin, from: base, quote }),
        () => {},
      );
    return () => controller.abort();
  }, [pin, base, coupon]);

  return pin && base && located && located.pin === pin && located.from === base ? located.quote : base;
}
