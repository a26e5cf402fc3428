import {
  type Access,
  defineRoute,
  type PageImport,
  type PageMeta,
  type PageModule,
  type RouteDef,
} from './app/route-types';

/**
 * Every page of the shop (spec section 2). Each page is its own chunk; the server renders public
 * pages with the data their `load` returns and preloads their chunk.
 *
 * To add a page: create web/pages/<name>-page.tsx (default export), then point its route here at
 * `page('<name>-page')`, with `load` for its data and `meta` for its title, description, canonical
 * path and JSON-LD; wrap it in `defineRoute` so `meta` is typed by what `load` returns. The page
 * reads the data with useRouteData<T>() and the params with useRouteParams().
 */
const pageModules = import.meta.glob<PageModule>(['./pages/*-page.tsx', '!./pages/not-found-page.tsx']);

function page(name: string): PageImport {
  const load = pageModules[`./pages/${name}.tsx`];
  if (!load) throw new Error(`No page module web/pages/${name}.tsx`);
  return Object.assign(() => load(), { module: `web/pages/${name}.tsx` });
}

/** A route whose real page is still to come: an honest placeholder that already has its meta. */
function comingSoon(path: string, access: Access, meta: PageMeta): RouteDef {
  return { path, access, page: page('coming-soon-page'), meta: () => meta };
}

const policy = (title: string, description: string): PageMeta => ({ title, description });

export const routes: readonly RouteDef[] = [
  defineRoute({
    path: '/',
    access: 'public',
    page: page('coming-soon-page'),
    meta: (_data, { publicUrl }) => ({
      title: 'Bharat Bazaar: online shopping for electronics, appliances and fashion',
      description:
        'Shop TVs, laptops, mobiles, cameras, home appliances, music, gaming and fashion at honest prices. ' +
        'Free shipping over ₹500, no-cost EMI and support 24/7 across India.',
      jsonLd: {
        '@type': 'WebSite',
        name: 'Bharat Bazaar',
        url: `${publicUrl}/`,
        potentialAction: {
          '@type': 'SearchAction',
          target: `${publicUrl}/product?q={search_term_string}`,
          'query-input': 'required name=search_term_string',
        },
      },
    }),
  }),
  comingSoon('/contact', 'public', {
    title: 'Contact us',
    description:
      'Write to Bharat Bazaar, call +91 80 4718 2200 or visit us in Bengaluru. We answer Monday to Friday, 10 AM to 8 PM.',
  }),
  comingSoon('/product', 'public', {
    title: 'Our store',
    description:
      'Browse electronics, home appliances, laptops, mobiles, music, gaming and fashion. Filter by category, brand and price.',
  }),
  comingSoon('/product/:id', 'public', {
    title: 'Product details',
    description: 'Photos, colours, price, delivery and reviews for this product at Bharat Bazaar.',
  }),
  comingSoon('/blogs', 'public', {
    title: 'Blog',
    description: 'Buying guides, product news and tips from the Bharat Bazaar team.',
  }),
  comingSoon('/blog/:id', 'public', {
    title: 'Blog post',
    description: 'A story from the Bharat Bazaar blog.',
  }),
  comingSoon('/about', 'public', {
    title: 'About us',
    description: 'Who we are: Bharat Bazaar, an online shop from Bengaluru delivering across India.',
  }),
  comingSoon('/compare-product', 'public', {
    title: 'Compare products',
    description: 'Put products side by side to compare prices and features.',
  }),
  comingSoon('/wishlist', 'signed-in', {
    title: 'My wishlist',
    description: 'Products you have saved for later.',
  }),
  comingSoon('/cart', 'signed-in', {
    title: 'Your cart',
    description: 'Review the items in your cart before checkout.',
  }),
  comingSoon('/my-orders', 'signed-in', {
    title: 'My orders',
    description: 'Track and review the orders you have placed.',
  }),
  comingSoon('/my-profile', 'signed-in', {
    title: 'My profile',
    description: 'Your name, e-mail address and mobile number.',
  }),
  comingSoon('/checkout', 'signed-in', {
    title: 'Checkout',
    description: 'Delivery address and secure payment.',
  }),
  comingSoon('/login', 'signed-out', {
    title: 'Login',
    description: 'Sign in to your Bharat Bazaar account to see your cart, wishlist and orders.',
  }),
  comingSoon('/signup', 'signed-out', {
    title: 'Create an account',
    description: 'Sign up for Bharat Bazaar to save a wishlist, keep a cart and track your orders.',
  }),
  comingSoon('/forgot-password', 'public', {
    title: 'Forgot your password?',
    description: 'Enter your e-mail address and we will send you a link to set a new password.',
  }),
  comingSoon('/reset-password/:token', 'public', {
    title: 'Set a new password',
    description: 'Choose a new password for your Bharat Bazaar account.',
    canonical: '/forgot-password',
    noindex: true,
  }),
  comingSoon(
    '/Terms-conditions',
    'public',
    policy('Terms & conditions', 'The terms that apply when you shop at Bharat Bazaar.'),
  ),
  comingSoon(
    '/privacy-policy',
    'public',
    policy('Privacy policy', 'How Bharat Bazaar collects, uses and protects your personal data.'),
  ),
  comingSoon(
    '/refund-policy',
    'public',
    policy('Refund policy', 'Returns, refunds and replacements at Bharat Bazaar.'),
  ),
  comingSoon(
    '/Shipping-policy',
    'public',
    policy('Shipping policy', 'Free shipping across India; orders ship within 5 to 10 business days.'),
  ),
];
