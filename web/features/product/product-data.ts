import { getProduct, listProducts } from '../../../shared/api/catalog';
import type { ApiProduct } from '../../../shared/api/catalog.schemas';
import type { LoadContext, MetaContext, PageMeta } from '../../lib/route-types';
import { excerpt, htmlToText } from '../../lib/text';
import { slimProduct } from '../store/slim-product';

export type ProductData = {
  product: ApiProduct;
  /** 'You might be interested in': popular products other than this one. */
  related: ApiProduct[];
};

/** The product (by id or slug; a 404 shows the not-found page) and popular products beside it. */
export async function loadProduct({ api, params, signal }: LoadContext): Promise<ProductData> {
  const id = params.id ?? '';
  const [product, popular] = await Promise.all([
    api.call(getProduct, { params: { id }, signal }),
    // The list is a garnish: the product page must not fail because of it.
    api
      .call(listProducts, { query: { tags: 'popular', sort: '-sold', limit: '9' }, signal })
      .then((list) => list.map(slimProduct))
      .catch((): ApiProduct[] => []),
  ]);
  const related = popular.filter((p) => p._id !== product._id).slice(0, 8);
  return { product, related };
}

export function productMeta({ product }: ProductData, { publicUrl }: MetaContext): PageMeta {
  const path = `/product/${product.slug || product._id}`;
  const text = excerpt(htmlToText(product.description), 155);
  const description = text || `${product.title} by ${product.brand} at Bharat Bazaar.`;
  const images = product.images.map((image) => new URL(image.url, publicUrl).href);
  return {
    title: product.title,
    description,
    canonical: path,
    ogType: 'product',
    ...(product.images[0] ? { ogImage: product.images[0].url } : {}),
    jsonLd: {
      '@type': 'Product',
      name: product.title,
      description,
      sku: product._id,
      url: `${publicUrl}${path}`,
      ...(images.length > 0 ? { image: images } : {}),
      brand: { '@type': 'Brand', name: product.brand },
      category: product.category,
      offers: {
        '@type': 'Offer',
        url: `${publicUrl}${path}`,
        priceCurrency: 'INR',
        price: product.price.toFixed(2),
        availability: product.quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
      ...(product.ratingCount > 0
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: product.totalrating,
              reviewCount: product.ratingCount,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
    },
  };
}
