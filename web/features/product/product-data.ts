import { getProduct, listProducts } from '../../../shared/api/catalog';
import type { ApiProduct, ApiProductPage } from '../../../shared/api/catalog.schemas';
import type { LoadContext } from '../../lib/route-types';
import { inPageLanguage, slimProduct } from '../store/slim-product';

export type ProductData = {
  product: ApiProductPage;
  /** 'You might be interested in': popular products other than this one. */
  related: ApiProduct[];
};

/** The product (by id or slug; a 404 shows the not-found page) and popular products beside it. */
export async function loadProduct({ api, params, signal, locale }: LoadContext): Promise<ProductData> {
  const id = params.id ?? '';
  const [product, popular] = await Promise.all([
    api.call(getProduct, { params: { id }, signal }),
    // The list is a garnish: the product page must not fail because of it.
    api
      .call(listProducts, { query: { tags: 'popular', sort: '-sold', limit: '9' }, signal })
      .then((list) => list.map((item) => slimProduct(item, locale)))
      .catch((): ApiProduct[] => []),
  ]);
  const related = popular.filter((p) => p._id !== product._id).slice(0, 8);
  return { product: inPageLanguage(product, locale), related };
}
