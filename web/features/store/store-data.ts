import type { ApiProduct } from '../../../shared/api-types';
import type { LoadContext, MetaContext, PageMeta } from '../../app/route-types';
import type { StoreFacets } from './filter-panel';
import { facetsApiPath, hasFilters, parseStoreQuery, productsApiPath, type StoreQuery } from './store-query';

export type StoreData = {
  query: StoreQuery;
  products: ApiProduct[];
  facets: StoreFacets;
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
    api.get<ApiProduct[]>(productsApiPath(query), { signal }),
    api.get<StoreFacets>(facetsApiPath(query), { signal }),
  ]);
  const { inStock, outOfStock } = facets.availability;
  const total =
    query.availability === 'in-stock'
      ? inStock
      : query.availability === 'out-of-stock'
        ? outOfStock
        : inStock + outOfStock;
  return { query, products, facets, total };
}

/** The page's heading, also its title: what the shopper is looking at. */
export function storeHeading(query: StoreQuery): string {
  if (query.q) return `Results for '${query.q}'`;
  if (query.category.length === 1) return query.category[0] ?? 'Our store';
  return 'Our store';
}

export function storeMeta(data: StoreData, _ctx: MetaContext): PageMeta {
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
  const canonical = onlyCategory
    ? `/product?${new URLSearchParams({ category: query.category[0] ?? '' })}`
    : '/product';
  return {
    title,
    description:
      'Browse electronics, home appliances, laptops, mobiles, music, gaming and fashion. Filter by category, brand and price.',
    canonical,
    noindex: hasFilters(query) && !onlyCategory ? true : undefined,
    jsonLd: {
      '@type': 'CollectionPage',
      name: title,
      numberOfItems: data.total,
    },
  };
}
