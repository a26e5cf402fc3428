import type * as schemas from './cart.schemas.js';
import { endpoint } from './endpoint.js';

// The original API's verbs, kept for its clients: a quantity change really is a DELETE.

export const addToCart = endpoint<typeof schemas.addToCart>({
  method: 'POST',
  path: '/api/user/cart',
  access: 'customer',
  tag: 'Cart',
  summary: 'Add to the cart',
  description: 'Merges with the line of the same product and colour; at most 10 and the stock.',
  status: 201,
  errors: [400, 404],
});

export const getCart = endpoint<typeof schemas.getCart>({
  method: 'GET',
  path: '/api/user/cart',
  access: 'customer',
  tag: 'Cart',
  summary: 'The cart, at current prices',
});

export const removeFromCart = endpoint<typeof schemas.removeFromCart>({
  method: 'DELETE',
  path: '/api/user/delete-product-cart/:id',
  access: 'customer',
  tag: 'Cart',
  summary: 'Remove a line',
  errors: [404],
});

export const updateCartQuantity = endpoint<typeof schemas.updateCartQuantity>({
  method: 'DELETE',
  path: '/api/user/update-product-cart/:id/:quantity',
  access: 'customer',
  tag: 'Cart',
  summary: "Change a line's quantity",
  errors: [400, 404],
});

export const emptyCart = endpoint<typeof schemas.emptyCart>({
  method: 'DELETE',
  path: '/api/user/empty-cart',
  access: 'customer',
  tag: 'Cart',
  summary: 'Empty the cart',
});
