import { defaultLocale, intlLocales, type Locale, locales, localizePath } from '../../shared/locales';
import type { PageMeta } from '../lib/route-types';

export const SITE_NAME = 'Bharat Bazaar';

/** "Cart | Bharat Bazaar"; a title that already names the shop (the home page) stays as it is. */
export function documentTitle(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * JSON for a <script> data block. `<` becomes \u003c so no value can close the element
 * (`</script>`) or open a comment; the line separators are escaped for old JSON-in-JS readers.
 */
export function serializeJsonForScript(value: unknown): string {
  return (JSON.stringify(value) ?? 'null')
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The data block the browser hydrates from (never executed, so a strict CSP allows it). */
export function renderDataScript(value: unknown): string {
  return `<script type="application/json" id="__DATA__">${serializeJsonForScript(value)}</script>`;
}

function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl)
    ? pathOrUrl
    : `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/**
 * The page in every language, for search engines: `<link rel="alternate" hreflang>` per language
 * and x-default (English) for anyone else. Pages kept out of the index list none.
 */
function alternateLinks(publicUrl: string, path: string): string[] {
  const href = (locale: Locale) => escapeHtml(absoluteUrl(publicUrl, localizePath(locale, path)));
  return [
    ...locales.map((locale) => `<link rel="alternate" hreflang="${locale}" href="${href(locale)}">`),
    `<link rel="alternate" hreflang="x-default" href="${href(defaultLocale)}">`,
  ];
}

export type HeadOptions = {
  publicUrl: string;
  /** Without the language prefix. */
  pathname: string;
  locale: Locale;
};

/** Everything a page puts in <head>: title, description, canonical, languages, Open Graph, robots, JSON-LD. */
export function renderHead(meta: PageMeta, options: HeadOptions): string {
  const { locale } = options;
  const title = escapeHtml(documentTitle(meta.title));
  const description = escapeHtml(meta.description);
  const path = meta.canonical ?? options.pathname;
  const canonical = escapeHtml(absoluteUrl(options.publicUrl, localizePath(locale, path)));
  const image = escapeHtml(absoluteUrl(options.publicUrl, meta.ogImage ?? '/icon-512.png'));
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    meta.noindex ? '<meta name="robots" content="noindex, nofollow">' : '',
    `<link rel="canonical" href="${canonical}">`,
    ...(meta.noindex ? [] : alternateLinks(options.publicUrl, path)),
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    `<meta property="og:locale" content="${intlLocales[locale].replace('-', '_')}">`,
    `<meta property="og:type" content="${meta.ogType ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${canonical}">`,
    `<meta property="og:image" content="${image}">`,
    `<meta name="twitter:card" content="${meta.ogImage ? 'summary_large_image' : 'summary'}">`,
    meta.jsonLd
      ? `<script type="application/ld+json">${serializeJsonForScript({ '@context': 'https://schema.org', ...meta.jsonLd })}</script>`
      : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}
