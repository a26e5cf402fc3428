/** The cart module's door: what other modules, flows and the app may use of it. */

export { cartRoutes } from './cart.routes.js';
export type { CartService } from './cart.service.js';
export { createCartService } from './cart.service.js';
export type { CartLineForCheckout } from './cart-lines.js';
export { cartLinesOf, removeAllCartLines, removePurchasedCartLines } from './cart-lines.js';
export type { CartState } from './cart-state.js';
export { cartSoldOut, cartStateOf, idleCartOwners, restoreCartLines } from './cart-state.js';
