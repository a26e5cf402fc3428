import { translatedLocales } from '../../../shared/locales.js';
import { languageName, sameChartShape, type TranslatedLocale } from '../../../shared/translations.js';
import type { SizeChart } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import {
  chart,
  type FieldReader,
  keepText,
  mergeTranslations,
  presentTranslations,
  type TranslationsWrite,
  text,
} from '../../lib/translations.js';
import type { CatalogTaxonomy, TaxonomyRow, TaxonomyTranslations } from './taxonomy.repository.js';

/**
 * Brands', categories' and colours' text in other languages (decision 050): a brand's or category's
 * `title`, a colour's `name`, and a category's size chart, which keeps the English chart's columns
 * and rows so a product page can show either.
 */

type TaxonomyTranslation = { title: string; name: string; sizeChart: SizeChart };

/** What answers carry: each kind only its own fields, but typed so one answer fits every kind. */
export type TaxonomyAnswerTranslations = {
  [L in TranslatedLocale]?: Partial<TaxonomyTranslation>;
};

export type TaxonomyTranslationsWrite = TranslationsWrite<TaxonomyTranslation>;

type Readers = { [K in keyof TaxonomyTranslation]?: FieldReader<TaxonomyTranslation[K]> };
const readers: Record<CatalogTaxonomy, Readers> = {
  brand: { title: text },
  category: { title: text, sizeChart: chart },
  color: { name: text },
};

/**
 * The record's translations for an answer. A category's chart shows only while it has the English
 * chart's shape: one reshaped in English (through the original admin client, say) falls back.
 */
export function presentTaxonomyTranslations(
  kind: CatalogTaxonomy,
  row: Pick<TaxonomyRow, 'translations' | 'sizeChart'>,
): TaxonomyAnswerTranslations {
  const answer = presentTranslations(
    row.translations,
    readers[kind] as Required<Readers>,
  ) as TaxonomyAnswerTranslations;
  if (kind !== 'category') return answer;
  for (const code of Object.keys(answer) as TranslatedLocale[]) {
    const language = answer[code]!;
    if (language.sizeChart && !(row.sizeChart && sameChartShape(row.sizeChart, language.sizeChart))) {
      delete language.sizeChart;
      if (Object.keys(language).length === 0) delete answer[code];
    }
  }
  return answer;
}

/** "5 columns and 6 rows" */
const shapeOf = (english: SizeChart) =>
  `${english.columns.length} column${english.columns.length === 1 ? '' : 's'} and ${english.rows.length} row${english.rows.length === 1 ? '' : 's'}`;

/**
 * What a create or update stores: `before`'s translations with the write's applied, keeping only
 * the kind's fields. A category's translated chart must match the English chart the write leaves
 * (a 400 naming the field otherwise); a stored one the English has outgrown is dropped.
 */
export function taxonomyTranslations(
  kind: CatalogTaxonomy,
  input: { translations?: TaxonomyTranslationsWrite; sizeChart?: SizeChart | null | undefined },
  before: Pick<TaxonomyRow, 'translations' | 'sizeChart'> | undefined,
): TaxonomyTranslations {
  const write = onlyFieldsOf(kind, input.translations);
  const merged = mergeTranslations(before?.translations, write, {
    title: keepText,
    name: keepText,
    sizeChart: (value) => value,
  });
  if (kind !== 'category') return merged;
  const english = input.sizeChart !== undefined ? input.sizeChart : (before?.sizeChart ?? null);
  for (const code of translatedLocales) {
    const translated = merged[code]?.sizeChart;
    if (!translated || (english && sameChartShape(english, translated))) continue;
    const asked = write?.[code]?.sizeChart;
    if (asked) {
      const field = `translations.${code}.sizeChart`;
      const message = english
        ? `The ${languageName(code)} size chart must have the English chart's ${shapeOf(english)}, cell for cell.`
        : `This category has no size chart in English, so it cannot have a ${languageName(code)} one: add the English chart first.`;
      throw badRequest(message, { [field]: message });
    }
    delete merged[code]!.sizeChart;
    if (Object.keys(merged[code]!).length === 0) delete merged[code];
  }
  return merged;
}

/** The write with only the kind's fields (the schemas already refuse others for each endpoint). */
function onlyFieldsOf(kind: CatalogTaxonomy, write: TaxonomyTranslationsWrite): TaxonomyTranslationsWrite {
  if (!write) return write;
  const keys = Object.keys(readers[kind]);
  return Object.fromEntries(
    Object.entries(write).map(([code, fields]) => [
      code,
      fields ? Object.fromEntries(Object.entries(fields).filter(([key]) => keys.includes(key))) : fields,
    ]),
  );
}
