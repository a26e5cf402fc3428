import type { Page } from '@playwright/test';

/**
 * The page's layout shift so far (Cumulative Layout Shift's entries, buffered from the start), plus
 * whatever shifts in the next `settleMs`: what a shopper sees move after the page appeared.
 */
export function layoutShiftOf(page: Page, settleMs = 300): Promise<number> {
  return page.evaluate(
    (waitMs) =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            total += (entry as PerformanceEntry & { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), waitMs);
      }),
    settleMs,
  );
}
