import { listProducts, productFacets } from '../../../shared/api/catalog';
import type { ApiFacets, ApiProduct } from '../../../shared/api/catalog.schemas';
import type { LoadContext } from '../../lib/route-types';
import { slimProduct } from './slim-product';
import { facetsApiQuery, parseStoreQuery, productsApiQuery, type StoreQuery } from './store-query';

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
export async function loadStore({ api, searchParams, signal, locale }: LoadContext): Promise<StoreData> {
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
  return { query, products: products.map((item) => slimProduct(item, locale)), facets, total };
}
