import * as z from 'zod/mini';
import { SEARCH_MIN_LENGTH } from '../catalog.js';
import {
  colorTranslationsAnswer,
  nameTranslationsAnswer,
  productTranslationsAnswer,
  sizeChartTranslationsAnswer,
} from './translations.schemas.js';

/**
 * The product as clients of the original API read it: prices in rupees, identifiers in `_id`,
 * timestamps as ISO strings. Embedded by the cart, the wishlist and orders too.
 */
export const imageAnswer = z.object({
  url: z.string(),
  width: z.optional(z.number()),
  height: z.optional(z.number()),
  alt: z.optional(z.string()),
});
export type ApiImage = z.output<typeof imageAnswer>;

export const colorAnswer = z.object({
  _id: z.string(),
  title: z.string(),
  name: z.string(),
  /** The name in other languages (decision 050); absent on order lines, which keep the name bought. */
  translations: z.optional(colorTranslationsAnswer),
});
export type ApiColor = z.output<typeof colorAnswer>;

export const ratingAnswer = z.object({
  _id: z.string(),
  star: z.number(),
  comment: z.string(),
  postedby: z.string(),
  postedbyName: z.string(),
  verifiedPurchase: z.boolean(),
  createdAt: z.string(),
});
export type ApiRating = z.output<typeof ratingAnswer>;

export const productAnswer = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  /** The lowest price of its variants on sale (what it sells "from"). */
  price: z.number(),
  /** List price before discount, when discounted (of the variant with the lowest price). */
  mrp: z.nullable(z.number()),
  /** The highest price of its variants: a list shows "₹699 – ₹899" when it differs from `price`. */
  priceMax: z.number(),
  brand: z.string(),
  category: z.string(),
  /** One tag as the original API answered it, `''` when none (`primaryTag` in shared/catalog.ts). */
  tags: z.string(),
  /** Every tag of the product: what our own pages read. */
  tagList: z.array(z.string()),
  /** What shoppers can still buy: stock less what other checkouts hold. */
  quantity: z.number(),
  sold: z.number(),
  images: z.array(imageAnswer),
  color: z.array(colorAnswer),
  totalrating: z.number(),
  ratingCount: z.number(),
  ratings: z.array(ratingAnswer),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Title and description (sanitised HTML) in other languages, only those set: `{ "hi": { "title":
   * "..." } }`; `{}` when English only (decision 050). A field left out shows the English. This
   * server always sends the three; optional for clients that build products of their own.
   */
  translations: z.optional(productTranslationsAnswer),
  /** The `brand` and `category` names in other languages, the same way. */
  brandTranslations: z.optional(nameTranslationsAnswer),
  categoryTranslations: z.optional(nameTranslationsAnswer),
});
export type ApiProduct = z.output<typeof productAnswer>;

/**
 * A product in a list: `color` holds the colours' ids, as the original API's list answered them
 * (the original admin client puts the raw value in a table cell, where objects crash its page).
 * The product's own page (`getProduct`) has the colours as objects.
 */
export const listedProductAnswer = z.object({ ...productAnswer.shape, color: z.array(z.string()) });
export type ApiListedProduct = z.output<typeof listedProductAnswer>;

/**
 * A query value as Fastify parses it: one string, or several when the key is repeated. The
 * catalogue's filters keep their own parser (server/modules/catalog-search/product-query.ts), which
 * reads the doubled `&&` and trailing separators real clients send, comma lists, and refuses an
 * unknown or malformed filter with a 400 naming it; these schemas document the keys it accepts
 * and let every other key through to it, so nothing is silently ignored.
 */
const queryValue = z.union([z.string(), z.array(z.string())]);
const queryKey = (description: string) => z.optional(queryValue.check(z.describe(description)));

const filterKeys = {
  brand: queryKey('Brand names, repeated or comma-separated: any of them.'),
  category: queryKey('Category names, repeated or comma-separated: any of them (encode "&").'),
  tags: queryKey('featured, special or popular, repeated or comma-separated: any of them.'),
  tag: queryKey('Same as tags.'),
  size: queryKey('Sizes (S, M, UK 8...), repeated or comma-separated: products with any of them in stock.'),
  'price[gte]': queryKey('Lowest price in rupees, inclusive (499 or 1299.50).'),
  'price[gt]': queryKey('Lowest price in rupees, exclusive.'),
  'price[lte]': queryKey('Highest price in rupees, inclusive.'),
  'price[lt]': queryKey('Highest price in rupees, exclusive.'),
  availability: queryKey('in-stock or out-of-stock.'),
  q: queryKey('Free text (up to 100 characters); close spellings match too.'),
};

