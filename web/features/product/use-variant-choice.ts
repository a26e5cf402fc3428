import { useState } from 'react';
import { useSearch } from 'wouter';
import type { ApiProductPage, ApiVariant } from '../../../shared/api/catalog.schemas';
import { type Choice, chosenVariant, initialChoice, missingOptions } from './variant-choice';

/** The query parameter a shared link names its variant with: `/product/crew-tee?variant=LEV-NVY-L`. */
export const VARIANT_PARAM = 'variant';

export type VariantChoice = {
  choice: Choice;
  /** The variant chosen, once every option is and the merchant sells that combination. */
  variant: ApiVariant | null;
  /** Options still to choose, in the merchant's order. */
  missing: string[];
  /** The shopper has chosen something on this page (the live region speaks only then). */
  touched: boolean;
  choose: (name: string, value: string) => void;
};

/**
 * The product page's choice of variant, kept in the URL as `?variant=SKU` so a shared link (and
 * the server's render of it) opens on the same choice. The URL is replaced, not pushed: picking
 * sizes must not fill the back button's history, and the route reloads nothing for it (the
 * route's `pageParams`).
 */
export function useVariantChoice(product: ApiProductPage): VariantChoice {
  const sku = new URLSearchParams(useSearch()).get(VARIANT_PARAM);
  const [choice, setChoice] = useState<Choice>(() => initialChoice(product, sku));
  const [seenSku, setSeenSku] = useState(sku);
  const [touched, setTouched] = useState(false);

  // A link to this page naming another variant (or the shopper's own replace, which names the same).
  if (sku !== seenSku) {
    setSeenSku(sku);
    const linked = initialChoice(product, sku);
    if (sku && chosenVariant(product, linked)) setChoice(linked);
  }

  function choose(name: string, value: string) {
    const next = { ...choice, [name]: value };
    setChoice(next);
    setTouched(true);
    const variant = chosenVariant(product, next);
    const url = new URL(window.location.href);
    if (variant) url.searchParams.set(VARIANT_PARAM, variant.sku);
    else url.searchParams.delete(VARIANT_PARAM);
    if (url.href !== window.location.href) {
      window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    }
  }

  return {
    choice,
    variant: chosenVariant(product, choice),
    missing: missingOptions(product, choice),
    touched,
    choose,
  };
}
