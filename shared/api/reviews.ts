import { endpoint } from './endpoint.js';
import type * as schemas from './reviews.schemas.js';

export const rateProduct = endpoint<typeof schemas.rateProduct>({
  method: 'PUT',
  path: '/api/product/rating',
  access: 'customer',
  tag: 'Reviews',
  summary: 'Review a product',
  description:
    'One review per customer and product: a second replaces the first. The comment is plain text. `verifiedPurchase` is set when the customer has an order (not cancelled) with the product.',
  errors: [400, 404],
});
