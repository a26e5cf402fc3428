import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { ApiProduct } from '../../../shared/api-types';
import { HeartIcon } from '../../components/ui/icons';
import { isApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { loginHref } from '../accounts/next-path';
import { ensureWishlistLoaded, toggleWishlist, useWishlistIds } from './wishlist-store';
import './wishlist-button.css';

/**
 * The heart on product cards and the product page: adds the product to the wishlist or takes it
 * out again. A visitor is sent to log in first, and comes back here afterwards.
 */
export function WishlistButton({
  product,
  labelled = false,
}: {
  product: Pick<ApiProduct, '_id' | 'title'>;
  /** Show the words beside the heart (the product page); cards show the heart alone. */
  labelled?: boolean;
}) {
  const session = useSession();
  const ids = useWishlistIds();
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const saved = session !== null && ids.has(product._id);

  useEffect(() => {
    if (session) ensureWishlistLoaded();
  }, [session]);

  async function onClick() {
    if (!session) {
      navigate(loginHref(window.location.pathname + window.location.search));
      return;
    }
    setBusy(true);
    try {
      const added = await toggleWishlist(product._id);
      if (added) toast.success('Item added to wishlist!');
      else toast.info('Item removed from wishlist');
    } catch (error) {
      toast.error(`Something went wrong! ${isApiError(error) ? error.message : ''}`.trim(), {
        autoClose: 5000,
      });
    } finally {
      setBusy(false);
    }
  }

  const label = saved ? `Remove ${product.title} from wishlist` : `Add ${product.title} to wishlist`;
  return (
    <button
      type="button"
      className={`wishlist-button${labelled ? ' wishlist-button--labelled' : ''}${saved ? ' is-saved' : ''}`}
      aria-label={labelled ? undefined : label}
      disabled={busy}
      onClick={() => void onClick()}
    >
      <HeartIcon size={labelled ? 20 : 18} />
      {labelled && <span>{saved ? 'In your wishlist' : 'Add to wishlist'}</span>}
    </button>
  );
}
