import type { ApiBlog } from '../shared/api/blog.schemas';
import type { ApiProductPage } from '../shared/api/catalog.schemas';
import type { ApiOrder } from '../shared/api/orders.schemas';
import { localizePath } from '../shared/locales';
import type { PolicyPath } from './content/policies';
import { policyDescription } from './features/policy/policy-names';
import { productMeta } from './features/product/product-meta';
import { storeMeta } from './features/store/store-meta';
import { localizedText } from './i18n/content';
import type { MetaContext, PageMeta } from './lib/route-types';
import { excerpt, htmlToText } from './lib/text';

/**
 * What a page tells search engines and link previews (description, canonical path, Open Graph,
 * JSON-LD), by route path. Only the server renders head tags, so only its bundle imports this
 * file: a browser's first load carries no JSON-LD builders, and a navigation in the browser sets
 * the document's title from the route's own `title` (web/routes.tsx), the one this head repeats.
 */
export type RouteHead = (data: never, ctx: MetaContext) => PageMeta;

/** A head typed by the data its route's `load` returns. */
function head<D>(build: (data: D, ctx: MetaContext) => PageMeta): RouteHead {
  return build as RouteHead;
}

function policyHead(path: PolicyPath): RouteHead {
  return head<{ title: string }>((policy, { t }) => ({
    title: policy.title,
    description: policyDescription(t, path),
  }));
}

