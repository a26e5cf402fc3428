import { me } from '../shared/api/accounts';
import { getBlog, listBlogs } from '../shared/api/blog';
import { getMyOrder, listMyOrders } from '../shared/api/orders';
import { getWishlist } from '../shared/api/wishlist';
import { defaultLocale } from '../shared/locales';
import type { PolicyPath } from './content/policies';
import { listedPost } from './features/blog/listed-post';
import { loadCartWithQuote } from './features/cart/cart-with-quote';
import { loadCheckout } from './features/checkout/checkout-data';
import { storeHeading } from './features/store/store-meta';
import { localizedText } from './i18n/content';
import { ApiError } from './lib/api-client';
import { defineRoute, type PageImport, type PageModule, type RouteDef } from './lib/route-types';

/**
 * Every page of the shop (web/routes.test.ts lists them with who may open each). Each page is its own chunk; the server renders public
 * pages with the data their `load` returns (signed-in pages too, from the render cookie: decision 027) and preloads their chunk.
 *
 * To add a page: create web/pages/<name>-page.tsx (default export), then point its route here at
 * `page('<name>-page')`, with `load` for its data and `title` for the document's title; wrap it in
 * `defineRoute` so `title` is typed by what `load` returns. Its description, canonical path and
 * JSON-LD go in web/route-heads.ts (the server's alone). The page
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

/**
 * The four policy pages share one page component; each route loads its text in the page's
 * language (web/content/policies/), so no page downloads another's or another language's.
 */
function policyRoute(path: PolicyPath): RouteDef {
  return defineRoute({
    path,
    access: 'public',
    page: page('policy-page'),
    messages: ['policy'],
    // The texts' loaders (a chunk each) come with the page's chunk, not with every page's routes.
    load: ({ locale }) =>
      import('./content/policies').then((m) => m.loadPolicy(locale ?? defaultLocale, path)),
    title: (policy) => policy.title,
  });
}

