import { getProduct, listProducts } from '../../../shared/api/catalog';
import type { ApiProductPage } from '../../../shared/api/catalog.schemas';
import type { ApiProduct } from '../../../shared/api-types';
import type { WithTranslations } from '../../i18n/content';
import type { LoadContext } from '../../lib/route-types';
import type { NamedProduct } from '../catalog/product-names';

/** A product the picker offers: its names, not the whole product. */
export type CompareOption = Pick<
  NamedProduct,
  'title' | 'category' | 'translations' | 'categoryTranslations'
> & { id: string };

export type CompareData = {
  products: ApiProduct[];
  /** Identifiers asked for in ?ids= that match no product. */
  missing: string[];
  options: CompareOption[];
};

/** A product's other languages, titles only: the compare picker lists names, not descriptions. */
function titlesOnly(
  translations: NonNullable<WithTranslations['translations']>,
): WithTranslations['translations'] {
  return Object.fromEntries(
    Object.entries(translations).map(([locale, fields]) => [locale, { title: fields?.title }]),
  );
}

/**
 * The compare page's data: two products from ?ids=a,b (or ?ids=a&ids=b from the picker without
 * JavaScript), else two popular ones; plus a short list of choices for the picker (titles only,
 * not whole products). Fetched with the page's chunk, not with every page's routes.
 */
export async function loadCompare({ api, searchParams, signal }: LoadContext) {
  const ids = [
    ...new Set(
      searchParams
        .getAll('ids')
        .flatMap((value) => value.split(','))
        .map((id) => id.trim())
        .filter((id) => /^[\w-]{1,200}$/.test(id)),
    ),
  ].slice(0, 2);
  const missing: string[] = [];
  // The products and the picker's choices (the 30 best sellers) load in parallel.
  const [products, popular] = await Promise.all([
    ids.length > 0
      ? Promise.all(
          ids.map((id) =>
            api.call(getProduct, { params: { id }, signal }).catch((error: unknown) => {
              if ((error as { status?: number }).status !== 404) throw error;
              missing.push(id);
              return null;
            }),
          ),
        ).then((found) => found.filter((product): product is ApiProductPage => product !== null))
      : // Lists give colours as ids; the comparison shows them, so each is read in full.
        api
          .call(listProducts, { query: { tags: 'popular', sort: '-sold', limit: '2' }, signal })
          .then((list) =>
            Promise.all(list.map((p) => api.call(getProduct, { params: { id: p.slug || p._id }, signal }))),
          ),
    api.call(listProducts, { query: { sort: '-sold', limit: '30' }, signal }),
  ]);
  const options = new Map<string, CompareOption>();
  for (const product of [...products, ...popular]) {
    const id = product.slug || product._id;
    // Titles and category names only, with their other languages (not the descriptions).
    const { title, category, translations, categoryTranslations } = product as NamedProduct;
    if (!options.has(id))
      options.set(id, {
        id,
        title,
        category,
        ...(translations && { translations: titlesOnly(translations) }),
        ...(categoryTranslations && { categoryTranslations }),
      });
  }
  return {
    products,
    missing,
    options: [...options.values()].sort((a, b) => a.title.localeCompare(b.title)),
  };
}
