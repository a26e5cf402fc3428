import type { CSSProperties } from 'react';
import { Link } from 'wouter';
import type { ApiProduct } from '../../../shared/api-types';
import { useLocalized } from '../../i18n/content';
import { type Translate, useT } from '../../i18n/i18n';
import { responsiveImage } from '../../lib/images';
import { formatRupees, priceText } from '../../lib/money';
import { excerpt, htmlToText } from '../../lib/text';
import { WishlistButton } from '../wishlist/wishlist-button';
import { useProductNames } from './product-names';
import { StarRating } from './star-rating';
import './product-card.css';

type ProductCardProps = {
  product: ApiProduct;
  /** The list layout of the store's 12-per-row choice: the description shows beside the picture. */
  showDescription?: boolean;
  /** Level of the title's heading, so each list keeps a correct outline under its section heading. */
  headingLevel?: 2 | 3 | 4;
  /** Above the fold (the first cards of a page): load the picture at once instead of lazily. */
  priority?: boolean;
};

/** Stock the shopper sees on a card: nothing while plenty is left, a warning when little is. */
function stockNote(quantity: number, t: Translate): { text: string; tone: 'out' | 'low' } | null {
  if (quantity <= 0) return { text: t('catalog.stock.out'), tone: 'out' };
  if (quantity <= 5) return { text: t('catalog.stock.few', { count: quantity }), tone: 'low' };
  return null;
}

/** The list layout's few lines of description, in the page's language where the merchant wrote it. */
function ProductDescription({ product }: { product: ApiProduct }) {
  const description = useLocalized()(product, 'description');
  return (
    <p className="product-card-description" lang={description.lang}>
      {excerpt(htmlToText(description.text), 220)}
    </p>
  );
}

/**
 * A product in a list: picture (the second one on hover), brand, title, stars,
 * price and the wishlist heart. The whole card is one link target through the title's link
 * stretched over it, so screen readers hear the title once and the heart stays its own button.
 */
export function ProductCard({
  product,
  showDescription = false,
  headingLevel = 3,
  priority = false,
}: ProductCardProps) {
  const t = useT();
  const names = useProductNames()(product);
  const Heading = `h${headingLevel}` as const;
  const href = `/product/${product.slug || product._id}`;
  const first = responsiveImage(product.images[0], 400);
  const second = product.images[1] ? responsiveImage(product.images[1], 400) : null;
  const stock = stockNote(product.quantity, t);
  const discount =
    product.mrp && product.mrp > product.price ? Math.round((1 - product.price / product.mrp) * 100) : 0;
  return (
    <article className={showDescription ? 'product-card product-card--wide' : 'product-card'}>
      <div className="product-card-media">
        <img
          className="product-card-image"
          src={first.src}
          srcSet={first.srcSet}
          sizes="(min-width: 768px) 260px, 50vw"
          width={first.width}
          height={first.height}
          alt={first.alt || names.title.text}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
        />
        {second && (
          // The second picture is a CSS background shown on hover: the browser fetches it only
          // when a pointer is over the card, so a page of cards does not download every picture
          // twice (an <img>, even lazy, loads as soon as it is in view).
          <span
            className="product-card-image--alt"
            aria-hidden="true"
            style={{ '--alt-image': `url("${second.src}")` } as CSSProperties}
          />
        )}
        {discount > 0 && (
          <span className="product-card-badge">{t('catalog.discount', { percent: discount })}</span>
        )}
        <span className="product-card-wishlist">
          <WishlistButton product={product} />
        </span>
      </div>
      <div className="product-card-body">
        <p className="product-card-brand" lang={names.brand.lang}>
          {names.brand.text}
        </p>
        <Heading className="product-card-title">
          <Link href={href} className="product-card-link" lang={names.title.lang}>
            {names.title.text}
          </Link>
        </Heading>
        <StarRating value={product.totalrating} count={product.ratingCount} />
        {showDescription && <ProductDescription product={product} />}
        <p className="product-card-price">
          <span className="product-card-price-now">{priceText(product)}</span>
          {discount > 0 && product.mrp && (
            <s className="product-card-price-was">
              <span className="visually-hidden">{t('catalog.listPrice')} </span>
              {formatRupees(product.mrp)}
            </s>
          )}
        </p>
        {stock && <p className={`product-card-stock product-card-stock--${stock.tone}`}>{stock.text}</p>}
      </div>
    </article>
  );
}
