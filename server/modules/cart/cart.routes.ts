import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/cart.js';
import * as schemas from '../../../shared/api/cart.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { currentUser } from '../accounts/index.js';
import type { CartService } from './cart.service.js';

/**
 * The original API's cart calls, verbs included: updating a quantity really is
 * DELETE user/update-product-cart/{id}/{quantity}, as the original clients send it.
 */
export async function cartRoutes(app: FastifyInstance, { cart }: { cart: CartService }) {
  registerEndpoint(app, endpoints.addToCart, schemas.addToCart, ({ body }, request) =>
    cart.add(currentUser(request).id, body),
  );
  registerEndpoint(app, endpoints.getCart, schemas.getCart, (_input, request) =>
    cart.list(currentUser(request).id),
  );
  registerEndpoint(app, endpoints.removeFromCart, schemas.removeFromCart, ({ params }, request) =>
    cart.remove(currentUser(request).id, params.id),
  );
  registerEndpoint(app, endpoints.updateCartQuantity, schemas.updateCartQuantity, ({ params }, request) =>
    cart.updateQuantity(currentUser(request).id, params.id, params.quantity),
  );
  registerEndpoint(app, endpoints.emptyCart, schemas.emptyCart, (_input, request) =>
    cart.empty(currentUser(request).id),
  );
}
