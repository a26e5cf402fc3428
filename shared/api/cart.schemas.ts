import * as z from 'zod/mini';
import { addToCartSchema, quantityField } from '../schemas/cart.js';
import { colorAnswer, productAnswer } from './catalog.schemas.js';

/**
 * A line as GET user/cart lists it: the full product, the variant chosen (its SKU and option
 * values, "Navy / L"; '' without options) at its current price, in rupees.
 */
export const cartLineAnswer = z.object({
  _id: z.string(),
  userId: z.string(),
  productId: productAnswer,
  variantId: z.string(),
  sku: z.string(),
  options: z.string(),
  color: colorAnswer,
  quantity: z.number(),
  price: z.number(),
});
export type ApiCartLine = z.output<typeof cartLineAnswer>;

/** A line as adding or changing it answers: identifiers only, as the original API did. */
export const writtenCartLineAnswer = z.object({
  _id: z.string(),
  userId: z.string(),
  productId: z.string(),
  variantId: z.string(),
  color: z.string(),
  quantity: z.number(),
  price: z.number(),
});
export type ApiWrittenCartLine = z.output<typeof writtenCartLineAnswer>;

const lineParams = z.object({ id: z.string() });

export const addToCart = {
  // `price` is what older clients send; the server never reads it (the catalogue's price counts).
  body: z.extend(addToCartSchema, { price: z.optional(z.unknown()) }),
  response: writtenCartLineAnswer,
};

export const getCart = { response: z.array(cartLineAnswer) };

export const removeFromCart = {
  params: lineParams,
  response: z.object({ message: z.string(), _id: z.string() }),
};

export const updateCartQuantity = {
  params: z.extend(lineParams, { quantity: quantityField }),
  response: writtenCartLineAnswer,
};

export const emptyCart = { response: z.object({ message: z.string(), deletedCount: z.number() }) };
