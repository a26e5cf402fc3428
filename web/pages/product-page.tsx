import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { useRevalidate, useRouteData } from '../app/route-context';
import { loginHref } from '../features/accounts/next-path';
import { ProductCard } from '../features/catalog/product-card';
import { StarRating } from '../features/catalog/star-rating';
import { DeliveryPromise } from '../features/delivery/delivery-promise';
import type { ProductData } from '../features/product/product-data';
import { CopyLinkButton, ShippingInfo } from '../features/product/product-extras';
import { ProductMain } from '../features/product/product-main';
import { ReviewList } from '../features/reviews/review-list';
import { WishlistButton } from '../features/wishlist/wishlist-button';
import { useSession } from '../lib/session';
import './product-page.css';

// Only a signed-in shopper sees the form, and only after the page is interactive: it loads then,
// not with the page (docs/decisions/006-first-load-budget.md).
const ReviewForm = lazy(() =>
  import('../features/reviews/review-form').then((module) => ({ default: module.ReviewForm })),
);

const reviewsText = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;

/** A product: pictures, price, stock, options, cart, reviews, more to see. */
export default function ProductPage() {
  const { product, related } = useRouteData<ProductData>();
  const revalidate = useRevalidate();
  const signedIn = useSession() !== null;
  const path = `/product/${product.slug || product._id}`;

  return (
    <div className="product-page container">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link href="/">Home</Link>
          </li>
          <li>
            <Link href="/product">Our Store</Link>
          </li>
          <li>
            <span aria-current="page">{product.title}</span>
          </li>
        </ol>
      </nav>

      <ProductMain
        key={product._id}
        product={product}
        heading={
          <>
            <p className="eyebrow product-brand">{product.brand}</p>
            <h1 id="product-title">{product.title}</h1>
            <p className="product-rating">
              <StarRating value={product.totalrating} size="md" />
              <a href="#reviews" className="product-rating-count">
                {`(${reviewsText(product.ratingCount)})`}
              </a>
            </p>
          </>
        }
        facts={
          <>
            <div>
              <dt>Brand</dt>
              <dd>{product.brand}</dd>
            </div>
            <div>
              <dt>Category</dt>
              <dd>
                <Link href={`/product?${new URLSearchParams({ category: product.category })}`}>
                  {product.category}
                </Link>
              </dd>
            </div>
            {product.tagList.length > 0 && (
              <div>
                <dt>Tags</dt>
                <dd>{product.tagList.join(', ')}</dd>
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
                Compare
              </Link>
            </div>
            <DeliveryPromise productId={product._id} />
            <ShippingInfo />
          </>
        }
      />

      <section className="product-section" aria-labelledby="description-title">
        <h2 id="description-title">Description</h2>
        <div
          className="product-description"
          // The API sanitizes product HTML when it presents it (server/modules/catalog/catalog.presenter.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server, see above.
          dangerouslySetInnerHTML={{ __html: product.description }}
        />
      </section>

      <section className="product-section" id="reviews" aria-labelledby="reviews-title">
        <h2 id="reviews-title">Customer reviews</h2>
        <div className="reviews-summary">
          <StarRating value={product.totalrating} size="md" />
          <p>
            {product.ratingCount > 0
              ? `${product.totalrating} out of 5. Based on ${reviewsText(product.ratingCount)}`
              : 'Based on 0 reviews'}
          </p>
        </div>
        <div className="reviews-layout">
          <div className="reviews-write">
            <h3>Write a review</h3>
            {signedIn ? (
              <Suspense fallback={<p className="review-loading">Loading the review form…</p>}>
                <ReviewForm productId={product._id} onSubmitted={revalidate} />
              </Suspense>
            ) : (
              <p>
                <Link href={loginHref(path)}>Log in to write a review</Link>
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
          <h2 id="related-title">You might be interested in</h2>
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
