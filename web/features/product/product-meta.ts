import type { ApiProductPage } from '../../../shared/api/catalog.schemas';
import { localizePath } from '../../../shared/locales';
import { localizedText } from '../../i18n/content';
import type { MetaContext, PageMeta } from '../../lib/route-types';
import { excerpt, htmlToText } from '../../lib/text';
import type { ProductData } from './product-data';
import { brandName, categoryName, type ProductPageItem } from './product-names';

/*
 * The product page's head tags, apart from its loader (product-data.ts): every page's first load
 * carries the route table and its meta functions; the loader comes only with a browser navigation.
 */

const stockUrl = (quantity: number) =>
  quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';

/** The properties schema.org (and Google's variant guidance) knows an option by; others by name. */
const knownProperties: Record<string, string> = {
  colour: 'color',
  color: 'color',
  size: 'size',
  material: 'material',
  pattern: 'pattern',
};

/**
 * A product with options as a `ProductGroup`: one `Product` per variant, each with its SKU,
 * offer and link (`?variant=SKU` opens the page on it), and the options it varies by.
 */
function productGroup(product: ApiProductPage, name: string, url: string, common: Record<string, unknown>) {
  const property = (name: string) => knownProperties[name.toLowerCase()];
  return {
    '@type': 'ProductGroup',
    ...common,
    productGroupID: product._id,
    variesBy: product.options.map((option) =>
      property(option.name) ? `https://schema.org/${property(option.name)}` : option.name,
    ),
    hasVariant: product.variants.map((variant) => {
      const values = product.options.map((option) => variant.options[option.name] ?? '').filter(Boolean);
      const variantUrl = `${url}?variant=${encodeURIComponent(variant.sku)}`;
      const known = Object.fromEntries(
        product.options.flatMap((option) => {
          const key = property(option.name);
          const value = variant.options[option.name];
          return key && value ? [[key, value]] : [];
        }),
      );
      return {
        '@type': 'Product',
        sku: variant.sku,
        name: values.length > 0 ? `${name} (${values.join(' / ')})` : name,
        url: variantUrl,
        ...known,
        offers: {
          '@type': 'Offer',
          url: variantUrl,
          priceCurrency: 'INR',
          price: variant.price.toFixed(2),
          availability: stockUrl(variant.quantity),
          itemCondition: 'https://schema.org/NewCondition',
        },
      };
    }),
  };
}

/**
 * Title, description and JSON-LD in the page's language: the product's own words where the
 * merchant translated them, else the English (the page's `url` and `inLanguage` say which page).
 */
export function productMeta(data: ProductData, { publicUrl, locale, t }: MetaContext): PageMeta {
  const product: ProductPageItem = data.product;
  const path = `/product/${product.slug || product._id}`;
  const url = `${publicUrl}${localizePath(locale, path)}`;
  const title = localizedText(product, 'title', locale).text;
  const brand = brandName(product, locale).text;
  const text = excerpt(htmlToText(localizedText(product, 'description', locale).text), 155);
  const description = text || t('product.meta.description', { title, brand });
  const images = product.images.map((image) => new URL(image.url, publicUrl).href);
  const common = {
    name: title,
    description,
    url,
    ...(images.length > 0 ? { image: images } : {}),
    brand: { '@type': 'Brand', name: brand },
    category: categoryName(product, locale).text,
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
  };
  return {
    title,
    description,
    canonical: path,
    ogType: 'product',
    ...(product.images[0] ? { ogImage: product.images[0].url } : {}),
    jsonLd:
      product.options.length > 0 && product.variants.length > 0
        ? productGroup(product, title, url, common)
        : {
            '@type': 'Product',
            ...common,
            sku: product._id,
            offers: {
              '@type': 'Offer',
              url,
              priceCurrency: 'INR',
              price: product.price.toFixed(2),
              availability: stockUrl(product.quantity),
              itemCondition: 'https://schema.org/NewCondition',
            },
          },
  };
}
