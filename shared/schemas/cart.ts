import * as z from 'zod/mini';

export const CART_QUANTITY_MIN = 1;
export const CART_QUANTITY_MAX = 10;

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
export const addToCartSchema = z.object({
  productId: id('Choose a product'),
  color: id('Please choose color'),
  quantity: z._default(quantityField, 1),
});

export const wishlistToggleSchema = z.object({ prodId: id('Choose a product') });

/** Clamps what a shopper types into a quantity box to the allowed range. */
export function clampQuantity(value: number, max = CART_QUANTITY_MAX): number {
  if (!Number.isFinite(value)) return CART_QUANTITY_MIN;
  return Math.min(
    Math.max(Math.trunc(value), CART_QUANTITY_MIN),
    Math.max(CART_QUANTITY_MIN, Math.min(max, CART_QUANTITY_MAX)),
  );
}
