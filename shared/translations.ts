import { translatedLocales } from './locales.js';

/**
 * Content in the shop's other languages (decision 050): each product, category, brand, colour and
 * blog post keeps its English in its own columns and the rest in `translations`, by language code
 * and then by the name of the English field it replaces (`{ hi: { title, description } }`). A
 * language or a field left out falls back to the English.
 */

/** A language content is translated into: every language of shared/locales.ts but English. */
export type TranslatedLocale = (typeof translatedLocales)[number];

const englishNames =
  typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'language' }) : null;

/**
 * A language's name in English ("Hindi"), for the console and for messages, which are in English:
 * from the platform's own list, so a new language needs no word of code.
 */
export function languageName(code: string): string {
  try {
    return englishNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Hindi and Tamil": the translated languages' names, for a message. */
export function translatedLanguagesList(): string {
  const names = translatedLocales.map((code) => `${languageName(code)} (${code})`);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** A size chart: headings, then a row a size, each as long as the headings. */
export type ChartShape = { columns: readonly string[]; rows: readonly (readonly string[])[] };

/** Whether a translated chart has the English chart's columns and rows, cell for cell. */
export function sameChartShape(english: ChartShape, translated: ChartShape): boolean {
  return (
    english.columns.length === translated.columns.length &&
    english.rows.length === translated.rows.length &&
    english.rows.every((row, i) => row.length === translated.rows[i]?.length)
  );
}
