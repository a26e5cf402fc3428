import * as z from 'zod/mini';
import { LOW_STOCK_THRESHOLD, PRODUCT_TAGS } from '../catalog.js';
import { requiredText } from '../schemas/fields.js';
import { gstRateField, hsnCodeField } from '../schemas/gst-fields.js';
import { translatedText, translationsInput } from './translations.schemas.js';

/**
 * The fields of the console's product form (shared/api/catalog-admin.ts), with their limits and
 * messages: also used by the CSV import and the original admin client's bodies, so one set of
 * rules holds for all three. Money is rupees here, as everywhere in the API.
 */

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidField = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.regex(UUID_PATTERN, message));

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

/**
 * Title and description in other languages (`{ "hi": { "title": "...", "description": "<p>...</p>" } }`):
 * the description is rich text, sanitised on write like the English one (translations.schemas.ts
 * says what absent, null and empty mean).
 */
export const productTranslationsInput = translationsInput((language) => ({
  title: translatedText(language, 'title', PRODUCT_TITLE_MAX),
  description: translatedText(language, 'description', PRODUCT_DESCRIPTION_MAX),
}));
export type ProductTranslationsInput = z.output<typeof productTranslationsInput>;

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
  translations: productTranslationsInput,
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
