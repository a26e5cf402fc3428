import { me } from '../shared/api/accounts';
import { getBlog, listBlogs } from '../shared/api/blog';
import { getProduct, listProducts } from '../shared/api/catalog';
import type { ApiProductPage } from '../shared/api/catalog.schemas';
import { getMyOrder, listMyOrders } from '../shared/api/orders';
import { getWishlist } from '../shared/api/wishlist';
import { loadCartWithQuote } from './features/cart/cart-with-quote';
import { loadCheckout } from './features/checkout/checkout-data';
import { productMeta } from './features/product/product-meta';
import { storeMeta } from './features/store/store-meta';
import { ApiError } from './lib/api-client';
import {
  defineRoute,
  type PageImport,
  type PageMeta,
  type PageModule,
  type RouteDef,
} from './lib/route-types';
import { excerpt, htmlToText } from './lib/text';

/**
 * Every page of the shop (web/routes.test.ts lists them with who may open each). Each page is its own chunk; the server renders public
 * pages with the data their `load` returns (signed-in pages too, from the render cookie: decision 027) and preloads their chunk.
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

/** Orders are named by UUID; anything else in the address cannot be one. */
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const policy = (title: string, description: string): PageMeta => ({ title, description });

/** The four policy pages share one page component, which picks its text by path. */
function policyRoute(path: string, meta: PageMeta): RouteDef {
  return { path, access: 'public', page: page('policy-page'), meta: () => meta };
}

