import type { Transaction } from '../../db/client.js';
import { nextInSeries } from './document-series.repository.js';

/**
 * Numbers of tax documents (CGST rule 46): consecutive, unique within the financial year (April
 * to March, India time), at most 16 characters of letters, digits, '/' and '-'. Taken inside the
 * transaction that creates the document: two orders in the same millisecond queue on the series
 * row, and a rolled-back order gives its number back, so there are no gaps.
 */

export type DocumentSeries = 'INV' | 'CN';

/** The prefix printed before the year: BB/26-27/000123 (invoice), CN/26-27/000012 (credit note). */
const PREFIX: Record<DocumentSeries, string> = { INV: 'BB', CN: 'CN' };

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The financial year `at` falls in, India time: { start: 2026, label: '2026-27' }. */
export function financialYearOf(at: Date): { start: number; label: string } {
  const india = new Date(at.getTime() + IST_OFFSET_MS);
  const year = india.getUTCFullYear();
  const start = india.getUTCMonth() >= 3 ? year : year - 1;
  return { start, label: `${start}-${String((start + 1) % 100).padStart(2, '0')}` };
}

/** BB/26-27/000123: 15 characters up to 999,999 documents a year, 16 up to ten times that. */
export function formatDocumentNumber(series: DocumentSeries, at: Date, n: number): string {
  const { start } = financialYearOf(at);
  const years = `${String(start % 100).padStart(2, '0')}-${String((start + 1) % 100).padStart(2, '0')}`;
  return `${PREFIX[series]}/${years}/${String(n).padStart(6, '0')}`;
}

/** The next number of `series` for a document dated `at`, within the caller's transaction. */
export async function takeDocumentNumber(tx: Transaction, series: DocumentSeries, at: Date): Promise<string> {
  const n = await nextInSeries(tx, series, financialYearOf(at).label);
  if (n > 9_999_999) throw new Error(`The ${series} series of ${financialYearOf(at).label} is full`);
  return formatDocumentNumber(series, at, n);
}
