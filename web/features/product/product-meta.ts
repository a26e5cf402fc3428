import type { MetaContext, PageMeta } from '../../lib/route-types';
import { excerpt, htmlToText } from '../../lib/text';
import type { ProductData } from './product-data';

/*
 * The product page's head tags, apart from its loader (product-data.ts): every page's first load
 * carries the route table and its meta functions; the loader comes only with a browser navigation.
 */

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
