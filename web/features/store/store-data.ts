import { listProducts, productFacets } from '../../../shared/api/catalog';
import type { ApiFacets, ApiProduct } from '../../../shared/api/catalog.schemas';
import type { LoadContext, MetaContext, PageMeta } from '../../lib/route-types';
import { slimProduct } from './slim-product';
import {
  facetsApiQuery,
  hasFilters,
  parseStoreQuery,
  productsApiQuery,
  STORE_PAGE_SIZE,
  type StoreQuery,
} from './store-query';

export type StoreData = {
  query: StoreQuery;
  products: ApiProduct[];
  facets: ApiFacets;
  /** Products matching the filters, over all pages. */
  total: number;
};

/**
 * One page of products and the panel's counts, in parallel. The total comes from the facets: their
 * availability counts leave the availability filter out, so in stock + out of stock is the number
 * of matches (or the one chosen). The in-process API client used for server rendering returns
 * bodies only, not the X-Total-Count header.
 */
export async function loadStore({ api, searchParams, signal }: LoadContext): Promise<StoreData> {
  const query = parseStoreQuery(searchParams);
  const [products, facets] = await Promise.all([
    api.call(listProducts, { query: productsApiQuery(query), signal }),
    api.call(productFacets, { query: facetsApiQuery(query), signal }),
  ]);
  const { inStock, outOfStock } = facets.availability;
  const total =
    query.availability === 'in-stock'
      ? inStock
      : query.availability === 'out-of-stock'
        ? outOfStock
        : inStock + outOfStock;
  return { query, products: products.map(slimProduct), facets, total };
}

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
