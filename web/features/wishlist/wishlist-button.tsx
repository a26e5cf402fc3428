import type { ApiProduct } from '../../../shared/api-types';

/**
 * INTERIM (being replaced by the cart/wishlist work): the heart button on product cards and the
 * product page. Interface: <WishlistButton product={product} />.
 */
export function WishlistButton({ product }: { product: Pick<ApiProduct, '_id' | 'title'> }) {
  return (
    <button
      type="button"
      className="wishlist-button"
      aria-label={`Add ${product.title} to wishlist`}
      disabled
    >
      ♡
    </button>
  );
}
