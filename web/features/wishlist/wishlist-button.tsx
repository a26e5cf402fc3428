import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ApiProduct } from '../../../shared/api-types';
import { HeartIcon } from '../../components/ui/icons';
import { useLocalized, type WithTranslations } from '../../i18n/content';
import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/i18n';
import { isApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { loginHref } from '../accounts/next-path';
import { ensureWishlistLoaded, toggleWishlist, useWishlistIds } from './wishlist-store';
import './wishlist-button.css';

/**
 * The heart on product cards and the product page: adds the product to the wishlist or takes it
 * out again. A visitor is sent to log in first, and comes back here afterwards. Its words are in
 * the `catalog` area, which every page with product cards loads.
 */
export function WishlistButton({
  product,
  labelled = false,
}: {
  product: Pick<ApiProduct, '_id' | 'title'> & WithTranslations;
  /** Show the words beside the heart (the product page); cards show the heart alone. */
  labelled?: boolean;
}) {
  const t = useT();
  const errorText = useErrorText();
  const title = useLocalized()(product, 'title').text;
  const session = useSession();
  const ids = useWishlistIds();
  const [busy, setBusy] = useState(false);
  // The router's path, without the language prefix: the login page's `next` is an app path.
  const [path, navigate] = useLocation();
  const search = useSearch();
  const saved = session !== null && ids.has(product._id);

  useEffect(() => {
    if (session) ensureWishlistLoaded();
  }, [session]);

  async function onClick() {
    if (!session) {
      navigate(loginHref(search ? `${path}?${search}` : path));
      return;
    }
    setBusy(true);
    try {
      const added = await toggleWishlist(product._id);
      if (added) toast.success(t('catalog.wishlist.added'));
      else toast.info(t('catalog.wishlist.removed'));
    } catch (error) {
      const reason = isApiError(error) ? errorText(error.message).text : '';
      toast.error(`${t('common.somethingWrong')} ${reason}`.trim(), { autoClose: 5000 });
    } finally {
      setBusy(false);
    }
  }

  const label = saved
    ? t('catalog.wishlist.removeNamed', { title })
    : t('catalog.wishlist.addNamed', { title });
  return (
    <button
      type="button"
      className={`wishlist-button${labelled ? ' wishlist-button--labelled' : ''}${saved ? ' is-saved' : ''}`}
      aria-label={labelled ? undefined : label}
      disabled={busy}
      onClick={() => void onClick()}
    >
      <HeartIcon size={labelled ? 20 : 18} />
      {labelled && <span>{saved ? t('catalog.wishlist.saved') : t('catalog.wishlist.add')}</span>}
    </button>
  );
}
