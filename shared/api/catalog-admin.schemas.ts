import * as z from 'zod/mini';
import { translatedLocales } from '../locales.js';
import { productAnswer } from './catalog.schemas.js';
import { legacyProductBody, legacyProductUpdateBody } from './legacy-product.schemas.js';
import {
  newProductBody,
  PRODUCT_QUANTITY_MAX,
  productBody,
  productTagField,
  UUID_PATTERN,
} from './product-fields.schemas.js';
import { productTranslationsAnswer } from './translations.schemas.js';

/**
 * The console's products (shared/api/catalog-admin.ts): the table, the edit form, stock
 * adjustments with their ledger, CSV export and import; and the original admin client's product
 * writes (`POST/PUT/DELETE /api/product`). Money is rupees here, as everywhere in the API.
 * The form's fields are in product-fields.schemas.ts, the original client's bodies in
 * legacy-product.schemas.ts; both are re-exported here.
 */

export * from './legacy-product.schemas.js';
export * from './product-fields.schemas.js';

export const productIdParams = z.object({
  id: z.string().check(z.regex(UUID_PATTERN, 'That product id is not valid'), z.describe('The product id.')),
});

// ---------------------------------------------------------------------------------------------
// The table.

export const adminProductSorts = [
  'title',
  '-title',
  'price',
  '-price',
  'stock',
  '-stock',
  'updated',
  '-updated',
] as const;
export type AdminProductSort = (typeof adminProductSorts)[number];

/** `in`: more than LOW_STOCK_MAX; `low`: 1 to LOW_STOCK_MAX; `out`: none. */
export const stockStates = ['in', 'low', 'out'] as const;
export type StockStateFilter = (typeof stockStates)[number];
export const archivedStates = ['active', 'archived', 'all'] as const;
export type ArchivedFilter = (typeof archivedStates)[number];

export const ADMIN_PRODUCTS_DEFAULT_LIMIT = 25;
export const ADMIN_PRODUCTS_MAX_LIMIT = 100;
/** Matches are counted up to this many; past it the table says "10,000+" (`totalExact` false). */
export { ADMIN_PRODUCTS_COUNT_CAP } from '../catalog.js';
/** A search (`q`) is counted up to this many: past it, "1,000+" and a narrower word. */
export const ADMIN_PRODUCTS_SEARCH_COUNT_CAP = 1000;

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const queryNumber = (name: string, min: number, max: number) =>
  z.optional(
    z.pipe(
      z.transform((value: unknown) => (value === '' || value === undefined ? undefined : Number(value))),
      z.optional(
        z
          .number({ error: `${name} must be a whole number` })
          .check(
            z.int(`${name} must be a whole number`),
            z.gte(min, `${name} must be between ${min} and ${max}`),
            z.lte(max, `${name} must be between ${min} and ${max}`),
          ),
      ),
    ),
  );

const queryUuid = (message: string) =>
  z.optional(
    z.pipe(z.transform(emptyAsUndefined), z.optional(z.string().check(z.regex(UUID_PATTERN, message)))),
  );

/** Tags as repeated keys or a comma list: any of them. */
const queryTags = z.optional(
  z.pipe(
    z.transform((value: unknown) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((v) => (typeof v === 'string' ? v.split(',') : []))
        .map((v) => v.trim())
        .filter(Boolean),
    ),
    z.array(productTagField),
  ),
);

const filterQueryFields = {
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Please keep the search under 100 characters'))),
  category: queryUuid('Choose a category from the list'),
  brand: queryUuid('Choose a brand from the list'),
  stock: z.optional(
    z.pipe(
      z.transform(emptyAsUndefined),
      z.optional(z.enum(stockStates, { error: `stock must be one of ${stockStates.join(', ')}` })),
    ),
  ),
  tags: queryTags,
  archived: z.optional(
    z.pipe(
      z.transform(emptyAsUndefined),
      z.optional(z.enum(archivedStates, { error: `archived must be one of ${archivedStates.join(', ')}` })),
    ),
  ),
  /** A language code: products whose title, or description, is not yet in that language. */
  missingTranslation: z.optional(
    z.pipe(
      z.transform(emptyAsUndefined),
      z.optional(
        z.enum(translatedLocales, {
          error: `missingTranslation must be one of ${translatedLocales.join(', ')}`,
        }),
      ),
    ),
  ),
};

export const adminProductFiltersQuery = z.object(filterQueryFields);
export type AdminProductFilters = z.output<typeof adminProductFiltersQuery>;

export const adminProductListQuery = z.object({
  ...filterQueryFields,
  sort: z.optional(
    z.pipe(
      z.transform(emptyAsUndefined),
      z.optional(z.enum(adminProductSorts, { error: `sort must be one of ${adminProductSorts.join(', ')}` })),
    ),
  ),
  page: queryNumber('page', 1, 10_000),
  limit: queryNumber('limit', 1, ADMIN_PRODUCTS_MAX_LIMIT),
});
export type AdminProductListQuery = z.output<typeof adminProductListQuery>;

