import type {
  ApiColor,
  ApiProduct,
  ApiProductOption,
  ApiRating,
  ApiVariant,
} from '../../../shared/api/catalog.schemas.js';
import type { ApiSizeChartTranslations } from '../../../shared/api/translations.schemas.js';
import { primaryTag } from '../../../shared/catalog.js';
import { paiseToRupees } from '../../../shared/money.js';
import { sameChartShape } from '../../../shared/translations.js';
import type { ProductOption, SizeChart } from '../../db/schema.js';
import { sanitizeRichText } from '../../lib/html.js';
import type { ImageUrls } from '../../lib/image-urls.js';
import { chart, presentTranslations, text, titleAndDescription, titleOnly } from '../../lib/translations.js';
import type { ColorRow, ProductRow, RatingRow, VariantJson } from '../catalog-search/index.js';

/**
 * Turns rows into the product object clients of the original API read (`productAnswer` in
 * shared/api/catalog.schemas.ts, documented at /api/docs), with absolute picture URLs
 * (`imageUrls`) so clients on other origins can show them.
 */
export function presentProduct(
  row: ProductRow,
  colorRows: ColorRow[],
  ratingRows: RatingRow[] | undefined,
  imageUrls: ImageUrls,
): ApiProduct {
  const product: ApiProduct = {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    // Cleaned on write too; cleaning again on the way out protects against any row written around the service.
    description: sanitizeRichText(row.description),
    price: paiseToRupees(row.pricePaise),
    mrp: row.mrpPaise === null ? null : paiseToRupees(row.mrpPaise),
    priceMax: paiseToRupees(row.priceMaxPaise ?? row.pricePaise),
    brand: row.brand,
    category: row.category,
    tags: primaryTag(row.tags),
    tagList: row.tags,
    quantity: row.quantity,
    sold: row.sold ?? 0,
    // Named field by field: a stored picture also holds the upload it came from (`public_id`, the
    // console's to delete), which is not the public's, and list cards are sent without a schema
    // to strip it (decision 024).
    images: row.images.map((image) => ({
      url: imageUrls.url(image.url),
      width: image.width,
      height: image.height,
      alt: image.alt,
    })),
    color: colorRows.map(presentColor),
    totalrating: Math.round(row.totalRating * 10) / 10,
    ratingCount: row.ratingCount,
    ratings: (ratingRows ?? []).map(presentRating),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    translations: presentTranslations(row.translations, titleAndDescription),
    brandTranslations: presentTranslations(row.brandTranslations, titleOnly),
    categoryTranslations: presentTranslations(row.categoryTranslations, titleOnly),
  };
  return product;
}

/**
 * A product page's size chart in each language that translated it: only where the English chart
 * is there and the translation still has its columns and rows (a chart reshaped since in English
 * shows in English until translated again).
 */
export function presentSizeChartTranslations(
  english: SizeChart | null,
  categoryTranslations: ProductRow['categoryTranslations'],
): ApiSizeChartTranslations {
  if (!english) return {};
  const charts = presentTranslations(categoryTranslations, { sizeChart: chart });
  const answer: ApiSizeChartTranslations = {};
  for (const [code, translated] of Object.entries(charts) as [
    keyof ApiSizeChartTranslations,
    { sizeChart?: SizeChart },
  ][]) {
    if (translated.sizeChart && sameChartShape(english, translated.sizeChart))
      answer[code] = translated.sizeChart;
  }
  return answer;
}

/**
 * The product page's options and variants: a colour option's values are colour ids inside, names
 * outside (the product's `color` list paints them).
 */
export function presentOptionsAndVariants(
  options: ProductOption[],
  variants: VariantJson[],
  colorRows: ColorRow[],
): { options: ApiProductOption[]; variants: ApiVariant[] } {
  const colorName = new Map(colorRows.map((c) => [c.id, c.name]));
  const shown = (option: ProductOption | undefined, value: string) =>
    option?.kind === 'color' ? (colorName.get(value) ?? value) : value;
  return {
    options: options.map((option) => ({
      name: option.name,
      kind: option.kind,
      values: option.values.map((value) => shown(option, value)),
    })),
    variants: variants.map((v) => ({
      _id: v.id,
      sku: v.sku,
      barcode: v.barcode,
      price: paiseToRupees(v.price_paise),
      mrp: v.mrp_paise === null ? null : paiseToRupees(v.mrp_paise),
      quantity: v.quantity,
      options: Object.fromEntries(
        v.option_values.map((value, i) => [
          options[i]?.name ?? `Option ${i + 1}`,
          options[i]?.kind === 'color' ? (v.color_name ?? shown(options[i], value)) : value,
        ]),
      ),
      colorId: v.color_id,
      weight: v.weight_grams,
      images: v.image_positions,
    })),
  };
}

export function presentColor(row: ColorRow): ApiColor {
  return {
    _id: row.id,
    title: row.title,
    name: row.name,
    translations: presentTranslations(row.translations, { name: text }),
  };
}

function presentRating(row: RatingRow): ApiRating {
  return {
    _id: row.id,
    star: row.star,
    comment: row.comment,
    postedby: row.userId,
    // A reviewer's first name and initial only: their full name is not the public's business. An
    // erased account has no last name: its reviews read "Former customer".
    postedbyName: row.lastname ? `${row.firstname} ${row.lastname.charAt(0)}.` : row.firstname,
    verifiedPurchase: row.verifiedPurchase,
    createdAt: row.createdAt.toISOString(),
  };
}
