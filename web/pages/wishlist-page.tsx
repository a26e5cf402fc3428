import { useState } from 'react';
import { Link } from 'wouter';
import type { ApiProduct } from '../../shared/api/catalog.schemas';
import type { ApiWishlist } from '../../shared/api/wishlist.schemas';
import { useRevalidate, useRouteData } from '../app/route-context';
import { CloseIcon, HeartIcon } from '../components/ui/icons';
import { useProductNames } from '../features/catalog/product-names';
import { toggleWishlist } from '../features/wishlist/wishlist-store';
import { useErrorText } from '../i18n/errors';
import { useT } from '../i18n/i18n';
import { isApiError } from '../lib/api-client';
import { responsiveImage } from '../lib/images';
import { formatRupees } from '../lib/money';
import { toast } from '../lib/toast';
import './wishlist-page.css';

function WishlistCard({ product, onRemoved }: { product: ApiProduct; onRemoved: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const title = useProductNames()(product).title;
  const [busy, setBusy] = useState(false);
  const href = `/product/${product.slug || product._id}`;
  const image = responsiveImage(product.images[0], 400);

  async function remove() {
    setBusy(true);
    try {
      await toggleWishlist(product._id);
      toast.success(t('catalog.wishlist.removed'));
      onRemoved();
    } catch (error) {
      const reason = isApiError(error) ? errorText(error.message).text : '';
      toast.error(`${t('common.somethingWrong')} ${reason}`.trim(), { autoClose: 5000 });
      setBusy(false);
    }
  }

  return (
    <li className="wishlist-card" aria-busy={busy || undefined}>
      <button
        type="button"
        className="wishlist-remove"
        aria-label={t('catalog.wishlist.removeNamed', { title: title.text })}
        disabled={busy}
        onClick={() => void remove()}
      >
        <CloseIcon size={18} />
      </button>
      <img
        className="wishlist-card-image"
        src={image.src}
        srcSet={image.srcSet}
        sizes="(min-width: 768px) 260px, 50vw"
        width={image.width}
        height={image.height}
        alt=""
        decoding="async"
      />
      <div className="wishlist-card-body">
        <h2 className="wishlist-card-title">
          <Link href={href} lang={title.lang}>
            {title.text}
          </Link>
        </h2>
        <p className="wishlist-card-price">{formatRupees(product.price)}</p>
      </div>
    </li>
  );
}

/** The customer's saved products, each with a way to take it out again. */
export default function WishlistPage() {
  const t = useT();
  const data = useRouteData<ApiWishlist | undefined>();
  const revalidate = useRevalidate();
  const products = data?.wishlist ?? [];

  if (products.length === 0) {
    return (
      <div className="page-state container">
        <div className="page-state-card">
          <span className="page-state-icon">
            <HeartIcon size={32} />
          </span>
          <h1>{t('wishlist.title')}</h1>
          <p className="wishlist-empty">{t('wishlist.empty.title')}</p>
          <p>{t('wishlist.empty.text')}</p>
          <div className="page-state-actions">
            <Link href="/product" className="button button--primary">
              {t('wishlist.empty.store')}
            </Link>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="wishlist-page container">
      <h1>{t('wishlist.title')}</h1>
      <p className="wishlist-count">{t('wishlist.count', { count: products.length })}</p>
      <ul className="wishlist-grid">
        {products.map((product) => (
          <WishlistCard key={product._id} product={product} onRemoved={revalidate} />
        ))}
      </ul>
    </div>
  );
}
