import type { ApiProduct } from '../../../shared/api-types';
import { localizePath } from '../../../shared/locales';
import { TruckIcon } from '../../components/ui/icons';
import { useLocale, useT } from '../../i18n/i18n';
import { toast } from '../../lib/toast';

/** The shop's terms for every product, folded away until asked for. */
export function ShippingInfo() {
  const t = useT();
  return (
    <details className="product-shipping">
      <summary>
        <TruckIcon size={20} /> {t('product.shipping.title')}
      </summary>
      <ul>
        <li>{t('product.shipping.free')}</li>
        <li>{t('product.shipping.returns')}</li>
        <li>{t('product.shipping.emi')}</li>
        <li>{t('product.shipping.payment')}</li>
      </ul>
    </details>
  );
}

/** Copies the product's address in the page's language, so it can be pasted into a message. */
export function CopyLinkButton({ product }: { product: Pick<ApiProduct, '_id' | 'slug'> }) {
  const t = useT();
  const locale = useLocale();
  async function copy() {
    const path = localizePath(locale, `/product/${product.slug || product._id}`);
    const url = new URL(path, window.location.origin).href;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('product.copyLink.done'));
    } catch {
      toast.error(t('product.copyLink.failed', { url }), { autoClose: 6000 });
    }
  }
  return (
    <button type="button" className="button button--ghost product-copy" onClick={() => void copy()}>
      <LinkIcon /> {t('product.copyLink.label')}
    </button>
  );
}

function LinkIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M10 13a5 5 0 0 0 7.1 0l3-3a5 5 0 0 0-7.1-7.1l-1.7 1.7" />
      <path d="M14 11a5 5 0 0 0-7.1 0l-3 3a5 5 0 0 0 7.1 7.1l1.7-1.7" />
    </svg>
  );
}
