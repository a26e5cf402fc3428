import { Link } from 'wouter';
import type { ApiProduct } from '../../../shared/api-types';
import { stockBarPercent } from '../../../shared/catalog';
import { Trans, useT } from '../../i18n/i18n';
import { responsiveImage } from '../../lib/images';
import { formatRupees, priceText } from '../../lib/money';
import { useProductNames } from '../catalog/product-names';
import { StarRating } from '../catalog/star-rating';

/**
 * A Special Products card: picture, brand, title, stars, price (with the list price when
 * discounted) and the stock bar, whose width is quantity / (quantity + sold).
 */
export function SpecialProductCard({ product }: { product: ApiProduct }) {
  const t = useT();
  const names = useProductNames()(product);
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
          alt={picture.alt || names.title.text}
          loading="lazy"
          decoding="async"
        />
        {discount > 0 && (
          <span className="special-card-badge">{t('catalog.discount', { percent: discount })}</span>
        )}
      </div>
      <div className="special-card-body">
        <p className="special-card-brand" lang={names.brand.lang}>
          {names.brand.text}
        </p>
        <h3 className="special-card-title">
          <Link href={href} className="special-card-link" lang={names.title.lang}>
            {names.title.text}
          </Link>
        </h3>
        <StarRating value={product.totalrating} count={product.ratingCount} />
        <p className="special-card-price">
          <strong>{priceText(product)}</strong>
          {discount > 0 && product.mrp && (
            <s>
              <span className="visually-hidden">{t('catalog.listPrice')} </span>
              {formatRupees(product.mrp)}
            </s>
          )}
        </p>
        <div className="special-card-stock">
          <p>
            {product.quantity > 0 ? (
              <Trans
                id="home.special.left"
                values={{ count: product.quantity }}
                components={{ 0: <strong /> }}
              />
            ) : (
              <strong className="special-card-out">{t('catalog.stock.out')}</strong>
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
