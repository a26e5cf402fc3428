import * as z from 'zod/mini';
import { requiredText } from '../schemas/fields.js';
import { gstRateField, hsnCodeField } from '../schemas/gst-fields.js';
import {
  categoryTranslationsAnswer,
  colorTranslationsAnswer,
  nameTranslationsAnswer,
  sizeChartAnswer,
  translatedText,
  translationsAnswer,
  translationsInput,
} from './translations.schemas.js';

/**
 * Brands, product categories, colours and blog categories: four one-field resources with the same
 * routes (the original admin client's `brand/`, `category/`, `color/`, `blogcategory/`).
 */
export const taxonomyKinds = ['brand', 'category', 'color', 'blogcategory'] as const;
export type TaxonomyKind = (typeof taxonomyKinds)[number];

export const TAXONOMY_TITLE_MAX = 80;
export const COLOR_NAME_MAX = 40;
/** The contract's lists answer every record when no limit is sent, up to this many. */
export const TAXONOMY_LIST_MAX = 10_000;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A row id in a path: anything else is a 400 before the database is asked. */
export const recordIdParams = z.object({
  id: z.string().check(z.regex(UUID_PATTERN, 'That id is not valid'), z.describe('The record id (a UUID).')),
});

export const taxonomyAnswer = z.object({
  _id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApiTaxonomyRecord = z.output<typeof taxonomyAnswer>;

/** A brand, with its name in other languages where set (decision 050). */
export const brandAnswer = z.object({ ...taxonomyAnswer.shape, translations: nameTranslationsAnswer });
export type ApiBrand = z.output<typeof brandAnswer>;

const chartCell = z
  .string({ error: 'Each cell of the size chart is text' })
  .check(z.trim(), z.maxLength(40, 'Keep each cell of the size chart under 40 characters'));

/** A table: headings, then one row a size, each as long as the headings. */
export const sizeChartField = z
  .object({
    columns: z
      .array(chartCell)
      .check(z.minLength(1, 'A size chart needs its column headings'), z.maxLength(10, 'At most 10 columns')),
    rows: z
      .array(z.array(chartCell))
      .check(z.minLength(1, 'A size chart needs at least one row'), z.maxLength(30, 'At most 30 rows')),
  })
  .check(
    z.refine((chart) => chart.rows.every((row) => row.length === chart.columns.length), {
      path: ['rows'],
      message: 'Every row of the size chart needs one cell per column',
    }),
  );

/**
 * A product category with its GST defaults: the HSN code and rate (percent) of its
 * products unless a product sets its own; null when not set.
 */
export const categoryAnswer = z.object({
  ...taxonomyAnswer.shape,
  hsnCode: z.nullable(z.string()),
  gstRate: z.nullable(z.number()),
  /** The size chart its products' pages show; null when none. */
  sizeChart: z.nullable(sizeChartField),
  /** Its name and size chart in other languages, where set (decision 050). */
  translations: categoryTranslationsAnswer,
});
export type ApiCategory = z.output<typeof categoryAnswer>;

/** A colour's title is its CSS value (it paints the swatch); `name` is what people call it. */
export const colorAnswer = z.object({
  ...taxonomyAnswer.shape,
  name: z.string(),
  /** Its `name` in other languages, where set. */
  translations: colorTranslationsAnswer,
});
export type ApiColor = z.output<typeof colorAnswer>;

export const taxonomyTitleField = requiredText('Title is required', TAXONOMY_TITLE_MAX);

/** `#rrggbb` from a colour picker; stored lower case so `#FFAA00` and `#ffaa00` are one colour. */
export const colorValueField = z
  .string({ error: 'Colour is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Colour is required'),
    z.regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex value such as #1f2937'),
    z.toLowerCase(),
  );

export const colorNameField = z.optional(
  z
    .string()
    .check(z.trim(), z.maxLength(COLOR_NAME_MAX, `Please keep the name under ${COLOR_NAME_MAX} characters`)),
);

export const taxonomyBody = z.object({ title: taxonomyTitleField });
export type TaxonomyBody = z.output<typeof taxonomyBody>;

/** Translations of a name (brands): `{ "hi": { "title": "सैमसंग" } }` (translations.schemas.ts). */
export const nameTranslationsInput = translationsInput((language) => ({
  title: translatedText(language, 'name', TAXONOMY_TITLE_MAX),
}));
export const brandBody = z.object({ title: taxonomyTitleField, translations: nameTranslationsInput });
export type BrandBody = z.output<typeof brandBody>;

/**
 * A category's name and chart in other languages. The chart must have the English chart's columns
 * and rows (checked by the server, which knows that chart); null removes it.
 */
export const categoryTranslationsInput = translationsInput((language) => ({
  title: translatedText(language, 'name', TAXONOMY_TITLE_MAX),
  sizeChart: z.nullable(sizeChartField),
}));
export type CategoryTranslationsInput = z.output<typeof categoryTranslationsInput>;

/** A category's name and, optionally, its GST defaults (absent: left as they are; null: none). */
export const categoryBody = z.object({
  title: taxonomyTitleField,
  hsnCode: hsnCodeField,
  gstRate: gstRateField,
  /** Absent: left as it is; null: none. */
  sizeChart: z.optional(z.nullable(sizeChartField)),
  translations: categoryTranslationsInput,
});
export type CategoryBody = z.output<typeof categoryBody>;

/** The console may name a colour; without a name it is called by its hex value. */
export const colorBody = z.object({
  title: colorValueField,
  name: colorNameField,
  translations: translationsInput((language) => ({
    name: translatedText(language, 'name', COLOR_NAME_MAX),
  })),
});
export type ColorBody = z.output<typeof colorBody>;

/** The console's table: search, sort and paging on the server, with how many things use each. */
export const TAXONOMY_TABLE_PAGE = 50;
export const taxonomyTableSortKeys = ['title', 'createdAt', 'used'] as const;
/** `key:asc` or `key:desc`, as the console's tables write them. */
export const taxonomyTableSorts = taxonomyTableSortKeys.flatMap(
  (key) => [`${key}:asc`, `${key}:desc`] as const,
);
export type TaxonomyTableSort = (typeof taxonomyTableSorts)[number];

const pageNumber = z.optional(
  z.pipe(
    z.transform((value: unknown) => (value === '' || value === undefined ? 1 : Number(value))),
    z
      .number()
      .check(z.int('page must be a whole number'), z.minimum(1, 'page starts at 1'), z.maximum(10_000)),
  ),
);

export const taxonomyTableQuery = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Please keep the search under 100 characters'))),
  sort: z.optional(
    z.enum(taxonomyTableSorts, { error: `sort must be one of ${taxonomyTableSorts.join(', ')}` }),
  ),
  page: pageNumber,
});
export type TaxonomyTableQuery = z.output<typeof taxonomyTableQuery>;

