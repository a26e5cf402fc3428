import * as z from 'zod/mini';
import { PRODUCT_TAGS } from '../catalog.js';
import { requiredText } from '../schemas/fields.js';
import { gstRateField, hsnCodeField } from '../schemas/gst-fields.js';
import {
  PRODUCT_COLORS_MAX,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_IMAGES_MAX,
  PRODUCT_QUANTITY_MAX,
  PRODUCT_TITLE_MAX,
  productImageField,
  productTagField,
  readRupees,
} from './product-fields.schemas.js';

/**
 * The original admin client's product writes (POST/PUT/DELETE /api/product): its own bodies,
 * held to the console form's limits.
 */

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
