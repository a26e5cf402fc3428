import type { MetaContext, PageMeta } from '../../lib/route-types';
import type { StoreData } from './store-data';
import { hasFilters, STORE_PAGE_SIZE, type StoreQuery } from './store-query';

/*
 * The store page's heading and head tags, apart from its loader (store-data.ts): every page's
 * first load carries the route table and its meta functions, while the loader (and what it pulls
 * in) is fetched only when a shopper navigates to the store in the browser.
 */

/** The page's heading, also its title: what the shopper is looking at. */
export function storeHeading(query: StoreQuery): string {
  if (query.q) return `Results for '${query.q}'`;
  if (query.category.length === 1) return query.category[0] ?? 'Our store';
  return 'Our store';
}

export function storeMeta(data: StoreData, { publicUrl }: MetaContext): PageMeta {
  const { query } = data;
  const title = storeHeading(query);
  // One canonical listing per category; other filter mixes and searches stay out of the index.
  const onlyCategory =
    query.category.length === 1 &&
    !query.q &&
    !query.brand.length &&
    !query.tags.length &&
    !query.size.length &&
    !query.availability &&
    !query.min &&
    !query.max;
  // Each page of an indexable listing is its own canonical page (sorting is not).
  const indexable = onlyCategory || !hasFilters(query);
  const canonicalQuery = new URLSearchParams();
  if (onlyCategory) canonicalQuery.set('category', query.category[0] ?? '');
  if (indexable && query.page > 1) canonicalQuery.set('page', String(query.page));
  const canonicalSearch = canonicalQuery.toString();
  const canonical = canonicalSearch ? `/product?${canonicalSearch}` : '/product';
  return {
    title,
    description: onlyCategory
      ? `${query.category[0]} at Bharat Bazaar: compare brands and prices, with free shipping over ₹500.`
      : 'Browse electronics, home appliances, laptops, mobiles, music, gaming and fashion. Filter by category, brand and price.',
    canonical,
    noindex: indexable ? undefined : true,
    jsonLd: {
      '@type': 'CollectionPage',
      name: title,
      mainEntity: {
        '@type': 'ItemList',
        numberOfItems: data.total,
        itemListElement: data.products.map((product, index) => ({
          '@type': 'ListItem',
          position: (data.query.page - 1) * STORE_PAGE_SIZE + index + 1,
          url: `${publicUrl}/product/${product.slug || product._id}`,
          name: product.title,
        })),
      },
    },
  };
}