export const routes: readonly RouteDef[] = [
  defineRoute({
    path: '/',
    access: 'public',
    page: page('home-page'),
    messages: ['home', 'catalog'],
    // Loaders of the busiest pages come with their own chunk: a first load has its data already.
    load: (context) => import('./features/home/home-data').then((m) => m.loadHome(context)),
    title: (_data, { t }) => t('home.meta.title'),
  }),
  defineRoute({
    path: '/contact',
    access: 'public',
    page: page('contact-page'),
    messages: ['contact'],
    title: (_data, { t }) => t('contact.meta.title'),
  }),
  defineRoute({
    path: '/grievances',
    access: 'public',
    page: page('grievances-page'),
    messages: ['grievances'],
    title: (_data, { t }) => t('grievances.meta.title'),
  }),
  defineRoute({
    path: '/product',
    access: 'public',
    page: page('store-page'),
    messages: ['store', 'catalog'],
    load: (context) => import('./features/store/store-data').then((m) => m.loadStore(context)),
    title: (data, { t, locale }) => storeHeading(data, t, locale).text,
  }),
  defineRoute({
    path: '/product/:id',
    access: 'public',
    page: page('product-page'),
    // The chosen variant (features/product/use-variant-choice.ts): a shared link opens on it.
    pageParams: ['variant'],
    // `buy`: add to cart, its quantity and its toasts (the cart page's own words stay in `cart`).
    messages: ['catalog', 'product', 'reviews', 'delivery', 'buy'],
    load: (context) => import('./features/product/product-data').then((m) => m.loadProduct(context)),
    title: (data, { locale }) => localizedText(data.product, 'title', locale).text,
  }),
  defineRoute({
    path: '/blogs',
    access: 'public',
    page: page('blogs-page'),
    messages: ['blog'],
    // The list shows only an excerpt: keep the page's data to the first words of each post.
    load: async ({ api, signal, locale }) =>
      (await api.call(listBlogs, { signal })).map((blog) => listedPost(blog, locale ?? defaultLocale)),
    title: (_data, { t }) => t('blog.meta.title'),
  }),
  defineRoute({
    path: '/blog/:id',
    access: 'public',
    page: page('blog-page'),
    messages: ['blog'],
    load: ({ api, params, signal }) => api.call(getBlog, { params: { id: params.id ?? '' }, signal }),
    // In the page's language where the post is translated, else the English.
    title: (blog, { locale }) => localizedText(blog, 'title', locale).text,
  }),
  defineRoute({
    path: '/about',
    access: 'public',
    page: page('about-page'),
    messages: ['about'],
    title: (_data, { t }) => t('about.meta.title'),
  }),
  defineRoute({
    path: '/compare-product',
    access: 'public',
    page: page('compare-page'),
    messages: ['compare', 'catalog'],
    // The products compared and the picker's choices (features/compare/compare-data.ts).
    load: (context) => import('./features/compare/compare-data').then((m) => m.loadCompare(context)),
    title: (_data, { t }) => t('compare.title'),
  }),
  defineRoute({
    path: '/wishlist',
    access: 'signed-in',
    page: page('wishlist-page'),
    messages: ['wishlist', 'catalog'],
    load: ({ api, signal }) => api.call(getWishlist, { signal }),
    title: (_data, { t }) => t('wishlist.title'),
  }),
  defineRoute({
    path: '/cart',
    access: 'signed-in',
    page: page('cart-page'),
    // `buy`: a line's quantity and the failure toasts, shared with the product page.
    // `lines`: the lines' colour and SKU and the total's breakup, shared with checkout and orders;
    // the pincode check (features/delivery/pincode-check-form.tsx).
    messages: ['cart', 'buy', 'lines', 'delivery'],
    // The page shows the shared cart (cart-store.ts) once it has it; until then, this.
    load: loadCartWithQuote,
    title: (_data, { t }) => t('cart.meta.title'),
  }),
  defineRoute({
    path: '/my-orders',
    access: 'signed-in',
    page: page('orders-page'),
    // The lines' colour and SKU are shared with the cart and checkout (`lines`).
    messages: ['orders', 'lines'],
    load: ({ api, signal }) => api.call(listMyOrders, { signal }),
    title: (_data, { t }) => t('orders.meta.listTitle'),
  }),
  defineRoute({
    path: '/my-orders/:id',
    access: 'signed-in',
    page: page('order-page'),
    // The list's words (the card's parts: lines, address, payment), the page's own, and the total's
    // breakup and the lines' colour and SKU (`lines`); the dialogs' words come with them
    // (features/orders/with-messages.tsx).
    messages: ['orders', 'order', 'lines'],
    // A mistyped link is a page that does not exist, not a validation error.
    load: ({ api, params, signal }) =>
      ORDER_ID.test(params.id ?? '')
        ? api.call(getMyOrder, { params: { id: params.id ?? '' }, signal })
        : Promise.reject(new ApiError(404, 'No such order')),
    title: (order, { t }) =>
      order ? t('order.meta.orderTitle', { number: order.orderNumber }) : t('order.meta.anOrder'),
  }),
  defineRoute({
    path: '/my-profile',
    access: 'signed-in',
    page: page('profile-page'),
    messages: ['account'],
    load: ({ api, signal }) => api.call(me, { signal }),
    title: (_data, { t }) => t('account.meta.profile.title'),
  }),
  defineRoute({
    path: '/checkout',
    access: 'signed-in',
    page: page('checkout-page'),
    // The total's breakup and the lines' colour and SKU (`lines`); the address form's pincode check
    // (features/delivery/address-pincode.ts).
    messages: ['checkout', 'lines', 'delivery'],
    load: loadCheckout,
    title: (_data, { t }) => t('checkout.meta.title'),
  }),
  defineRoute({
    path: '/login',
    access: 'signed-out',
    page: page('login-page'),
    messages: ['account'],
    title: (_data, { t }) => t('account.meta.login.title'),
  }),
  defineRoute({
    path: '/signup',
    access: 'signed-out',
    page: page('signup-page'),
    messages: ['account'],
    title: (_data, { t }) => t('account.meta.signup.title'),
  }),
  defineRoute({
    path: '/forgot-password',
    access: 'public',
    page: page('forgot-password-page'),
    messages: ['account'],
    title: (_data, { t }) => t('account.meta.forgot.title'),
  }),
  defineRoute({
    path: '/reset-password/:token',
    access: 'public',
    page: page('reset-password-page'),
    messages: ['account'],
    title: (_data, { t }) => t('account.meta.reset.title'),
  }),
  defineRoute({
    path: '/restore-email/:token',
    access: 'public',
    page: page('restore-email-page'),
    messages: ['account'],
    title: (_data, { t }) => t('account.meta.restore.title'),
  }),
  defineRoute({
    path: '/verify-email/:token',
    access: 'public',
    page: page('verify-email-page'),
    messages: ['account'],
    title: (_data, { t }) => t('account.meta.verify.title'),
  }),
  defineRoute({
    path: '/unsubscribe',
    access: 'public',
    page: page('unsubscribe-page'),
    messages: ['account'],
    title: (_data, { t }) => t('account.meta.unsubscribe.title'),
  }),
  policyRoute('/Terms-conditions'),
  policyRoute('/privacy-policy'),
  policyRoute('/refund-policy'),
  policyRoute('/Shipping-policy'),
];
