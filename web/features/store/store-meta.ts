import type { ApiFacets } from '../../../shared/api/catalog.schemas';
import { type Locale, localizePath } from '../../../shared/locales';
import { type LocalizedText, localizedText } from '../../i18n/content';
import type { Translate } from '../../i18n/i18n';
import type { MetaContext, PageMeta } from '../../lib/route-types';
import type { StoreData } from './store-data';
import { hasFilters, STORE_PAGE_SIZE, type StoreQuery } from './store-query';

/*
 * The store page's heading and head tags, apart from its loader (store-data.ts): every page's
 * first load carries the route table and its meta functions, while the loader (and what it pulls
 * in) is fetched only when a shopper navigates to the store in the browser.
 */

/** A category's name in the page's language: the filter panel's entry for it carries its translations. */
export function categoryName(title: string, facets: ApiFacets, locale: Locale): LocalizedText {
  const entry = facets.categories.find((category) => category.title === title);
  return localizedText(entry ?? { title }, 'title', locale);
}

/** The page's heading, also its title: what the shopper is looking at. */
export function storeHeading(
  { query, facets }: { query: StoreQuery; facets: ApiFacets },
  t: Translate,
  locale: Locale,
): LocalizedText {
  if (query.q) return { text: t('store.heading.search', { query: query.q }) };
  const only = query.category.length === 1 ? query.category[0] : undefined;
  if (only) return categoryName(only, facets, locale);
  return { text: t('store.heading.all') };
}

export function storeMeta(data: StoreData, { publicUrl, t, locale }: MetaContext): PageMeta {
  const { query } = data;
  const title = storeHeading(data, t, locale).text;
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
      ? t('store.meta.categoryDescription', { category: title })
      : t('store.meta.description'),
    canonical,
    noindex: indexable ? undefined : true,
    jsonLd: {
      '@type': 'CollectionPage',
      name: title,
      inLanguage: locale,
      mainEntity: {
        '@type': 'ItemList',
        numberOfItems: data.total,
        itemListElement: data.products.map((product, index) => ({
          '@type': 'ListItem',
          position: (data.query.page - 1) * STORE_PAGE_SIZE + index + 1,
          url: `${publicUrl}${localizePath(locale, `/product/${product.slug || product._id}`)}`,
          name: localizedText(product, 'title', locale).text,
        })),
      },
    },
  };
}
