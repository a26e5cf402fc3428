import { Link } from 'wouter';
import type { ApiProduct } from '../../../shared/api-types';
import { stockBarPercent } from '../../../shared/catalog';
import { responsiveImage } from '../../lib/images';
import { formatRupees, priceText } from '../../lib/money';
import { StarRating } from '../catalog/star-rating';

/**
 * A Special Products card: picture, brand, title, stars, price (with the list price when
 * discounted) and the stock bar, whose width is quantity / (quantity + sold).
 */
export function SpecialProductCard({ product }: { product: ApiProduct }) {
  const picture = responsiveImage(product.images[0], 400);
  const href = `/product/${product.slug || product._id}`;
  // The bar repeats the 'N left' text for the eye; screen readers get the text.
  const percent = stockBarPercent(product.quantity, product.sold);
  const discount =
    product.mrp && product.mrp > product.price ? Math.round((1 - product.price / product.mrp) * 100) : 0;
  return (
    <article className="special-card">
      <div className="special-card-media">
        <img
          src={picture.src}
          srcSet={picture.srcSet}
          sizes="(min-width: 768px) 180px, 40vw"
          width={picture.width}
          height={picture.height}
          alt={picture.alt || product.title}
          loading="lazy"
          decoding="async"
        />
        {discount > 0 && <span className="special-card-badge">{discount}% off</span>}
      </div>
      <div className="special-card-body">
        <p className="special-card-brand">{product.brand}</p>
        <h3 className="special-card-title">
          <Link href={href} className="special-card-link">
            {product.title}
          </Link>
        </h3>
        <StarRating value={product.totalrating} count={product.ratingCount} />
        <p className="special-card-price">
          <strong>{priceText(product)}</strong>
          {discount > 0 && product.mrp && (
            <s>
              <span className="visually-hidden">List price </span>
              {formatRupees(product.mrp)}
            </s>
          )}
        </p>
        <div className="special-card-stock">
          <p>
            {product.quantity > 0 ? (
              <>
                Products: <strong>{product.quantity} left</strong>
              </>
            ) : (
              <strong className="special-card-out">Out of stock</strong>
            )}
          </p>
          <div className="stock-bar" aria-hidden="true">
            <span className="stock-bar-fill" style={{ width: `${percent}%` }} />
          </div>
        </div>
      </div>
    </article>
  );
}
