import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

/** What the header shows of the cart: number of lines (the badge) and total in rupees. */
export type CartSummary = { lines: number; total: number };

const empty: CartSummary = { lines: 0, total: 0 };

const CartSummaryContext = createContext<{
  summary: CartSummary;
  setSummary: (summary: CartSummary) => void;
}>({ summary: empty, setSummary: () => {} });

/** Holds the header's cart figures; the cart feature sets them whenever it loads or changes the cart. */
export function CartSummaryProvider({ children }: { children: ReactNode }) {
  const [summary, setSummary] = useState(empty);
  const value = useMemo(() => ({ summary, setSummary }), [summary]);
  return <CartSummaryContext value={value}>{children}</CartSummaryContext>;
}

export function useCartSummary(): CartSummary {
  return useContext(CartSummaryContext).summary;
}

export function useSetCartSummary(): (summary: CartSummary) => void {
  return useContext(CartSummaryContext).setSummary;
}
