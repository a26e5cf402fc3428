import { Link } from 'wouter';
import { useT } from '../../i18n/i18n';
import { formatRupees } from '../../lib/money';
import { logout, useSession } from '../../lib/session';
import { CartIcon, HeartIcon, LogoutIcon, TruckIcon, UserIcon } from '../ui/icons';
import { BrandMark } from './brand-mark';
import { useCartSummary } from './cart-summary';
import { CategoriesMenu } from './categories-menu';
import { LanguageSwitcher } from './language-switcher';
import { NavLink } from './nav-link';
import { SHOP_PHONE, SHOP_PHONE_HREF } from './nav-links';
import { SearchForm } from './search-form';

/**
 * The header of every page. The server cannot know whether the shopper is signed in (the token is
 * in localStorage), so it renders the signed-out header; the signed-in one differs only in link
 * targets and labels inside boxes of fixed size, so nothing moves when it appears.
 */
export function SiteHeader() {
  const signedIn = useSession() !== null;
  const cart = useCartSummary();
  const total = formatRupees(cart.total);
  const t = useT();

  return (
    <header className="site-header">
      <div className="topbar">
        <div className="container topbar-inner">
          <p className="topbar-offer">
            <TruckIcon size={16} /> {t('common.header.offer')}
          </p>
          <p className="topbar-hotline">
            {t('common.header.hotline')} <a href={SHOP_PHONE_HREF}>{SHOP_PHONE}</a>
          </p>
          <LanguageSwitcher />
        </div>
      </div>

      <div className="masthead">
        <div className="container masthead-inner">
          <Link href="/" className="brand" aria-label={t('common.header.homeLink')}>
            <BrandMark size={40} />
            <span className="brand-name" aria-hidden="true">
              Bharat <span>Bazaar</span>
            </span>
          </Link>

          <SearchForm />

          <nav className="header-actions" aria-label={t('common.header.accountNav')}>
            <Link href="/wishlist" className="header-action">
              <HeartIcon />
              <span className="header-action-text">{t('common.nav.wishlist')}</span>
            </Link>
            <Link href={signedIn ? '/my-profile' : '/login'} className="header-action account-action">
              <UserIcon />
              <span className="header-action-text">
                {signedIn ? t('common.nav.profile') : t('common.nav.login')}
              </span>
            </Link>
            <Link href={signedIn ? '/cart' : '/login'} className="header-action cart-action">
              {/* The name is the visible words, in the order they are read (WCAG 2.5.3, label in
                  name): "Cart ₹1,398.00 2 items". The words come before the icon in the DOM and after
                  it on screen (`order`); "items" is for screen readers only. */}
              <span className="header-action-text cart-text">
                <span className="cart-label">{t('common.nav.cart')}</span>{' '}
                <strong className="cart-total">{total}</strong>
              </span>{' '}
              <span className="cart-icon">
                <CartIcon />
                <span className="cart-badge">{cart.lines}</span>
                <span className="visually-hidden">
                  {' '}
                  {t('common.header.cartItems', { count: cart.lines })}
                </span>
              </span>
            </Link>
          </nav>
        </div>
      </div>

      <div className="navbar">
        <div className="container navbar-inner">
          <CategoriesMenu />
          <nav className="main-nav" aria-label={t('common.nav.main')}>
            <ul>
              <li>
                <NavLink href="/">{t('common.nav.home')}</NavLink>
              </li>
              <li>
                <NavLink href="/product">{t('common.nav.store')}</NavLink>
              </li>
              <li>
                <NavLink href="/blogs">{t('common.nav.blogs')}</NavLink>
              </li>
              <li>
                <NavLink href="/my-orders">{t('common.nav.orders')}</NavLink>
              </li>
              <li>
                <NavLink href="/contact">{t('common.nav.contact')}</NavLink>
              </li>
              {signedIn && (
                <li className="main-nav-end">
                  <button type="button" className="logout-button" onClick={() => void logout()}>
                    <LogoutIcon size={18} />
                    {t('common.nav.logout')}
                  </button>
                </li>
              )}
            </ul>
          </nav>
        </div>
      </div>
    </header>
  );
}
