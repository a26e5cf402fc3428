import { Link } from 'wouter';
import { formatRupees } from '../../lib/money';
import { logout, useSession } from '../../lib/session';
import { CartIcon, HeartIcon, LogoutIcon, TruckIcon, UserIcon } from '../ui/icons';
import { BrandMark } from './brand-mark';
import { useCartSummary } from './cart-summary';
import { CategoriesMenu } from './categories-menu';
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

  return (
    <header className="site-header">
      <div className="topbar">
        <div className="container topbar-inner">
          <p className="topbar-offer">
            <TruckIcon size={16} /> Free shipping on orders over ₹500 · Easy returns · No-cost EMI
          </p>
          <p>
            Hotline: <a href={SHOP_PHONE_HREF}>{SHOP_PHONE}</a>
          </p>
        </div>
      </div>

      <div className="masthead">
        <div className="container masthead-inner">
          <Link href="/" className="brand" aria-label="Bharat Bazaar home">
            <BrandMark size={40} />
            <span className="brand-name" aria-hidden="true">
              Bharat <span>Bazaar</span>
            </span>
          </Link>

          <SearchForm />

          <nav className="header-actions" aria-label="Your account">
            <Link href="/wishlist" className="header-action">
              <HeartIcon />
              <span className="header-action-text">Wishlist</span>
            </Link>
            <Link href={signedIn ? '/my-profile' : '/login'} className="header-action account-action">
              <UserIcon />
              <span className="header-action-text">{signedIn ? 'My Profile' : 'Login'}</span>
            </Link>
            <Link href={signedIn ? '/cart' : '/login'} className="header-action cart-action">
              {/* The name is the visible words, in the order they are read (WCAG 2.5.3, label in
                  name): "Cart ₹1,398.00 2 items". The words come before the icon in the DOM and after
                  it on screen (`order`); "items" is for screen readers only. */}
              <span className="header-action-text cart-text">
                <span className="cart-label">Cart</span> <strong className="cart-total">{total}</strong>
              </span>{' '}
              <span className="cart-icon">
                <CartIcon />
                <span className="cart-badge">{cart.lines}</span>
                <span className="visually-hidden"> {cart.lines === 1 ? 'item' : 'items'}</span>
              </span>
            </Link>
          </nav>
        </div>
      </div>

      <div className="navbar">
        <div className="container navbar-inner">
          <CategoriesMenu />
          <nav className="main-nav" aria-label="Main">
            <ul>
              <li>
                <NavLink href="/">Home</NavLink>
              </li>
              <li>
                <NavLink href="/product">Our Store</NavLink>
              </li>
              <li>
                <NavLink href="/blogs">Blogs</NavLink>
              </li>
              <li>
                <NavLink href="/my-orders">My Orders</NavLink>
              </li>
              <li>
                <NavLink href="/contact">Contact</NavLink>
              </li>
              {signedIn && (
                <li className="main-nav-end">
                  <button type="button" className="logout-button" onClick={() => void logout()}>
                    <LogoutIcon size={18} />
                    Logout
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
