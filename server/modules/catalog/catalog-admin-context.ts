import type { ProductImageInput, ProductInput } from '../../../shared/api/catalog-admin.schemas.js';
import { formatPaise, paiseToRupees, rupeesToPaise } from '../../../shared/money.js';
import { bpToRate } from '../../../shared/schemas/gst-fields.js';
import type { Executor } from '../../db/client.js';
import type { ImageRef } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { ServiceDeps } from '../../service-deps.js';
import * as repository from './product-writes.repository.js';

/**
 * What the console's product functions share: the dependencies they run with, one product as the
 * edit form and the audit trail see it, and the commit step every write ends with.
 */
export type CatalogAdminContext = Pick<ServiceDeps, 'db' | 'catalog' | 'imageUrls' | 'config'> & {
  /**
   * Which of these products some order refers to (the orders module knows, and catalog does not
   * import it): those are archived instead of deleted.
   */
  productsWithOrders: (db: Executor, productIds: string[]) => Promise<Set<string>>;
};

export const NOT_FOUND = 'This product does not exist. It may have been deleted.';

const isUniqueViolation = (error: unknown, constraint?: string) => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const name = e.constraint ?? e.cause?.constraint;
  return code === '23505' && (!constraint || name === undefined || name === constraint);
};

/** What the form (or the original client, translated) asks to write; tags read from rows are plain strings. */
export type WriteInput = Omit<ProductInput, 'tags'> & { tags: readonly string[] };

/** The product fields the console writes (stock apart), as stored. */
export type ProductValues = repository.ProductWrite & { colorIds: string[] };

/** A product as the audit trail keeps it: rupees, names rather than ids, picture URLs. */
export type Snapshot = Record<string, unknown>;

export function snapshotOf(
  values: {
    slug: string;
    title: string;
    description: string;
    pricePaise: number;
    mrpPaise: number | null;
    tags: string[];
    images: ImageRef[];
    hsnCode: string | null;
    gstRateBp: number | null;
    translations?: unknown;
  },
  names: { category: string; brand: string; colors: string[] },
): Snapshot {
  return {
    slug: values.slug,
    title: values.title,
    description: values.description,
    price: paiseToRupees(values.pricePaise),
    mrp: values.mrpPaise === null ? null : paiseToRupees(values.mrpPaise),
    category: names.category,
    brand: names.brand,
    colors: names.colors,
    tags: values.tags,
    images: values.images.map((image) => image.url),
    hsnCode: values.hsnCode,
    gstRate: bpToRate(values.gstRateBp),
    translations: values.translations ?? {},
  };
}

/** The keys whose values differ, each side holding only those. */
export function changes(
  before: Snapshot,
  after: Snapshot,
): { before: Snapshot; after: Snapshot; keys: string[] } {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
    keys,
  };
}

export function describeChanges(
  title: string,
  diff: { before: Snapshot; after: Snapshot; keys: string[] },
): string {
  if (diff.keys.length === 1 && diff.keys[0] === 'price') {
    const from = formatPaise(rupeesToPaise(diff.before.price as number));
    const to = formatPaise(rupeesToPaise(diff.after.price as number));
    return `Changed the price of ${title} from ${from} to ${to}`;
  }
  return diff.keys.length ? `Edited ${title}: ${diff.keys.join(', ')}` : `Saved ${title} without changes`;
}

export const sameImages = (a: ImageRef[], b: ImageRef[]) => JSON.stringify(a) === JSON.stringify(b);
export const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The shop's own absolute picture URLs go back to the `/media/...` paths products keep. */
export function storedUrl(ctx: Pick<CatalogAdminContext, 'config'>, url: string): string {
  for (const base of [`${ctx.config.mediaUrl}/`, `${ctx.config.publicUrl}/media/`]) {
    if (url.startsWith(base)) return `/media/${url.slice(base.length)}`;
  }
  return url;
}

export function storedImages(ctx: CatalogAdminContext, images: ProductImageInput[]): ImageRef[] {
  return images.map((image) => {
    const ref: ImageRef = { url: storedUrl(ctx, image.url) };
    if (image.public_id) ref.public_id = image.public_id;
    if (image.width) ref.width = image.width;
    if (image.height) ref.height = image.height;
    if (image.alt) ref.alt = image.alt;
    return ref;
  });
}

/** One product with its colours and whether anyone ordered it; a 404 when there is none. */
export async function loadDetail(
  ctx: Pick<CatalogAdminContext, 'productsWithOrders'>,
  executor: Executor,
  id: string,
  options: { lock?: boolean } = {},
) {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  const row = await repository.findAdminProduct(executor, id, options);
  if (!row) throw notFound(NOT_FOUND);
  const colorRows = await repository.colorsOfProducts(executor, [id]);
  const ordered = await ctx.productsWithOrders(executor, [id]);
  return { row, colorRows, hasOrders: ordered.has(id) };
}

export type ProductDetail = Awaited<ReturnType<typeof loadDetail>>;

export function snapshotOfDetail(detail: ProductDetail): Snapshot {
  return snapshotOf(detail.row, {
    category: detail.row.category,
    brand: detail.row.brand,
    colors: detail.colorRows.map((c) => c.title),
  });
}

/** Clears the storefront's catalogue cache after a committed write; a slug or SKU taken meanwhile is a 409. */
export async function afterWrite<T>(
  ctx: Pick<CatalogAdminContext, 'catalog'>,
  write: Promise<T>,
): Promise<T> {
  try {
    const result = await write;
    ctx.catalog.invalidate();
    return result;
  } catch (error) {
    if (isUniqueViolation(error, 'products_slug_key')) {
      throw conflict('That slug was just taken by another product. Choose another.');
    }
    // Checked before writing; this is another console saving the same SKU at the same moment.
    if (isUniqueViolation(error, 'product_variants_sku_key')) {
      throw conflict('That SKU was just taken by another product. Choose another.');
    }
    throw error;
  }
}