/** `used`: products (archived ones too) or, for blog categories, blog posts that refer to it. */
export const taxonomyRow = z.object({
  ...taxonomyAnswer.shape,
  name: z.optional(z.string()),
  /** Categories: their GST defaults (HSN code, rate in percent). */
  hsnCode: z.optional(z.nullable(z.string())),
  gstRate: z.optional(z.nullable(z.number())),
  /** Categories: the size chart, for the console to translate (null when none). */
  sizeChart: z.optional(z.nullable(sizeChartField)),
  /** Brands, categories and colours: their text in other languages, for the console to edit. */
  translations: z.optional(
    translationsAnswer({ title: z.string(), name: z.string(), sizeChart: sizeChartAnswer }),
  ),
  used: z.number(),
});
export type ApiTaxonomyRow = z.output<typeof taxonomyRow>;
const taxonomyTableAnswer = z.object({
  items: z.array(taxonomyRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ApiTaxonomyTable = z.output<typeof taxonomyTableAnswer>;

const list = { response: z.array(taxonomyAnswer) };
const read = { params: recordIdParams, response: taxonomyAnswer };
const create = { body: taxonomyBody, response: taxonomyAnswer };
const update = { params: recordIdParams, body: taxonomyBody, response: taxonomyAnswer };
const table = { query: taxonomyTableQuery, response: taxonomyTableAnswer };

export const listBrands = { response: z.array(brandAnswer) };
export const getBrand = { params: recordIdParams, response: brandAnswer };
export const createBrand = { body: brandBody, response: brandAnswer };
export const updateBrand = { params: recordIdParams, body: brandBody, response: brandAnswer };
export const deleteBrand = { params: recordIdParams, response: brandAnswer };
export const brandsTable = table;

export const listCategories = { response: z.array(categoryAnswer) };
export const getCategory = { params: recordIdParams, response: categoryAnswer };
export const createCategory = { body: categoryBody, response: categoryAnswer };
export const updateCategory = { params: recordIdParams, body: categoryBody, response: categoryAnswer };
export const deleteCategory = { params: recordIdParams, response: categoryAnswer };
export const categoriesTable = table;

export const listColors = { response: z.array(colorAnswer) };
export const getColor = { params: recordIdParams, response: colorAnswer };
export const createColor = { body: colorBody, response: colorAnswer };
export const updateColor = { params: recordIdParams, body: colorBody, response: colorAnswer };
export const deleteColor = { params: recordIdParams, response: colorAnswer };
export const colorsTable = table;

export const listBlogCategories = list;
export const getBlogCategory = read;
export const createBlogCategory = create;
export const updateBlogCategory = update;
export const deleteBlogCategory = read;
export const blogCategoriesTable = table;
