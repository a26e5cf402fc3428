import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { documentSeries } from '../../db/schema.js';

/**
 * The next number of a series in a financial year. The row's update lock is held until the
 * caller's transaction ends, so concurrent documents queue here and each gets the next number;
 * a rollback undoes the increment, so no number is skipped.
 */
export async function nextInSeries(tx: Transaction, series: string, financialYear: string): Promise<number> {
  const [row] = await tx
    .insert(documentSeries)
    .values({ series, financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentSeries.series, documentSeries.financialYear],
      set: { lastNumber: sql`${documentSeries.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentSeries.lastNumber });
  return row!.lastNumber;
}
