import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import * as repository from './sitemap.repository.js';

/** Search engines accept 50,000 URLs per file; stay well under it. */
export const URLS_PER_SITEMAP = 40_000;

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

function urlset(urls: { loc: string; lastmod?: Date }[]): string {
  const body = urls
    .map(
      (u) =>
        `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</urlset>\n`;
}

/**
 * /sitemap.xml lists every page, product and blog directly while the catalogue fits in one file,
 * and becomes a sitemap index of /sitemaps/products-N.xml parts past that.
 */
export function createSitemapService(db: Database, publicUrl: string) {
  const productUrl = (e: repository.SitemapEntry) => ({
    loc: `${publicUrl}/product/${e.slug}`,
    lastmod: e.updatedAt,
  });
  const blogUrl = (e: repository.SitemapEntry) => ({
    loc: `${publicUrl}/blog/${e.slug}`,
    lastmod: e.updatedAt,
  });
  const staticUrls = () => STATIC_PATHS.map((p) => ({ loc: `${publicUrl}${p}` }));

  return {
    async root(): Promise<string> {
      const total = await repository.countProducts(db);
      if (total <= URLS_PER_SITEMAP) {
        const [productRows, blogRows] = await Promise.all([
          repository.productEntries(db, 0, URLS_PER_SITEMAP),
          repository.blogEntries(db),
        ]);
        return urlset([...staticUrls(), ...productRows.map(productUrl), ...blogRows.map(blogUrl)]);
      }
      const parts = Math.ceil(total / URLS_PER_SITEMAP);
      const locs = [
        `${publicUrl}/sitemaps/pages.xml`,
        ...Array.from({ length: parts }, (_, i) => `${publicUrl}/sitemaps/products-${i + 1}.xml`),
      ];
      const body = locs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join('');
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</sitemapindex>\n`;
    },

    async pages(): Promise<string> {
      return urlset([...staticUrls(), ...(await repository.blogEntries(db)).map(blogUrl)]);
    },

    async productPart(part: number): Promise<string> {
      const rows = await repository.productEntries(db, (part - 1) * URLS_PER_SITEMAP, URLS_PER_SITEMAP);
      if (part < 1 || rows.length === 0) throw notFound('No such sitemap.');
      return urlset(rows.map(productUrl));
    },
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
