/**
 * Cart quantity limits (1 to 10 of a product and colour per line), kept free of zod so the product and cart pages can clamp
 * a typed quantity without shipping the schema library; shared/schemas/cart.ts validates with them.
 */
export const CART_QUANTITY_MIN = 1;
export const CART_QUANTITY_MAX = 10;

/** Clamps what a shopper types into a quantity box to the allowed range (and to `max`, e.g. stock). */
export function clampQuantity(value: number, max = CART_QUANTITY_MAX): number {
  if (!Number.isFinite(value)) return CART_QUANTITY_MIN;
  return Math.min(
    Math.max(Math.trunc(value), CART_QUANTITY_MIN),
    Math.max(CART_QUANTITY_MIN, Math.min(max, CART_QUANTITY_MAX)),
  );
}
