import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../i18n/i18n';
import { useSession } from '../../lib/session';
import { loginHref } from '../accounts/next-path';
import './notify-me.css';

// What a signed-in shopper does with a sold-out item (ask, see, cancel) loads only on sold-out
// pages, after the page is interactive: most product pages never need it (decision 006).
const NotifyMePanel = lazy(() =>
  import('./notify-me-panel').then((m) => ({ default: m.NotifyMePanelWithWords })),
);

export type NotifyMeTarget = {
  productId: string;
  /** The sold-out size or colour chosen; left out for a product without options. */
  variantId?: string | undefined;
  /** Options still to choose ("Size"): the shopper is sent to choose them first. */
  missing?: () => boolean;
};

/**
 * "Notify me when it's back", where the cart button stands on a sold-out product or size. A
 * visitor who is not signed in is sent to sign in and brought back here.
 */
export function NotifyMe({ productId, variantId, missing }: NotifyMeTarget) {
  const t = useT();
  const session = useSession();
  const [, navigate] = useLocation();
  // Tapped before the panel's code arrived: it asks as soon as it is in.
  const [tapped, setTapped] = useState(false);
  const button = (onClick: () => void) => (
    <button
      type="button"
      className="button button--primary add-to-cart-button notify-me-button"
      onClick={onClick}
    >
      {t('product.notify.button')}
    </button>
  );
  if (!session) {
    return (
      <div className="add-to-cart notify-me">
        {button(() => {
          if (missing?.()) return;
          navigate(loginHref(window.location.pathname + window.location.search));
        })}
      </div>
    );
  }
  return (
    <div className="add-to-cart notify-me">
      <Suspense fallback={button(() => !missing?.() && setTapped(true))}>
        <NotifyMePanel
          key={variantId ?? productId}
          productId={productId}
          variantId={variantId}
          missing={missing}
          askAtOnce={tapped}
        />
      </Suspense>
    </div>
  );
}
