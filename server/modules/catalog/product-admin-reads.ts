import type {
  AdminProductFilters,
  AdminProductListQuery,
  ApiAdminProduct,
  ApiAdminProductList,
  ApiAdminProductRow,
} from '../../../shared/api/catalog-admin.schemas.js';
import {
  ADMIN_PRODUCTS_COUNT_CAP,
  ADMIN_PRODUCTS_DEFAULT_LIMIT,
  ADMIN_PRODUCTS_SEARCH_COUNT_CAP,
} from '../../../shared/api/catalog-admin.schemas.js';
import { translatedLocales } from '../../../shared/locales.js';
import { paiseToRupees } from '../../../shared/money.js';
import { bpToRate } from '../../../shared/schemas/gst-fields.js';
import type { TranslatedLocale } from '../../../shared/translations.js';
import type { ProductOption, ProductTranslation, Translations } from '../../db/schema.js';
import { sanitizeRichText } from '../../lib/html.js';
import type { ImageUrls } from '../../lib/image-urls.js';
import { presentTranslations, titleAndDescription } from '../../lib/translations.js';
import * as repository from './catalog-admin.repository.js';
import { type CatalogAdminContext, loadDetail, type ProductDetail } from './catalog-admin-context.js';
import { colorsOfProducts } from './product-writes.repository.js';
import { productOptions, type VariantRow, variantsOfProducts } from './variants.repository.js';

/** The console's reads of products: the table, one product for the edit form, the pages of an export. */

function presentRow(imageUrls: ImageUrls, row: repository.AdminProductRow): ApiAdminProductRow {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    price: paiseToRupees(row.pricePaise),
    mrp: row.mrpPaise === null ? null : paiseToRupees(row.mrpPaise),
    brand: { _id: row.brandId, title: row.brand },
    category: { _id: row.categoryId, title: row.category },
    tags: row.tags,
    quantity: row.quantity,
    sold: row.sold,
    image: row.image?.url ? imageUrls.url(row.image.url) : null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    missingTranslations: row.missingTranslations,
  };
}

