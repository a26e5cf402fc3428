import type { ApiProduct } from '../../../shared/api-types';

/**
 * INTERIM (being replaced by the cart work): the product page's colour choice, quantity and
 * 'Add to cart' / 'Go to cart' button. Interface: <AddToCart product={product} />.
 */
export function AddToCart({ product }: { product: ApiProduct }) {
  return <div className="add-to-cart" data-product={product._id} />;
}
