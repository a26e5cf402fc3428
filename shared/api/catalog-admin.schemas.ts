import * as z from 'zod/mini';
import { LOW_STOCK_THRESHOLD, PRODUCT_TAGS } from '../catalog.js';
import { requiredText } from '../schemas/fields.js';
import { gstRateField, hsnCodeField } from '../schemas/gst-fields.js';
import { productAnswer } from './catalog.schemas.js';

/**
 * The console's products (shared/api/catalog-admin.ts): the table, the edit form, stock
 * adjustments with their ledger, CSV export and import; and the original admin client's product
 * writes (`POST/PUT/DELETE /api/product`). Money is rupees here, as everywhere in the API.
 */

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidField = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.regex(UUID_PATTERN, message));

export const productIdParams = z.object({
  id: z.string().check(z.regex(UUID_PATTERN, 'That product id is not valid'), z.describe('The product id.')),
});

// ---------------------------------------------------------------------------------------------
// Fields of the edit form, also used by the CSV import (one set of rules for both).

export const PRODUCT_TITLE_MAX = 200;
export const PRODUCT_SLUG_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 50_000;
export const PRODUCT_PRICE_MAX_RUPEES = 10_000_000;
export const PRODUCT_QUANTITY_MAX = 1_000_000;
export const PRODUCT_IMAGES_MAX = 20;
export const PRODUCT_COLORS_MAX = 20;
/** Stock at or below this (and above 0) is "low" in the console's filter and badges. */
export const LOW_STOCK_MAX = LOW_STOCK_THRESHOLD;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Rupees as typed or sent: up to two decimals, never negative; a message when it is not. */
export function readRupees(value: number | string, label: string): number | { message: string } {
  const text = typeof value === 'number' ? String(value) : value.trim().replace(/,/g, '');
  if (text === '') return { message: `${label} is required` };
  const rupees = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !Number.isFinite(rupees)) {
    return { message: `${label} must be a number of rupees, such as 499 or 1299.50` };
  }
  const paise = rupees * 100;
  if (Math.abs(paise - Math.round(paise)) > 1e-6)
    return { message: `${label} can have at most two decimals` };
  if (rupees > PRODUCT_PRICE_MAX_RUPEES) {
    return { message: `${label} must be at most ₹${PRODUCT_PRICE_MAX_RUPEES.toLocaleString('en-IN')}` };
  }
  return Math.round(paise) / 100;
}

/**
 * Rupees as a form's text box or a JSON number sends them. An empty box is "missing", not 0 (the
 * original admin client sends `""` for a blank price).
 */
export const priceField = z.pipe(
  z.union([z.number(), z.string()], { error: 'Price must be a number of rupees' }),
  z.transform((value: number | string, ctx) => {
    const rupees = readRupees(value, 'Price');
    if (typeof rupees === 'number') return rupees;
    ctx.issues.push({ code: 'custom', message: rupees.message, input: value });
    return z.NEVER;
  }),
);

/** MRP: blank (or null) when the product is not discounted. */
export const mrpField = z.pipe(
  z.optional(z.nullable(z.union([z.number(), z.string()], { error: 'MRP must be a number of rupees' }))),
  z.transform((value: number | string | null | undefined, ctx) => {
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
      return null;
    const rupees = readRupees(value, 'MRP');
    if (typeof rupees === 'number') return rupees;
    ctx.issues.push({ code: 'custom', message: rupees.message, input: value });
    return z.NEVER;
  }),
);

export const slugField = z.pipe(
  z.optional(z.string({ error: 'Slug must be text' })),
  z.transform((value: string | undefined, ctx) => {
    const slug = (value ?? '').trim().toLowerCase();
    if (slug === '') return '';
    if (slug.length > PRODUCT_SLUG_MAX || !SLUG_PATTERN.test(slug)) {
      ctx.issues.push({
        code: 'custom',
        message: `Slug may use only a-z, 0-9 and single hyphens (at most ${PRODUCT_SLUG_MAX} characters)`,
        input: value,
      });
      return z.NEVER;
    }
    return slug;
  }),
);