export function presentDetail(
  imageUrls: ImageUrls,
  { row, colorRows, hasOrders }: ProductDetail,
): ApiAdminProduct {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    description: sanitizeRichText(row.description),
    price: paiseToRupees(row.pricePaise),
    mrp: row.mrpPaise === null ? null : paiseToRupees(row.mrpPaise),
    brand: { _id: row.brandId, title: row.brand },
    category: { _id: row.categoryId, title: row.category },
    colors: colorRows.map((c) => ({ _id: c.id, title: c.title, name: c.name })),
    tags: row.tags,
    images: imageUrls.images(row.images),
    quantity: row.quantity,
    held: row.held,
    sold: row.sold,
    totalrating: Math.round(row.totalRating * 10) / 10,
    ratingCount: row.ratingCount,
    hasOrders,
    hsnCode: row.hsnCode,
    gstRate: bpToRate(row.gstRateBp),
    categoryTax: { hsnCode: row.categoryHsnCode, gstRate: bpToRate(row.categoryGstRateBp) },
    translations: presentTranslations(row.translations, titleAndDescription),
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One product as the edit form shows it, read after a write has committed. */
export async function productDetail(ctx: CatalogAdminContext, id: string): Promise<ApiAdminProduct> {
  return presentDetail(ctx.imageUrls, await loadDetail(ctx, ctx.db, id));
}

function filtersOf(query: AdminProductFilters): repository.AdminFilters {
  return {
    q: query.q || undefined,
    categoryId: query.category,
    brandId: query.brand,
    stock: query.stock,
    tags: query.tags,
    archived: query.archived ?? 'active',
    missingTranslation: query.missingTranslation,
  };
}

export async function listProducts(
  { db, imageUrls }: CatalogAdminContext,
  query: AdminProductListQuery,
): Promise<ApiAdminProductList> {
  const filters = filtersOf(query);
  const page = query.page ?? 1;
  const limit = query.limit ?? ADMIN_PRODUCTS_DEFAULT_LIMIT;
  const sort = query.sort ?? '-updated';
  const present = (row: repository.AdminProductRow) => presentRow(imageUrls, row);
  if (filters.q) {
    // A search is counted up to a lower cap: past it, a word that common is better narrowed,
    // and reading every match of "samsung" would cost more than the page.
    const searched = await repository.searchAdminProducts(
      db,
      filters,
      sort,
      page,
      limit,
      ADMIN_PRODUCTS_SEARCH_COUNT_CAP,
    );
    if (searched) {
      return {
        products: searched.rows.map(present),
        total: searched.total,
        totalExact: true,
        page,
        limit,
      };
    }
    const rows = await repository.listAdminProducts(db, filters, sort, page, limit);
    return {
      products: rows.map(present),
      total: ADMIN_PRODUCTS_SEARCH_COUNT_CAP,
      totalExact: false,
      page,
      limit,
    };
  }
  const [rows, counted] = await Promise.all([
    repository.listAdminProducts(db, filters, sort, page, limit),
    repository.countAdminProducts(db, filters, ADMIN_PRODUCTS_COUNT_CAP),
  ]);
  return {
    products: rows.map(present),
    total: Math.min(counted, ADMIN_PRODUCTS_COUNT_CAP),
    totalExact: counted <= ADMIN_PRODUCTS_COUNT_CAP,
    page,
    limit,
  };
}

/** A product as an export writes it: category and brand by title, colours by value, picture URLs. */
export type ExportRow = {
  id: string;
  slug: string;
  title: string;
  description: string;
  pricePaise: number;
  mrpPaise: number | null;
  category: string;
  brand: string;
  colors: string[];
  tags: string[];
  quantity: number;
  images: string[];
  hsnCode: string | null;
  gstRateBp: number | null;
  /** Title and description in other languages, as stored. */
  translations: Translations<ProductTranslation>;
};

/** A product with its options and variants, for exports of one row a variant. */
export type ExportRowWithVariants = ExportRow & { options: ProductOption[]; variants: VariantRow[] };

/** Every product matching the filters, for an export, read in pages of 1,000 in id order. */
export async function* exportPages(
  { db, imageUrls }: Pick<CatalogAdminContext, 'db' | 'imageUrls'>,
  query: AdminProductFilters,
): AsyncGenerator<ExportRow[]> {
  const filters = filtersOf(query);
  let after: string | null = null;
  for (;;) {
    const rows = await repository.exportPage(db, filters, after, 1000);
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.id);
    const colorRows = await colorsOfProducts(db, ids);
    const colorsOf = new Map<string, string[]>();
    for (const c of colorRows) colorsOf.set(c.productId, [...(colorsOf.get(c.productId) ?? []), c.title]);
    yield rows.map((row) => ({
      ...row,
      colors: colorsOf.get(row.id) ?? [],
      images: row.images.map((image) => imageUrls.url(image.url)),
    }));
    after = rows[rows.length - 1]!.id;
    if (rows.length < 1000) return;
  }
}

/** The same pages, each product with its options and its variants on sale. */
export async function* exportPagesWithVariants(
  deps: Pick<CatalogAdminContext, 'db' | 'imageUrls'>,
  query: AdminProductFilters,
): AsyncGenerator<ExportRowWithVariants[]> {
  for await (const page of exportPages(deps, query)) {
    const ids = page.map((row) => row.id);
    const [variants, options] = await Promise.all([
      variantsOfProducts(deps.db, ids),
      productOptions(deps.db, ids),
    ]);
    yield page.map((row) => ({
      ...row,
      options: options.get(row.id) ?? [],
      variants: variants.filter((v) => v.productId === row.id),
    }));
  }
}

/**
 * Products on sale (not archived) missing each language, for the dashboard: counted up to
 * ADMIN_PRODUCTS_COUNT_CAP + 1, like the product table it links to ("10,000+" past it).
 */
export async function countMissingTranslations(
  db: CatalogAdminContext['db'],
): Promise<Record<TranslatedLocale, number>> {
  const counts = await Promise.all(
    translatedLocales.map((code) =>
      repository.countAdminProducts(
        db,
        { archived: 'active', missingTranslation: code },
        ADMIN_PRODUCTS_COUNT_CAP,
      ),
    ),
  );
  return Object.fromEntries(translatedLocales.map((code, i) => [code, counts[i]!])) as Record<
    TranslatedLocale,
    number
  >;
}