const namedRef = z.object({ _id: z.string(), title: z.string() });

export const adminProductRow = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  price: z.number(),
  mrp: z.nullable(z.number()),
  brand: namedRef,
  category: namedRef,
  tags: z.array(z.string()),
  /** Units in the stockroom (checkout holds not subtracted). */
  quantity: z.number(),
  sold: z.number(),
  /** The first picture (absolute URL), for a thumbnail. */
  image: z.nullable(z.string()),
  archivedAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The languages its title or description is not yet in (codes, such as `hi`). */
  missingTranslations: z.array(z.string()),
});
export type ApiAdminProductRow = z.output<typeof adminProductRow>;

export const adminProductList = z.object({
  products: z.array(adminProductRow),
  /** Matches over all pages, counted up to ADMIN_PRODUCTS_COUNT_CAP. */
  total: z.number(),
  /** False when more than `total` products match (the count stopped at the cap). */
  totalExact: z.boolean(),
  page: z.number(),
  limit: z.number(),
});
export type ApiAdminProductList = z.output<typeof adminProductList>;

export const adminImageAnswer = z.object({
  url: z.string(),
  public_id: z.optional(z.string()),
  width: z.optional(z.number()),
  height: z.optional(z.number()),
  alt: z.optional(z.string()),
});
export type ApiAdminImage = z.output<typeof adminImageAnswer>;

/** Everything the edit form needs, archived products too. */
export const adminProductAnswer = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  price: z.number(),
  mrp: z.nullable(z.number()),
  brand: namedRef,
  category: namedRef,
  colors: z.array(z.object({ _id: z.string(), title: z.string(), name: z.string() })),
  tags: z.array(z.string()),
  images: z.array(adminImageAnswer),
  quantity: z.number(),
  /** Units set aside by shoppers paying right now (not yet sold). */
  held: z.number(),
  sold: z.number(),
  totalrating: z.number(),
  ratingCount: z.number(),
  /** Orders refer to it: it can be archived, not deleted. */
  hasOrders: z.boolean(),
  /** Its own HSN code and GST rate (percent); null takes the category's (`categoryTax`). */
  hsnCode: z.nullable(z.string()),
  gstRate: z.nullable(z.number()),
  /** The category's defaults, which apply where the product sets none. */
  categoryTax: z.object({ hsnCode: z.nullable(z.string()), gstRate: z.nullable(z.number()) }),
  /** Title and description in other languages, where set (decision 050). */
  translations: productTranslationsAnswer,
  archivedAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApiAdminProduct = z.output<typeof adminProductAnswer>;

// ---------------------------------------------------------------------------------------------
// Stock.

export const stockAdjustmentReasons = ['received', 'correction', 'damaged', 'returned'] as const;
export type StockAdjustmentReason = (typeof stockAdjustmentReasons)[number];
export const stockMovementReasonLabels: Record<string, string> = {
  received: 'Received',
  correction: 'Correction',
  damaged: 'Damaged',
  returned: 'Returned',
  import: 'CSV import',
  created: 'Initial stock',
};

const optionalWhole = (label: string) =>
  z.pipe(
    z.transform(emptyAsUndefined),
    z.optional(
      z.pipe(
        z.union([z.number(), z.string()]),
        z.transform((value: number | string, ctx) => {
          const text = String(value).trim();
          if (!/^[+-]?\d{1,9}$/.test(text)) {
            ctx.issues.push({ code: 'custom', message: `${label} must be a whole number`, input: value });
            return z.NEVER;
          }
          return Number(text);
        }),
      ),
    ),
  );

/** `change` adds (or with a minus, removes) units of a variant; `set` states the count. One of the two. */
export const stockAdjustmentBody = z
  .object({
    /** Which variant; may be left out for a product with one variant. */
    variantId: z.optional(z.uuid('That is not a variant of this product')),
    change: optionalWhole('Change'),
    set: optionalWhole('New stock'),
    reason: z.enum(stockAdjustmentReasons, {
      error: `Choose a reason: ${stockAdjustmentReasons.join(', ')}`,
    }),
    note: z._default(
      z.string().check(z.trim(), z.maxLength(500, 'Please keep the note under 500 characters')),
      '',
    ),
  })
  .check(
    z.refine((v) => (v.change === undefined) !== (v.set === undefined), {
      path: ['change'],
      message: 'Give either a change (such as 5 or -2) or the new stock, not both',
    }),
    z.refine((v) => v.change !== 0, { path: ['change'], message: 'A change of 0 changes nothing' }),
    z.refine((v) => v.change === undefined || Math.abs(v.change) <= PRODUCT_QUANTITY_MAX, {
      path: ['change'],
      message: 'That change is too large',
    }),
    z.refine((v) => v.set === undefined || (v.set >= 0 && v.set <= PRODUCT_QUANTITY_MAX), {
      path: ['set'],
      message: `New stock must be between 0 and ${PRODUCT_QUANTITY_MAX.toLocaleString('en-IN')}`,
    }),
  );
