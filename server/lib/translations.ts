import { translatedLocales } from '../../shared/locales.js';
import type { TranslatedLocale } from '../../shared/translations.js';
import type { SizeChart, Translations } from '../db/schema.js';
import { sanitizeRichText } from './html.js';

/**
 * Rows' `translations` (decision 050) read for answers and merged with what a write sends. The
 * column is jsonb written only through here and the seed, but an answer still reads it warily:
 * only the shop's languages, only the fields asked for, only non-empty text.
 */

/** How an answer reads one field of a language: its value, or undefined to leave it out. */
export type FieldReader<V> = (value: unknown) => V | undefined;

/** Set, non-blank text. */
export const text: FieldReader<string> = (value) =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** Rich text, cleaned again on the way out as the English is (lib/html.ts). */
export const richText: FieldReader<string> = (value) => {
  const set = text(value);
  if (set === undefined) return undefined;
  const clean = sanitizeRichText(set);
  return clean.trim() === '' ? undefined : clean;
};

/** A size chart of text cells. */
export const chart: FieldReader<SizeChart> = (value) => {
  const candidate = value as SizeChart | null | undefined;
  if (!candidate || !Array.isArray(candidate.columns) || !Array.isArray(candidate.rows)) return undefined;
  const cells = [candidate.columns, ...candidate.rows];
  return cells.every((row) => Array.isArray(row) && row.every((cell) => typeof cell === 'string'))
    ? { columns: candidate.columns, rows: candidate.rows }
    : undefined;
};

type Readers<T> = { [K in keyof T]: FieldReader<T[K]> };
export type PresentedTranslations<T> = { [L in TranslatedLocale]?: Partial<T> };

/** The languages and fields set, as answers carry them: `{ hi: { title } }`, `{}` when none. */
export function presentTranslations<T>(stored: unknown, readers: Readers<T>): PresentedTranslations<T> {
  const answer: PresentedTranslations<T> = {};
  if (!stored || typeof stored !== 'object') return answer;
  for (const code of translatedLocales) {
    const language = (stored as Record<string, unknown>)[code];
    if (!language || typeof language !== 'object') continue;
    const fields: Partial<T> = {};
    for (const key of Object.keys(readers) as (keyof T)[]) {
      const value = readers[key]((language as Record<string, unknown>)[key as string]);
      if (value !== undefined) fields[key] = value;
    }
    if (Object.keys(fields).length > 0) answer[code] = fields;
  }
  return answer;
}

/** A product's or a blog post's title and description (rich text). */
export const titleAndDescription = { title: text, description: richText };
/** A brand's, or a product's brand or category, name. */
export const titleOnly = { title: text };

/**
 * What a write asks of one record's translations (the shape of translations.schemas.ts's inputs):
 * a language left out stays, null removes it; a field left out stays, an empty one is removed.
 */
export type TranslationsWrite<T> =
  | { [L in TranslatedLocale]?: { [K in keyof T]?: T[K] | null | undefined } | null | undefined }
  | undefined;

/**
 * `current` with `write` applied. `clean` turns each written value into what is stored (a
 * description sanitised, say); undefined removes the field. Languages the write does not name,
 * including any no longer offered, are kept as stored.
 */
export function mergeTranslations<T>(
  current: Translations<T> | null | undefined,
  write: TranslationsWrite<T>,
  clean: { [K in keyof T]: (value: NonNullable<T[K]>) => T[K] | undefined },
): Translations<T> {
  const merged: Translations<T> = structuredClone(current ?? {});
  if (!write) return merged;
  for (const code of translatedLocales) {
    const asked = write[code];
    if (asked === undefined) continue;
    if (asked === null) {
      delete merged[code];
      continue;
    }
    const fields: Partial<T> = { ...(merged[code] ?? {}) };
    for (const key of Object.keys(asked) as (keyof T)[]) {
      const value = asked[key];
      if (value === undefined) continue;
      const stored = value === null ? undefined : clean[key](value as NonNullable<T[typeof key]>);
      if (stored === undefined || stored === '') delete fields[key];
      else fields[key] = stored;
    }
    if (Object.keys(fields).length > 0) merged[code] = fields;
    else delete merged[code];
  }
  return merged;
}

/** Text as stored: trimmed (the schema trims too), empty removes it. */
export const keepText = (value: string): string | undefined => value.trim() || undefined;

/** Rich text as stored: sanitised like the English, empty once cleaned removes it. */
export const keepRichText = (value: string): string | undefined => {
  const clean = sanitizeRichText(value).trim();
  return clean === '' ? undefined : clean;
};

/** Whether two stored translations say the same (for "unchanged" in audit summaries and imports). */
export function sameTranslations(a: unknown, b: unknown): boolean {
  return JSON.stringify(sorted(a ?? {})) === JSON.stringify(sorted(b ?? {}));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
  );
}

/** The languages (codes) whose `fields` are not all translated, for "Missing Hindi". */
export function missingLanguages(stored: unknown, fields: readonly string[]): TranslatedLocale[] {
  const languages = (stored ?? {}) as Record<string, Record<string, unknown> | undefined>;
  return translatedLocales.filter((code) =>
    fields.some((field) => text(languages[code]?.[field]) === undefined),
  );
}
