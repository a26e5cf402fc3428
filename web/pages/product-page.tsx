import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { defaultLocale } from '../../shared/locales';
import { useRevalidate, useRouteData } from '../app/route-context';
import { loginHref } from '../features/accounts/next-path';
import { ProductCard } from '../features/catalog/product-card';
import { StarRating } from '../features/catalog/star-rating';
import { DeliveryPromise } from '../features/delivery/delivery-promise';
import type { ProductData } from '../features/product/product-data';
import { CopyLinkButton, ShippingInfo } from '../features/product/product-extras';
import { ProductMain } from '../features/product/product-main';
import { brandName, categoryName, type ProductPageItem } from '../features/product/product-names';
import { ReviewList } from '../features/reviews/review-list';
import { WishlistButton } from '../features/wishlist/wishlist-button';
import { useLocalized } from '../i18n/content';
import { useLocale, useT } from '../i18n/i18n';
import { useSession } from '../lib/session';
import './product-page.css';

// Only a signed-in shopper sees the form, and only after the page is interactive: it loads then,
// not with the page (docs/decisions/006-first-load-budget.md).
const ReviewForm = lazy(() =>
  import('../features/reviews/review-form').then((module) => ({ default: module.ReviewForm })),
);

/** A product: pictures, price, stock, options, cart, reviews, more to see. */
export default function ProductPage() {
  const { product: data, related } = useRouteData<ProductData>();
  const product: ProductPageItem = data;
  const revalidate = useRevalidate();
  const signedIn = useSession() !== null;
  const t = useT();
  const locale = useLocale();
  const localize = useLocalized();
  const path = `/product/${product.slug || product._id}`;
  const title = localize(product, 'title');
  // The merchant's HTML, sanitized by the API in every language (catalog.presenter.ts).
  const description = localize(product, 'description');
  const brand = brandName(product, locale);
  const category = categoryName(product, locale);
  const reviews = t('reviews.count', { count: product.ratingCount });

  return (
    <div className="product-page container">
      <nav className="breadcrumb" aria-label={t('product.breadcrumb')}>
        <ol>
          <li>
            <Link href="/">{t('common.nav.home')}</Link>
          </li>
          <li>
            <Link href="/product">{t('common.nav.store')}</Link>
          </li>
          <li>
            <span aria-current="page" lang={title.lang}>
              {title.text}
            </span>
          </li>
        </ol>
      </nav>

      <ProductMain
        key={product._id}
        product={product}
        title={title.text}
        heading={
          <>
            <p className="eyebrow product-brand" lang={brand.lang}>
              {brand.text}
            </p>
            <h1 id="product-title" lang={title.lang}>
              {title.text}
            </h1>
            <p className="product-rating">
              <StarRating value={product.totalrating} size="md" />
              <a href="#reviews" className="product-rating-count">
                {`(${reviews})`}
              </a>
            </p>
          </>
        }
        facts={
          <>
            <div>
              <dt>{t('product.facts.brand')}</dt>
              <dd lang={brand.lang}>{brand.text}</dd>
            </div>
            <div>
              <dt>{t('product.facts.category')}</dt>
              <dd>
                <Link
                  href={`/product?${new URLSearchParams({ category: product.category })}`}
                  lang={category.lang}
                >
                  {category.text}
                </Link>
              </dd>
            </div>
            {product.tagList.length > 0 && (
              <div>
                <dt>{t('product.facts.tags')}</dt>
                <dd lang={locale === defaultLocale ? undefined : defaultLocale}>
                  {product.tagList.join(', ')}
                </dd>
              </div>
            )}
          </>
        }
        after={
          <>
            <div className="product-actions">
              <WishlistButton product={product} labelled />
              <CopyLinkButton product={product} />
              <Link href={`/compare-product?ids=${encodeURIComponent(product.slug || product._id)}`}>
                {t('product.actions.compare')}
              </Link>
            </div>
            <DeliveryPromise productId={product._id} />
            <ShippingInfo />
          </>
        }
      />

      <section className="product-section" aria-labelledby="description-title">
        <h2 id="description-title">{t('product.description')}</h2>
        <div
          className="product-description"
          lang={description.lang}
          // The API sanitizes product HTML, the translations' too, when it presents it
          // (server/modules/catalog/catalog.presenter.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server, see above.
          dangerouslySetInnerHTML={{ __html: description.text }}
        />
      </section>

      <section className="product-section" id="reviews" aria-labelledby="reviews-title">
        <h2 id="reviews-title">{t('reviews.title')}</h2>
        <div className="reviews-summary">
          <StarRating value={product.totalrating} size="md" />
          <p>
            {product.ratingCount > 0
              ? t('reviews.summary', { rating: product.totalrating, count: product.ratingCount })
              : t('reviews.summaryNone')}
          </p>
        </div>
        <div className="reviews-layout">
          <div className="reviews-write">
            <h3>{t('reviews.write')}</h3>
            {signedIn ? (
              <Suspense fallback={<p className="review-loading">{t('reviews.form.loading')}</p>}>
                <ReviewForm productId={product._id} onSubmitted={revalidate} />
              </Suspense>
            ) : (
              <p>
                <Link href={loginHref(path)}>{t('reviews.logInToWrite')}</Link>
              </p>
            )}
          </div>
          <div className="reviews-read">
            <ReviewList ratings={product.ratings} />
          </div>
        </div>
      </section>

      {related.length > 0 && (
        <section className="product-section" aria-labelledby="related-title">
          <h2 id="related-title">{t('product.related')}</h2>
          <div className="related-grid">
            {related.slice(0, 8).map((item) => (
              <ProductCard key={item._id} product={item} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
