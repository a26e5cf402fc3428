import { localeNames, translatedLocales } from '../../../../shared/locales';
import { languageName, type TranslatedLocale } from '../../../../shared/translations';
import { isApiError } from '../../../lib/api-client';

/**
 * The console's side of content in other languages (decision 050): each form keeps, per language,
 * the text of the fields it translates, and sends them all (an empty one removes that field, so
 * the English shows). The console itself stays in English; only the translated inputs are marked
 * with their language.
 */

/** Per language, the text of each translated field, as typed. */
export type TranslationTexts<F extends string> = Record<TranslatedLocale, Record<F, string>>;

/** The form's starting text: an answer's translations, '' where a field has none. */
export function translationTexts<F extends string>(
  fields: readonly F[],
  answer: Partial<Record<TranslatedLocale, Partial<Record<F, unknown>>>> | undefined,
): TranslationTexts<F> {
  return Object.fromEntries(
    translatedLocales.map((code) => [
      code,
      Object.fromEntries(
        fields.map((field) => {
          const value = answer?.[code]?.[field];
          return [field, typeof value === 'string' ? value : ''];
        }),
      ),
    ]),
  ) as TranslationTexts<F>;
}

/** "Hindi title (हिंदी)": a translated field's label, the language in English and in itself. */
export function translatedLabel(code: TranslatedLocale, what: string): string {
  return `${languageName(code)} ${what} (${localeNames[code]})`;
}

/** "Hindi (हिंदी)" */
export const languageHeading = (code: TranslatedLocale) => `${languageName(code)} (${localeNames[code]})`;

/** The messages a 400 gave translated fields, by `translations.<code>.<field>`. */
export function translationErrors(failure: unknown): Record<string, string> {
  if (!isApiError(failure)) return {};
  return Object.fromEntries(
    Object.entries(failure.fields ?? {}).filter(([field]) => field.startsWith('translations.')),
  );
}

export { translatedLocales };