export const routeHeads: Readonly<Record<string, RouteHead>> = {
  '/': head<unknown>((_data, { publicUrl, t, locale }) => ({
    title: t('home.meta.title'),
    description: t('home.meta.description'),
    jsonLd: {
      '@type': 'WebSite',
      name: 'Bharat Bazaar',
      url: `${publicUrl}${localizePath(locale, '/')}`,
      inLanguage: locale,
      potentialAction: {
        '@type': 'SearchAction',
        target: `${publicUrl}${localizePath(locale, '/product')}?q={search_term_string}`,
        'query-input': 'required name=search_term_string',
      },
    },
  })),
  '/contact': head<unknown>((_data, { publicUrl, locale, t }) => ({
    title: t('contact.meta.title'),
    description: t('contact.meta.description'),
    jsonLd: {
      '@type': 'ContactPage',
      name: t('contact.meta.name'),
      url: `${publicUrl}${localizePath(locale, '/contact')}`,
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
  })),
  '/grievances': head<unknown>((_data, { publicUrl, t }) => ({
    title: t('grievances.meta.title'),
    description: t('grievances.meta.description'),
    jsonLd: {
      '@type': 'ContactPage',
      name: t('grievances.meta.title'),
      url: `${publicUrl}/grievances`,
    },
  })),
  '/product': head(storeMeta),
  '/product/:id': head(productMeta),
  '/blogs': head<ApiBlog[]>((blogs, { publicUrl, locale, t }) => ({
    title: t('blog.meta.title'),
    description: t('blog.meta.description'),
    jsonLd: {
      '@type': 'Blog',
      name: t('blog.meta.name'),
      url: `${publicUrl}${localizePath(locale, '/blogs')}`,
      blogPost: blogs.slice(0, 20).map((blog) => ({
        '@type': 'BlogPosting',
        headline: localizedText(blog, 'title', locale).text,
        url: `${publicUrl}${localizePath(locale, `/blog/${blog.slug || blog._id}`)}`,
        datePublished: blog.createdAt,
        ...(blog.author ? { author: { '@type': 'Person', name: blog.author } } : {}),
      })),
    },
  })),
  '/blog/:id': head<ApiBlog>((blog, { publicUrl, locale }) => {
    const title = localizedText(blog, 'title', locale).text;
    const text = htmlToText(localizedText(blog, 'description', locale).text);
    const image = blog.images[0]?.url;
    return {
      title,
      description: excerpt(text, 155),
      canonical: `/blog/${blog.slug || blog._id}`,
      ogType: 'article',
      ...(image ? { ogImage: image } : {}),
      jsonLd: {
        '@type': 'BlogPosting',
        headline: title,
        description: excerpt(text, 155),
        datePublished: blog.createdAt,
        dateModified: blog.updatedAt,
        mainEntityOfPage: `${publicUrl}${localizePath(locale, `/blog/${blog.slug || blog._id}`)}`,
        ...(image ? { image: new URL(image, publicUrl).href } : {}),
        ...(blog.author ? { author: { '@type': 'Person', name: blog.author } } : {}),
        publisher: { '@type': 'Organization', name: 'Bharat Bazaar' },
      },
    };
  }),
  '/about': head<unknown>((_data, { t }) => ({
    title: t('about.meta.title'),
    description: t('about.meta.description'),
  })),
  '/compare-product': head<{ products: ApiProductPage[] }>((data, { t, locale }) => {
    const [first, second] = data.products.map((product) => localizedText(product, 'title', locale).text);
    return {
      title: t('compare.title'),
      description:
        first && second
          ? t('compare.meta.pairDescription', { first, second })
          : t('compare.meta.description'),
      canonical: '/compare-product',
    };
  }),
  '/wishlist': head<unknown>((_data, { t }) => ({
    title: t('wishlist.title'),
    description: t('wishlist.meta.description'),
  })),
  '/cart': head<unknown>((_data, { t }) => ({
    title: t('cart.meta.title'),
    description: t('cart.meta.description'),
  })),
  '/my-orders': head<unknown>((_data, { t }) => ({
    title: t('orders.meta.listTitle'),
    description: t('orders.meta.listDescription'),
  })),
  '/my-orders/:id': head<ApiOrder | undefined>((order, { t }) => ({
    title: order ? t('order.meta.orderTitle', { number: order.orderNumber }) : t('order.meta.anOrder'),
    description: t('order.meta.orderDescription'),
    // Private to the customer: never indexed (signed-in pages are not, whatever they say).
    noindex: true,
  })),
  '/my-profile': head<unknown>((_data, { t }) => ({
    title: t('account.meta.profile.title'),
    description: t('account.meta.profile.description'),
  })),
  '/checkout': head<unknown>((_data, { t }) => ({
    title: t('checkout.meta.title'),
    description: t('checkout.meta.description'),
  })),
  '/login': head<unknown>((_data, { t }) => ({
    title: t('account.meta.login.title'),
    description: t('account.meta.login.description'),
    canonical: '/login',
  })),
  '/signup': head<unknown>((_data, { t }) => ({
    title: t('account.meta.signup.title'),
    description: t('account.meta.signup.description'),
    canonical: '/signup',
  })),
  '/forgot-password': head<unknown>((_data, { t }) => ({
    title: t('account.meta.forgot.title'),
    description: t('account.meta.forgot.description'),
  })),
  '/reset-password/:token': head<unknown>((_data, { t }) => ({
    title: t('account.meta.reset.title'),
    description: t('account.meta.reset.description'),
    canonical: '/forgot-password',
    noindex: true,
  })),
  '/restore-email/:token': head<unknown>((_data, { t }) => ({
    title: t('account.meta.restore.title'),
    description: t('account.meta.restore.description'),
    // Not the link's own address: the token stays out of canonical and og:url.
    canonical: '/login',
    noindex: true,
  })),
  '/verify-email/:token': head<unknown>((_data, { t }) => ({
    title: t('account.meta.verify.title'),
    description: t('account.meta.verify.description'),
    // The link's token stays out of canonical and og:url.
    canonical: '/login',
    noindex: true,
  })),
  '/unsubscribe': head<unknown>((_data, { t }) => ({
    title: t('account.meta.unsubscribe.title'),
    description: t('account.meta.unsubscribe.description'),
    // The link's token stays out of canonical and og:url.
    canonical: '/unsubscribe',
    noindex: true,
  })),
  '/Terms-conditions': policyHead('/Terms-conditions'),
  '/privacy-policy': policyHead('/privacy-policy'),
  '/refund-policy': policyHead('/refund-policy'),
  '/Shipping-policy': policyHead('/Shipping-policy'),
};