export const productFiltersQuery = z.catchall(z.object(filterKeys), queryValue);

export const productListQuery = z.catchall(
  z.object({
    ...filterKeys,
    sort: queryKey(
      'Comma-separated fields, each ascending or with "-" descending: title, price, createdAt, totalrating, sold. Default -createdAt.',
    ),
    page: queryKey('Page number from 1 (default 1).'),
    limit: queryKey(
      'Products per page, 1 to 100 (default 100; without it a staff token gets up to 10,000 products, as the original admin client expects).',
    ),
  }),
  queryValue,
);

export const facetCountAnswer = z.object({ title: z.string(), count: z.number() });
export type ApiFacetCount = z.output<typeof facetCountAnswer>;

export const facetsAnswer = z.object({
  categories: z.array(facetCountAnswer),
  brands: z.array(facetCountAnswer),
  tags: z.array(facetCountAnswer),
  /** Counted without the availability filter, so the two add up to every match. */
  availability: z.object({ inStock: z.number(), outOfStock: z.number() }),
  /** Rupees, under every filter but the price. */
  price: z.object({ min: z.number(), max: z.number() }),
  /**
   * Sizes some product has in stock, smallest first, under every filter but the size; offered
   * where categories are chosen (or a size is), else empty.
   */
  sizes: z.array(facetCountAnswer),
});
export type ApiFacets = z.output<typeof facetsAnswer>;

export const suggestionAnswer = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  brand: z.string(),
  category: z.string(),
  price: z.number(),
  /** The first picture's absolute URL, or null when there is none. */
  image: z.nullable(z.string()),
  /** The title in other languages, where set (decision 050). */
  translations: nameTranslationsAnswer,
});
export type ApiProductSuggestion = z.output<typeof suggestionAnswer>;

const tooShort = `Type at least ${SEARCH_MIN_LENGTH} characters to search.`;

export const listProducts = { query: productListQuery, response: z.array(listedProductAnswer) };

export const productSuggestions = {
  query: z.object({
    q: z
      .string({ error: tooShort })
      .check(
        z.trim(),
        z.minLength(SEARCH_MIN_LENGTH, tooShort),
        z.maxLength(100, 'Search text must be at most 100 characters.'),
      ),
  }),
  response: z.array(suggestionAnswer),
};

export const productFacets = { query: productFiltersQuery, response: facetsAnswer };

/** An option the shopper chooses (Colour, Size, Storage), its values in the merchant's order. */
export const productOptionAnswer = z.object({
  name: z.string(),
  /** `color`: the values are colour names, painted from the product's `color` list. */
  kind: z.enum(['color', 'text']),
  values: z.array(z.string()),
});
export type ApiProductOption = z.output<typeof productOptionAnswer>;

/** One combination on sale, with its own SKU, price and stock. */
export const variantAnswer = z.object({
  _id: z.string(),
  sku: z.string(),
  barcode: z.nullable(z.string()),
  price: z.number(),
  mrp: z.nullable(z.number()),
  /** What shoppers can still buy of it: stock less what other checkouts hold. */
  quantity: z.number(),
  /** Option name to value, e.g. {"Colour": "Navy", "Size": "L"}; {} for a product without options. */
  options: z.record(z.string(), z.string()),
  /** The colour's id (of the product's `color` list) when it has a colour option. */
  colorId: z.nullable(z.string()),
  /** Grams, when the merchant entered it. */
  weight: z.nullable(z.number()),
  /** Which of the product's `images` (positions) show this variant; [] when all do. */
  images: z.array(z.number()),
});
export type ApiVariant = z.output<typeof variantAnswer>;

/** The product page: the product with its options and the variants on sale. */
export const productPageAnswer = z.extend(productAnswer, {
  options: z.array(productOptionAnswer),
  variants: z.array(variantAnswer),
  /** Its category's size chart (headings, then a row a size); null when the category has none. */
  sizeChart: z.nullable(z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.string())) })),
  /** That chart in other languages, same columns and rows (`{}` when none is translated; always sent). */
  sizeChartTranslations: z.optional(sizeChartTranslationsAnswer),
});
export type ApiProductPage = z.output<typeof productPageAnswer>;

export const getProduct = {
  params: z.object({ id: z.string().check(z.describe('The product id or its slug.')) }),
  response: productPageAnswer,
};
