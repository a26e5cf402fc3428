import * as z from 'zod/mini';
import { productIdParams } from './catalog-admin.schemas.js';
import { mrpField, priceField, UUID_PATTERN } from './product-fields.schemas.js';

/**
 * A product's options and variants in the console: at most three options (one of them may be
 * the colour, its values ids from the shop's colour list), and one variant per combination sold,
 * each with its SKU, price, MRP, weight, size and pictures. Stock changes go through the stock
 * ledger (POST /api/admin/products/:id/stock with the variant's id), never through this form.
 */

export const PRODUCT_OPTIONS_MAX = 3;
export const OPTION_VALUES_MAX = 50;
export const PRODUCT_VARIANTS_MAX = 100;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .check(
      z.trim(),
      z.minLength(1, `${label} cannot be empty`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );

export const optionInput = z.object({
  name: text('The option name', 30),
  kind: z._default(z.enum(['color', 'text'], { error: 'An option is a colour or text' }), 'text'),
  values: z
    .array(text('A value', 40))
    .check(
      z.minLength(1, 'Give the option at least one value'),
      z.maxLength(OPTION_VALUES_MAX, `An option can have at most ${OPTION_VALUES_MAX} values`),
    ),
});

/** Whole grams or millimetres, or blank. */
const measure = (label: string, max: number) =>
  z.optional(
    z.nullable(
      z
        .number({ error: `${label} must be a number` })
        .check(
          z.int(`${label} must be a whole number`),
          z.gte(1, `${label} must be at least 1`),
          z.lte(max, `${label} must be at most ${max.toLocaleString('en-IN')}`),
        ),
    ),
  );

export const variantInput = z
  .object({
    /** An existing variant's id; left out for a new one. */
    _id: z.optional(z.string().check(z.regex(UUID_PATTERN, 'That variant id is not valid'))),
    sku: z
      .string({ error: 'SKU must be text' })
      .check(
        z.trim(),
        z.minLength(1, 'Every variant needs a SKU'),
        z.maxLength(64, 'A SKU must be at most 64 characters'),
        z.regex(/^[A-Za-z0-9][A-Za-z0-9._\-/]*$/, 'A SKU may hold letters, digits, - _ . and /'),
      ),
    barcode: z.optional(
      z.nullable(
        z.string().check(z.trim(), z.regex(/^(\d{8}|\d{12,14})?$/, 'A barcode is 8, 12, 13 or 14 digits')),
      ),
    ),
    /** One value per option, in the options' order (a colour's id for a colour option). */
    values: z.array(z.string().check(z.trim())),
    price: priceField,
    mrp: mrpField,
    weight: measure('Weight (g)', 100_000),
    length: measure('Length (mm)', 5_000),
    width: measure('Width (mm)', 5_000),
    height: measure('Height (mm)', 5_000),
    /** Positions in the product's pictures that show this variant; [] for all. */
    images: z._default(z.array(z.number().check(z.int(), z.gte(0), z.lte(29))), []),
    /** A new variant's opening stock (written to the ledger); ignored for existing ones. */
    quantity: z._default(z.number().check(z.int(), z.gte(0), z.lte(1_000_000)), 0),
  })
  .check(
    z.refine((v) => v.mrp === null || v.mrp >= v.price, {
      path: ['mrp'],
      message: 'MRP must be at least the price (or left empty)',
    }),
  );
export type VariantInput = z.output<typeof variantInput>;

export const variantsBody = z.object({
  options: z
    .array(optionInput)
    .check(z.maxLength(PRODUCT_OPTIONS_MAX, 'A product can have at most 3 options')),
  variants: z
    .array(variantInput)
    .check(
      z.minLength(1, 'A product needs at least one variant'),
      z.maxLength(PRODUCT_VARIANTS_MAX, `A product can have at most ${PRODUCT_VARIANTS_MAX} variants`),
    ),
});
export type VariantsInput = z.output<typeof variantsBody>;

export const adminVariantAnswer = z.object({
  _id: z.string(),
  sku: z.string(),
  barcode: z.nullable(z.string()),
  values: z.array(z.string()),
  /** "Navy / L" ('' without options). */
  label: z.string(),
  price: z.number(),
  mrp: z.nullable(z.number()),
  quantity: z.number(),
  /** Units in shoppers' checkouts right now. */
  held: z.number(),
  sold: z.number(),
  weight: z.nullable(z.number()),
  length: z.nullable(z.number()),
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
  images: z.array(z.number()),
});
export type ApiAdminVariant = z.output<typeof adminVariantAnswer>;

export const adminVariantsAnswer = z.object({
  options: z.array(
    z.object({ name: z.string(), kind: z.enum(['color', 'text']), values: z.array(z.string()) }),
  ),
  variants: z.array(adminVariantAnswer),
});
export type ApiAdminVariants = z.output<typeof adminVariantsAnswer>;

export const getVariants = { params: productIdParams, response: adminVariantsAnswer };
export const saveVariants = { params: productIdParams, body: variantsBody, response: adminVariantsAnswer };
