import * as z from 'zod/mini';
import type { $strict } from 'zod/v4/core';
import { translatedLocales } from '../locales.js';
import { languageName, type TranslatedLocale, translatedLanguagesList } from '../translations.js';

/**
 * The `translations` of API answers and bodies (decision 050), built from the shop's list of
 * languages (shared/locales.ts), so adding a language adds its key here without code. Each
 * language's object holds the English field names it replaces: `{ "hi": { "title": "..." } }`.
 */

type FieldSchemas = Record<string, z.ZodMiniType>;
type OptionalFields<S extends FieldSchemas> = { [K in keyof S]: z.ZodMiniOptional<S[K]> };

function optionalFields<S extends FieldSchemas>(fields: S): OptionalFields<S> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, schema]) => [key, z.optional(schema)]),
  ) as OptionalFields<S>;
}

/**
 * An answer's translations: each language with only the fields set (never an empty string); a
 * language with none is left out, so `{}` means "English only".
 */
export function translationsAnswer<S extends FieldSchemas>(fields: S) {
  const language = z.optional(z.object(optionalFields(fields)));
  return z.object(
    Object.fromEntries(translatedLocales.map((code) => [code, language])) as {
      [L in TranslatedLocale]: typeof language;
    },
  );
}

/** A size chart as answers carry it (the English one's limits are checked on write). */
export const sizeChartAnswer = z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.string())) });

export const productTranslationsAnswer = translationsAnswer({ title: z.string(), description: z.string() });
export type ApiProductTranslations = z.output<typeof productTranslationsAnswer>;
/** Brands' names (and the brand and category names a product answer carries). */
export const nameTranslationsAnswer = translationsAnswer({ title: z.string() });
export type ApiNameTranslations = z.output<typeof nameTranslationsAnswer>;
/** A colour's `name` (its `title` is a CSS value, the same in every language). */
export const colorTranslationsAnswer = translationsAnswer({ name: z.string() });
export type ApiColorTranslations = z.output<typeof colorTranslationsAnswer>;
/** A category's name and its size chart, whose shape is the English chart's. */
export const categoryTranslationsAnswer = translationsAnswer({
  title: z.string(),
  sizeChart: sizeChartAnswer,
});
export type ApiCategoryTranslations = z.output<typeof categoryTranslationsAnswer>;
/** A product page's size chart in each language that has one: `{ "hi": { columns, rows } }`. */
export const sizeChartTranslationsAnswer = z.object(
  Object.fromEntries(translatedLocales.map((code) => [code, z.optional(sizeChartAnswer)])) as {
    [L in TranslatedLocale]: z.ZodMiniOptional<typeof sizeChartAnswer>;
  },
);
export type ApiSizeChartTranslations = z.output<typeof sizeChartTranslationsAnswer>;

/**
 * A body's translations. Left out, they stay as they are; a language left out stays as it is and
 * `null` removes it; within a language a field left out stays, and an empty one (after trimming)
 * is removed, so its English shows. Only the shop's languages and the record's fields are taken:
 * anything else is a 400 naming it. `fieldsFor` gets the language's English name, for messages.
 */
export function translationsInput<S extends FieldSchemas>(fieldsFor: (language: string) => S) {
  type LanguageInput = z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniObject<OptionalFields<S>, $strict>>>;
  const shape = {} as Record<TranslatedLocale, LanguageInput>;
  for (const code of translatedLocales) {
    const language = languageName(code);
    const fields = fieldsFor(language);
    const known = Object.keys(fields).join(', ');
    shape[code] = z.optional(
      z.nullable(
        z.strictObject(optionalFields(fields), {
          error: (issue) =>
            issue.code === 'unrecognized_keys'
              ? `${language} text has no ${issue.keys.map((key) => `"${key}"`).join(', ')}: it takes ${known}`
              : `${language} text must be an object of ${known} (or null to remove it)`,
        }),
      ),
    );
  }
  return z.optional(
    z.strictObject(shape, {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Translations are only for ${translatedLanguagesList()}, not ${issue.keys.map((key) => `"${key}"`).join(', ')}`
          : 'Translations must be an object of languages, such as {"hi": {...}}',
    }),
  );
}

/** A translated text field: trimmed, at most `max` characters; empty removes it. */
export function translatedText(language: string, label: string, max: number) {
  return z
    .string({ error: `The ${language} ${label} must be text` })
    .check(
      z.trim(),
      z.maxLength(
        max,
        `Please keep the ${language} ${label} under ${max.toLocaleString('en-IN')} characters`,
      ),
    );
}