export type StockAdjustmentInput = z.output<typeof stockAdjustmentBody>;

export const stockMovementAnswer = z.object({
  _id: z.string(),
  /** The variant's SKU. */
  sku: z.string(),
  delta: z.number(),
  quantityAfter: z.number(),
  reason: z.string(),
  note: z.string(),
  /** Who made it (their e-mail), or null when the account has since been removed. */
  staff: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ApiStockMovement = z.output<typeof stockMovementAnswer>;

export const STOCK_MOVEMENTS_PAGE = 20;

export const stockMovementsAnswer = z.object({
  movements: z.array(stockMovementAnswer),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type ApiStockMovements = z.output<typeof stockMovementsAnswer>;

export const stockAdjustmentAnswer = z.object({ quantity: z.number(), movement: stockMovementAnswer });
export type ApiStockAdjustment = z.output<typeof stockAdjustmentAnswer>;

// ---------------------------------------------------------------------------------------------
// CSV.

/**
 * Title and description in each other language (decision 050): `title_hi`, `description_hi`,
 * made from the shop's list of languages. Optional, like the GST columns.
 */
export const PRODUCT_CSV_TRANSLATION_COLUMNS = translatedLocales.flatMap(
  (code) => [`title_${code}`, `description_${code}`] as const,
);

/** The columns of the export, in order; the import reads them by header name. */
export const PRODUCT_CSV_COLUMNS = [
  'slug',
  'title',
  'description',
  'price',
  'mrp',
  'category',
  'brand',
  'colors',
  'tags',
  'quantity',
  'images',
  // Optional: files without them still import; a blank cell takes the category's.
  'hsn_code',
  'gst_rate',
  ...PRODUCT_CSV_TRANSLATION_COLUMNS,
] as const;
export const PRODUCT_CSV_MAX_ROWS = 20_000;
export const PRODUCT_CSV_MAX_BYTES = 50 * 1024 * 1024;
/** How many rejected rows an import report lists (rejectedRows counts them all). */
export const IMPORT_REPORT_MAX_REJECTED = 1000;

export const importRejection = z.object({
  /** The line's row number in the file, the header being row 1. */
  row: z.number(),
  field: z.string(),
  message: z.string(),
});
export type ApiImportRejection = z.output<typeof importRejection>;

export const importReport = z.object({
  dryRun: z.boolean(),
  /** Nothing was written (a dry run, or rows were rejected). */
  written: z.boolean(),
  rows: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  rejectedRows: z.number(),
  rejected: z.array(importRejection),
  /** What was written differently from the file, for the merchant to finish (pictures left out...). */
  warnings: z.optional(z.array(z.string())),
});
export type ApiImportReport = z.output<typeof importReport>;

export const importQuery = z.object({
  dryRun: z.optional(
    z.pipe(
      z.transform(emptyAsUndefined),
      z.optional(z.enum(['true', 'false', '1', '0'], { error: 'dryRun must be true or false' })),
    ),
  ),
});

// ---------------------------------------------------------------------------------------------
// Endpoint schemas.

export const adminListProducts = { query: adminProductListQuery, response: adminProductList };
export const adminGetProduct = { params: productIdParams, response: adminProductAnswer };
export const adminCreateProduct = { body: newProductBody, response: adminProductAnswer };
export const adminUpdateProduct = {
  params: productIdParams,
  body: productBody,
  response: adminProductAnswer,
};
export const archiveProduct = { params: productIdParams, response: adminProductAnswer };
export const restoreProduct = { params: productIdParams, response: adminProductAnswer };
export const adminDeleteProduct = {
  params: productIdParams,
  response: z.object({ message: z.string() }),
};
export const adjustStock = {
  params: productIdParams,
  body: stockAdjustmentBody,
  response: stockAdjustmentAnswer,
};
export const listStockMovements = {
  params: productIdParams,
  query: z.object({ page: queryNumber('page', 1, 100_000) }),
  response: stockMovementsAnswer,
};
/** The answer is text/csv; the schema documents it as a string. */
/** `format=shopify`: Shopify's product CSV (one row a variant), for moving a catalogue to or from it. */
export const exportProductsQuery = z.extend(adminProductFiltersQuery, {
  format: z.optional(
    z.pipe(
      z.transform(emptyAsUndefined),
      z.optional(z.enum(['shop', 'shopify'], { error: 'format must be shop or shopify' })),
    ),
  ),
});
export type ExportProductsQuery = z.output<typeof exportProductsQuery>;
export const exportProducts = { query: exportProductsQuery, response: z.string() };
/** The body is multipart/form-data (a `file` part), read by the handler. */
export const importProducts = { query: importQuery, response: importReport };

export const legacyCreateProduct = {
  body: legacyProductBody,
  response: z.object({ newProduct: productAnswer }),
};
export const legacyUpdateProduct = {
  params: productIdParams,
  body: legacyProductUpdateBody,
  response: productAnswer,
};
export const legacyDeleteProduct = { params: productIdParams, response: productAnswer };