export const wholeQuantity = (label: string) =>
  z.pipe(
    z.union([z.number(), z.string()], { error: `${label} must be a whole number` }),
    z.transform((value: number | string, ctx) => {
      const text = String(value).trim();
      if (!/^[+-]?\d{1,9}$/.test(text)) {
        ctx.issues.push({ code: 'custom', message: `${label} must be a whole number`, input: value });
        return z.NEVER;
      }
      return Number(text);
    }),
  );

const quantityField = wholeQuantity('Stock').check(
  z.refine((n) => n >= 0 && n <= PRODUCT_QUANTITY_MAX, {
    message: `Stock must be between 0 and ${PRODUCT_QUANTITY_MAX.toLocaleString('en-IN')}`,
  }),
);

export const productTagField = z.enum(PRODUCT_TAGS, {
  error: `Tags must be among ${PRODUCT_TAGS.join(', ')}`,
});

/** A picture of the product: an upload (`public_id` from POST /api/upload) or any https URL. */
export const productImageField = z.object({
  url: z.string({ error: 'Each picture needs a URL' }).check(
    z.trim(),
    z.maxLength(2000, 'A picture URL is too long'),
    z.refine((url) => /^https?:\/\/[^\s]+$/i.test(url) || /^\/media\/[^\s]+$/.test(url), {
      message: 'A picture URL must start with https:// (or be one of the shop’s own /media/ pictures)',
    }),
  ),
  public_id: z.optional(
    z.string().check(z.regex(/^[A-Za-z0-9_-]{1,100}$/, 'A picture’s public_id is not valid')),
  ),
  width: z.optional(z.number().check(z.int(), z.positive(), z.lte(20_000))),
  height: z.optional(z.number().check(z.int(), z.positive(), z.lte(20_000))),
  alt: z.optional(z.string().check(z.trim(), z.maxLength(300, 'Keep a picture’s text under 300 characters'))),
});
export type ProductImageInput = z.output<typeof productImageField>;

const productFields = {
  title: requiredText('Title is required', PRODUCT_TITLE_MAX),
  slug: slugField,
  description: z._default(
    z
      .string({ error: 'Description must be text' })
      .check(
        z.maxLength(
          PRODUCT_DESCRIPTION_MAX,
          `Keep the description under ${PRODUCT_DESCRIPTION_MAX.toLocaleString('en-IN')} characters`,
        ),
      ),
    '',
  ),
  price: priceField,
  mrp: mrpField,
  categoryId: uuidField('Choose a category'),
  brandId: uuidField('Choose a brand'),
  colorIds: z
    .array(uuidField('Choose colours from the list'), { error: 'Choose at least one colour' })
    .check(
      z.minLength(1, 'Choose at least one colour'),
      z.maxLength(PRODUCT_COLORS_MAX, `At most ${PRODUCT_COLORS_MAX} colours`),
    ),
  tags: z._default(z.array(productTagField), []),
  images: z._default(
    z
      .array(productImageField)
      .check(z.maxLength(PRODUCT_IMAGES_MAX, `At most ${PRODUCT_IMAGES_MAX} pictures`)),
    [],
  ),
  /** GST: absent leaves it as it is, null or blank takes the category's. */
  hsnCode: hsnCodeField,
  /** Percent (18, 5, 0.25); absent leaves it as it is, null or blank takes the category's. */
  gstRate: gstRateField,
};

const mrpNotBelowPrice = z.refine<{ price: number; mrp: number | null }>(
  (values) => values.mrp === null || values.mrp >= values.price,
  { path: ['mrp'], message: 'MRP must be at least the price (or left empty)' },
);

/** PUT /api/admin/products/:id: every field but the stock, which only adjustments change. */
export const productBody = z.object(productFields).check(mrpNotBelowPrice);
export type ProductInput = z.output<typeof productBody>;
export type ProductFormValues = z.input<typeof productBody>;

/** POST /api/admin/products: the same, plus the opening stock (written to the ledger). */
export const newProductBody = z
  .object({ ...productFields, quantity: z._default(quantityField, 0) })
  .check(mrpNotBelowPrice);