export const routes: readonly RouteDef[] = [
  defineRoute({
    path: '/',
    access: 'public',
    page: page('home-page'),
    // Loaders of the busiest pages come with their own chunk: a first load has its data already.
    load: (context) => import('./features/home/home-data').then((m) => m.loadHome(context)),
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
  defineRoute({
    path: '/contact',
    access: 'public',
    page: page('contact-page'),
    meta: (_data, { publicUrl }) => ({
      title: 'Contact us',
      description:
        'Write to Bharat Bazaar, call +91 80 4718 2200 or visit us in Bengaluru. We answer Monday to Friday, 10 AM to 8 PM.',
      jsonLd: {
        '@type': 'ContactPage',
        name: 'Contact Bharat Bazaar',
        url: `${publicUrl}/contact`,
        mainEntity: {
          '@type': 'Organization',
          name: 'Bharat Bazaar Retail Pvt. Ltd.',
          url: `${publicUrl}/`,
          email: 'support@bharatbazaar.in',
          telephone: '+91-80-4718-2200',
          address: {
            '@type': 'PostalAddress',
            streetAddress: '4th Floor, Prestige Tech Park, Outer Ring Road',
            addressLocality: 'Bengaluru',
            addressRegion: 'Karnataka',
            postalCode: '560103',
            addressCountry: 'IN',
          },
        },
      },
    }),
  }),
  defineRoute({
    path: '/grievances',
    access: 'public',
    page: page('grievances-page'),
    meta: (_data, { publicUrl }) => ({
      title: 'Complaints and data requests',
      description:
        'File a complaint or a request about your personal data with Bharat Bazaar: a ticket number at once, ' +
        'acknowledged within 48 hours, complaints resolved within a month, data requests answered within 30 days.',
      jsonLd: {
        '@type': 'ContactPage',
        name: 'Complaints and data requests',
        url: `${publicUrl}/grievances`,
      },
    }),
  }),
  defineRoute({
    path: '/product',
    access: 'public',
    page: page('store-page'),
    load: (context) => import('./features/store/store-data').then((m) => m.loadStore(context)),
    meta: storeMeta,
  }),
  defineRoute({
    path: '/product/:id',
    access: 'public',
    page: page('product-page'),
    // The chosen variant (features/product/use-variant-choice.ts): a shared link opens on it.
    pageParams: ['variant'],
    load: (context) => import('./features/product/product-data').then((m) => m.loadProduct(context)),
    meta: productMeta,
  }),
  defineRoute({
    path: '/blogs',
    access: 'public',
    page: page('blogs-page'),
    // The list shows only an excerpt: keep the page's data to the first words of each post
    // (full bodies would triple the HTML a phone downloads).
    load: async ({ api, signal }) =>
      (await api.call(listBlogs, { signal })).map((blog) => ({
        ...blog,
        description: htmlToText(blog.description).slice(0, 200),
      })),
    meta: (blogs, { publicUrl }) => ({
      title: 'Blog',
      description: 'Buying guides, product news and tips from the Bharat Bazaar team.',
      jsonLd: {
        '@type': 'Blog',
        name: 'Bharat Bazaar blog',
        url: `${publicUrl}/blogs`,
        blogPost: blogs.slice(0, 20).map((blog) => ({
          '@type': 'BlogPosting',
          headline: blog.title,
          url: `${publicUrl}/blog/${blog.slug || blog._id}`,
          datePublished: blog.createdAt,
          ...(blog.author ? { author: { '@type': 'Person', name: blog.author } } : {}),
        })),
      },
    }),
  }),
  defineRoute({
    path: '/blog/:id',
    access: 'public',
    page: page('blog-page'),
    load: ({ api, params, signal }) => api.call(getBlog, { params: { id: params.id ?? '' }, signal }),
    meta: (blog, { publicUrl }) => {
      const text = htmlToText(blog.description);
      const image = blog.images[0]?.url;
      return {
        title: blog.title,
        description: excerpt(text, 155),
        canonical: `/blog/${blog.slug || blog._id}`,
        ogType: 'article',
        ...(image ? { ogImage: image } : {}),
        jsonLd: {
          '@type': 'BlogPosting',
          headline: blog.title,
          description: excerpt(text, 155),
          datePublished: blog.createdAt,
          dateModified: blog.updatedAt,
          mainEntityOfPage: `${publicUrl}/blog/${blog.slug || blog._id}`,
          ...(image ? { image: new URL(image, publicUrl).href } : {}),
          ...(blog.author ? { author: { '@type': 'Person', name: blog.author } } : {}),
          publisher: { '@type': 'Organization', name: 'Bharat Bazaar' },
        },
      };
    },
  }),
  defineRoute({
    path: '/about',
    access: 'public',
    page: page('about-page'),
    meta: () => ({
      title: 'About us',
      description:
        'Who we are: Bharat Bazaar, an online shop from Bengaluru with free shipping, no-cost EMI and easy returns across India.',
    }),
  }),
  defineRoute({
    path: '/compare-product',
    access: 'public',
    page: page('compare-page'),
    // Two products from ?ids=a,b (or ?ids=a&ids=b from the picker without JavaScript), else two
    // popular ones; plus a short list of choices for the picker (titles only, not whole products).
    load: async ({ api, searchParams, signal }) => {
      const ids = [
        ...new Set(
          searchParams
            .getAll('ids')
            .flatMap((value) => value.split(','))
            .map((id) => id.trim())
            .filter((id) => /^[\w-]{1,200}$/.test(id)),
        ),
      ].slice(0, 2);
      const missing: string[] = [];
      // The products and the picker's choices (the 30 best sellers) load in parallel.
      const [products, popular] = await Promise.all([
        ids.length > 0
          ? Promise.all(
              ids.map((id) =>
                api.call(getProduct, { params: { id }, signal }).catch((error: unknown) => {
                  if ((error as { status?: number }).status !== 404) throw error;
                  missing.push(id);
                  return null;
                }),
              ),
            ).then((found) => found.filter((product): product is ApiProductPage => product !== null))
          : // Lists give colours as ids; the comparison shows them, so each is read in full.
            api
              .call(listProducts, { query: { tags: 'popular', sort: '-sold', limit: '2' }, signal })
              .then((list) =>
                Promise.all(
                  list.map((p) => api.call(getProduct, { params: { id: p.slug || p._id }, signal })),
                ),
              ),
        api.call(listProducts, { query: { sort: '-sold', limit: '30' }, signal }),
      ]);
      const options = new Map<string, { id: string; title: string; category: string }>();
      for (const product of [...products, ...popular]) {
        const id = product.slug || product._id;
        if (!options.has(id)) options.set(id, { id, title: product.title, category: product.category });
      }
      return {
        products,
        missing,
        options: [...options.values()].sort((a, b) => a.title.localeCompare(b.title)),
      };
    },
    meta: (data) => ({
      title: 'Compare products',
      description:
        data.products.length === 2
          ? `${data.products[0]?.title} or ${data.products[1]?.title}? Compare price, brand, rating, stock and colours side by side.`
          : 'Put products side by side to compare price, brand, rating, stock and colours.',
      canonical: '/compare-product',
    }),
  }),
  defineRoute({
    path: '/wishlist',
    access: 'signed-in',
    page: page('wishlist-page'),
    load: ({ api, signal }) => api.call(getWishlist, { signal }),
    meta: () => ({ title: 'My wishlist', description: 'Products you have saved for later.' }),
  }),
  defineRoute({
    path: '/cart',
    access: 'signed-in',
    page: page('cart-page'),
    // The page shows the shared cart (cart-store.ts) once it has it; until then, this.
    load: loadCartWithQuote,
    meta: () => ({ title: 'Your cart', description: 'Review the items in your cart before checkout.' }),
  }),
  defineRoute({
    path: '/my-orders',
    access: 'signed-in',
    page: page('orders-page'),
    load: ({ api, signal }) => api.call(listMyOrders, { signal }),
    meta: () => ({ title: 'My orders', description: 'Track and review the orders you have placed.' }),
  }),
  defineRoute({
    path: '/my-orders/:id',
    access: 'signed-in',
    page: page('order-page'),
    // A mistyped link is a page that does not exist, not a validation error.
    load: ({ api, params, signal }) =>
      ORDER_ID.test(params.id ?? '')
        ? api.call(getMyOrder, { params: { id: params.id ?? '' }, signal })
        : Promise.reject(new ApiError(404, 'No such order')),
    meta: (order) => ({
      title: order ? `Order ${order.orderNumber}` : 'Your order',
      description: 'Where your order is, its tracking, refunds and returns.',
      // Private to the customer: never indexed (signed-in pages are not, whatever they say).
      noindex: true,
    }),
  }),
  defineRoute({
    path: '/my-profile',
    access: 'signed-in',
    page: page('profile-page'),
    load: ({ api, signal }) => api.call(me, { signal }),
    meta: () => ({ title: 'My profile', description: 'Your name, e-mail address and mobile number.' }),
  }),
  defineRoute({
    path: '/checkout',
    access: 'signed-in',
    page: page('checkout-page'),
    load: loadCheckout,
    meta: () => ({ title: 'Checkout', description: 'Delivery address and secure payment.' }),
  }),
  defineRoute({
    path: '/login',
    access: 'signed-out',
    page: page('login-page'),
    meta: () => ({
      title: 'Login',
      description: 'Sign in to your Bharat Bazaar account to see your cart, wishlist and orders.',
      canonical: '/login',
    }),
  }),
  defineRoute({
    path: '/signup',
    access: 'signed-out',
    page: page('signup-page'),
    meta: () => ({
      title: 'Create an account',
      description: 'Sign up for Bharat Bazaar to save a wishlist, keep a cart and track your orders.',
      canonical: '/signup',
    }),
  }),
  defineRoute({
    path: '/forgot-password',
    access: 'public',
    page: page('forgot-password-page'),
    meta: () => ({
      title: 'Forgot your password?',
      description: 'Enter your e-mail address and we will send you a link to set a new password.',
    }),
  }),
  defineRoute({
    path: '/reset-password/:token',
    access: 'public',
    page: page('reset-password-page'),
    meta: () => ({
      title: 'Set a new password',
      description: 'Choose a new password for your Bharat Bazaar account.',
      canonical: '/forgot-password',
      noindex: true,
    }),
  }),
  defineRoute({
    path: '/restore-email/:token',
    access: 'public',
    page: page('restore-email-page'),
    meta: () => ({
      title: 'Restore your e-mail address',
      description: 'Put back the e-mail address of your Bharat Bazaar account if someone else changed it.',
      // Not the link's own address: the token stays out of canonical and og:url.
      canonical: '/login',
      noindex: true,
    }),
  }),
  defineRoute({
    path: '/verify-email/:token',
    access: 'public',
    page: page('verify-email-page'),
    meta: () => ({
      title: 'Confirm your e-mail address',
      description: 'Confirm the e-mail address of your Bharat Bazaar account.',
      // The link's token stays out of canonical and og:url.
      canonical: '/login',
      noindex: true,
    }),
  }),
  defineRoute({
    path: '/unsubscribe',
    access: 'public',
    page: page('unsubscribe-page'),
    meta: () => ({
      title: 'Stop offers by e-mail',
      description: 'Stop receiving offers from Bharat Bazaar by e-mail.',
      // The link's token stays out of canonical and og:url.
      canonical: '/unsubscribe',
      noindex: true,
    }),
  }),
  policyRoute(
    '/Terms-conditions',
    policy('Terms & conditions', 'The terms that apply when you shop at Bharat Bazaar.'),
  ),
  policyRoute(
    '/privacy-policy',
    policy('Privacy policy', 'How Bharat Bazaar collects, uses and protects your personal data.'),
  ),
  policyRoute(
    '/refund-policy',
    policy('Refund policy', 'Returns, refunds and replacements at Bharat Bazaar.'),
  ),
  policyRoute(
    '/Shipping-policy',
    policy(
      'Shipping policy',
      'Free delivery across India on orders of ₹500 or more; delivery dates by PIN code.',
    ),
  ),
];
