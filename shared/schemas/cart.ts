import * as z from 'zod/mini';
import { CART_QUANTITY_MAX, CART_QUANTITY_MIN } from '../cart-rules.js';

export { CART_QUANTITY_MAX, CART_QUANTITY_MIN, clampQuantity } from '../cart-rules.js';

const id = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(100, message));

const quantityRange = `Quantity must be between ${CART_QUANTITY_MIN} and ${CART_QUANTITY_MAX}`;

export const quantityField = z.coerce
  .number({ error: 'Quantity must be a number' })
  .check(
    z.refine(Number.isInteger, 'Quantity must be a whole number'),
    z.gte(CART_QUANTITY_MIN, quantityRange),
    z.lte(CART_QUANTITY_MAX, quantityRange),
  );

/** POST user/cart. `price` may be sent by old clients; it is never read. */
/**
 * POST user/cart names the variant (size, storage...) the shopper chose; the original clients
 * send only a colour, which is enough when colour alone decides the variant.
 */
export const addToCartSchema = z
  .object({
    productId: id('Choose a product'),
    variantId: z.optional(id('Please choose an option')),
    color: z.optional(id('Please choose color')),
    quantity: z._default(quantityField, 1),
  })
  .check(
    z.refine((v) => v.variantId !== undefined || v.color !== undefined, {
      path: ['color'],
      message: 'Please choose color',
    }),
  );
export type AddToCart = z.output<typeof addToCartSchema>;

export const wishlistToggleSchema = z.object({ prodId: id('Choose a product') });