export type NewProductInput = z.output<typeof newProductBody>;

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
export const ADMIN_PRODUCTS_COUNT_CAP = 10_000;
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

/** `change` adds (or with a minus, removes) units; `set` states the count. One of the two. */
export const stockAdjustmentBody = z
  .object({
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
// The original admin client (POST/PUT/DELETE /api/product).

/** Its list: the storefront's product with `color` as ids (its table puts the value in a cell). */
export const legacyProductBody = z.object({
  title: requiredText('Title is required', PRODUCT_TITLE_MAX),
  description: z._default(
    z.string({ error: 'Description must be text' }).check(z.maxLength(PRODUCT_DESCRIPTION_MAX)),
    '',
  ),
  price: z.number({ error: 'Price must be a number of rupees' }).check(
    z.refine((n) => typeof readRupees(n, 'Price') === 'number', {
      message: 'Price must be rupees (0 or more, at most two decimals)',
    }),
  ),
  brand: requiredText('Brand is required', 200),
  category: requiredText('Category is required', 200),
  tags: z._default(
    z.union([z.literal(''), productTagField], {
      error: `Tags must be one of ${PRODUCT_TAGS.join(', ')}`,
    }),
    '',
  ),
  color: z
    .array(z.string({ error: 'Colours are colour ids' }), { error: 'Choose at least one colour' })
    .check(
      z.minLength(1, 'Choose at least one colour'),
      z.maxLength(PRODUCT_COLORS_MAX, `At most ${PRODUCT_COLORS_MAX} colours`),
    ),
  quantity: z._default(
    z
      .number({ error: 'Quantity must be a number' })
      .check(
        z.int('Quantity must be a whole number'),
        z.gte(0, 'Quantity must not be negative'),
        z.lte(PRODUCT_QUANTITY_MAX, 'Quantity is too large'),
      ),
    0,
  ),
  images: z._default(
    z
      .array(z.object({ url: productImageField.shape.url, public_id: z.optional(z.string()) }))
      .check(z.maxLength(PRODUCT_IMAGES_MAX, `At most ${PRODUCT_IMAGES_MAX} pictures`)),
    [],
  ),
  /** Optional additions: the product's HSN code and GST rate in percent. */
  hsnCode: hsnCodeField,
  gstRate: gstRateField,
});
export type LegacyProductInput = z.output<typeof legacyProductBody>;
/** PUT product/{id}: the same fields, each optional (only what arrives changes). */
export const legacyProductUpdateBody = z.object({
  title: z.optional(legacyProductBody.shape.title),
  description: z.optional(
    z.string({ error: 'Description must be text' }).check(z.maxLength(PRODUCT_DESCRIPTION_MAX)),
  ),
  price: z.optional(legacyProductBody.shape.price),
  brand: z.optional(legacyProductBody.shape.brand),
  category: z.optional(legacyProductBody.shape.category),
  tags: z.optional(
    z.union([z.literal(''), productTagField], { error: `Tags must be one of ${PRODUCT_TAGS.join(', ')}` }),
  ),
  color: z.optional(legacyProductBody.shape.color),
  quantity: z.optional(
    z
      .number({ error: 'Quantity must be a number' })
      .check(
        z.int('Quantity must be a whole number'),
        z.gte(0, 'Quantity must not be negative'),
        z.lte(PRODUCT_QUANTITY_MAX, 'Quantity is too large'),
      ),
  ),
  images: z.optional(
    z
      .array(z.object({ url: productImageField.shape.url, public_id: z.optional(z.string()) }))
      .check(z.maxLength(PRODUCT_IMAGES_MAX, `At most ${PRODUCT_IMAGES_MAX} pictures`)),
  ),
  hsnCode: hsnCodeField,
  gstRate: gstRateField,
});
export type LegacyProductUpdate = z.output<typeof legacyProductUpdateBody>;

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
export const exportProducts = { query: adminProductFiltersQuery, response: z.string() };
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
