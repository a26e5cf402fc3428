import { defaultLocale, locales, localizePath } from '../../../shared/locales.js';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import * as repository from './sitemap.repository.js';

/** Search engines accept 50,000 URLs per file; stay well under it (each page once per language). */
export const URLS_PER_SITEMAP = 40_000;
const PAGES_PER_SITEMAP = Math.floor(URLS_PER_SITEMAP / locales.length);

const STATIC_PATHS = [
  '/',
  '/product',
  '/blogs',
  '/contact',
  '/grievances',
  '/about',
  '/Terms-conditions',
  '/privacy-policy',
  '/refund-policy',
  '/Shipping-policy',
];

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

type SitemapPage = { path: string; lastmod?: Date };

/**
 * Every page once per language, each naming all its languages (`xhtml:link hreflang`, and
 * x-default for English), as search engines read alternates in a sitemap.
 */
function urlset(publicUrl: string, pages: SitemapPage[]): string {
  const body = pages
    .map((page) => {
      const href = (locale: (typeof locales)[number]) =>
        escapeXml(`${publicUrl}${localizePath(locale, page.path)}`);
      const alternates = [
        ...locales.map(
          (locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${href(locale)}"/>`,
        ),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${href(defaultLocale)}"/>`,
      ].join('');
      const lastmod = page.lastmod ? `<lastmod>${page.lastmod.toISOString().slice(0, 10)}</lastmod>` : '';
      return locales.map((locale) => `<url><loc>${href(locale)}</loc>${lastmod}${alternates}</url>`).join('');
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${body}</urlset>\n`;
}

/**
 * /sitemap.xml lists every page, product and blog directly while the catalogue fits in one file,
 * and becomes a sitemap index of /sitemaps/products-N.xml parts past that.
 */
export function createSitemapService(db: Database, publicUrl: string) {
  const productUrl = (e: repository.SitemapEntry) => ({ path: `/product/${e.slug}`, lastmod: e.updatedAt });
  const blogUrl = (e: repository.SitemapEntry) => ({ path: `/blog/${e.slug}`, lastmod: e.updatedAt });
  const staticUrls = () => STATIC_PATHS.map((path) => ({ path }));

  return {
    async root(): Promise<string> {
      const total = await repository.countProducts(db);
      if (total <= PAGES_PER_SITEMAP) {
        const [productRows, blogRows] = await Promise.all([
          repository.productEntries(db, 0, PAGES_PER_SITEMAP),
          repository.blogEntries(db),
        ]);
        return urlset(publicUrl, [...staticUrls(), ...productRows.map(productUrl), ...blogRows.map(blogUrl)]);
      }
      const parts = Math.ceil(total / PAGES_PER_SITEMAP);
      const locs = [
        `${publicUrl}/sitemaps/pages.xml`,
        ...Array.from({ length: parts }, (_, i) => `${publicUrl}/sitemaps/products-${i + 1}.xml`),
      ];
      const body = locs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join('');
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</sitemapindex>\n`;
    },

    async pages(): Promise<string> {
      return urlset(publicUrl, [...staticUrls(), ...(await repository.blogEntries(db)).map(blogUrl)]);
    },

    async productPart(part: number): Promise<string> {
      const rows = await repository.productEntries(db, (part - 1) * PAGES_PER_SITEMAP, PAGES_PER_SITEMAP);
      if (part < 1 || rows.length === 0) throw notFound('No such sitemap.');
      return urlset(publicUrl, rows.map(productUrl));
    },
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
