import {
  PRODUCT_IMAGES_MAX,
  PRODUCT_QUANTITY_MAX,
  PRODUCT_SLUG_MAX,
  PRODUCT_TITLE_MAX,
  readRupees,
} from '../../../../shared/api/product-fields.schemas.js';
import { rupeesToPaise } from '../../../../shared/money.js';

/**
 * A product as another platform's export describes it (Shopify, WooCommerce), read into one
 * shape before anything is written: options (at most three, as Shopify allows), one variant per
 * combination sold, pictures. Names of brands, categories and colours are kept as written; the
 * import matches them against the shop's own and reports what it does not know.
 */
export type ImportedProduct = {
  /** The spreadsheet row of the product's first line (the header is row 1). */
  row: number;
  /** The product's URL name: Shopify's handle, or made from a WooCommerce product's name. */
  slug: string;
  title: string;
  /** HTML as exported; the import sanitizes it as every description is. */
  descriptionHtml: string;
  brand: string;
  /** The category names the file offers, most specific first (Shopify's type, its taxonomy's leaf...). */
  categories: string[];
  tags: string[];
  published: boolean;
  /** Empty for a product sold in one form (Shopify's "Title: Default Title"). */
  options: { name: string; values: string[] }[];
  variants: ImportedVariant[];
  images: { url: string; alt: string }[];
};

export type ImportedVariant = {
  row: number;
  sku: string | null;
  barcode: string | null;
  /** One value per option, in the options' order; empty when the product has no options. */
  optionValues: string[];
  pricePaise: number;
  /** The price before a discount (Shopify's compare-at price, WooCommerce's regular price). */
  mrpPaise: number | null;
  /** Null when the file does not say (the stock is left as it is). */
  quantity: number | null;
  weightGrams: number | null;
  imageUrl: string | null;
};

export type ImportRejection = { row: number; field: string; message: string };

export type ReadProducts = { products: ImportedProduct[]; rejections: ImportRejection[] };

/** A product's URL name from its title: lowercase ASCII words joined by hyphens. */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PRODUCT_SLUG_MAX)
    .replace(/-+$/, '');
}

/** Collects a file's problems, each with its row and the column it is about. */
export function rejectionList() {
  const rejections: ImportRejection[] = [];
  return {
    rejections,
    reject(row: number, field: string, message: string) {
      rejections.push({ row, field, message });
    },
  };
}

type Reject = (field: string, message: string) => void;

/** Rupees from a cell (1299.00, 1,299), as paise; undefined (and a rejection) when unreadable. */
export function readPricePaise(
  text: string,
  field: string,
  label: string,
  reject: Reject,
): number | undefined {
  const rupees = readRupees(text, label);
  if (typeof rupees === 'number') return rupeesToPaise(rupees);
  reject(field, rupees.message);
  return undefined;
}

/** The MRP when the file gives a higher "before" price than the price itself; else none. */
export function mrpAbove(pricePaise: number, text: string, field: string, reject: Reject): number | null {
  if (!text.trim()) return null;
  const mrp = readPricePaise(text, field, 'MRP', reject);
  return mrp !== undefined && mrp > pricePaise ? mrp : null;
}

/**
 * Stock from a cell: blank is "not said"; a negative count (an oversold item in Shopify) is 0,
 * since this shop never sells below zero.
 */
export function readQuantity(text: string, field: string, reject: Reject): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (!/^-?\d{1,9}$/.test(trimmed)) {
    reject(field, `Stock must be a whole number, not "${trimmed.slice(0, 20)}"`);
    return null;
  }
  const quantity = Math.max(0, Number(trimmed));
  if (quantity > PRODUCT_QUANTITY_MAX) {
    reject(field, `Stock must be at most ${PRODUCT_QUANTITY_MAX.toLocaleString('en-IN')}`);
    return null;
  }
  return quantity;
}

/** Grams from a weight cell in `unit` (g or kg); blank or unreadable is none (reported). */
export function readGrams(text: string, unit: 'g' | 'kg', field: string, reject: Reject): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < 0) {
    reject(field, `Weight must be a number, 0 or more, not "${trimmed.slice(0, 20)}"`);
    return null;
  }
  return Math.round(unit === 'kg' ? value * 1000 : value);
}

/** Checks what every imported product needs, whichever file it came from. */
export function checkProduct(
  product: ImportedProduct,
  reject: (row: number, field: string, message: string) => void,
) {
  if (!product.title) reject(product.row, 'title', 'Title is required');
  else if (product.title.length > PRODUCT_TITLE_MAX)
    reject(product.row, 'title', `Title must be at most ${PRODUCT_TITLE_MAX} characters`);
  if (!product.slug) reject(product.row, 'slug', 'The product needs a handle (its URL name)');
  if (product.variants.length === 0)
    reject(product.row, 'variants', 'The product has no variant with a price');
  if (product.images.length > PRODUCT_IMAGES_MAX)
    reject(product.row, 'images', `At most ${PRODUCT_IMAGES_MAX} pictures a product`);
  const combinations = new Set<string>();
  for (const variant of product.variants) {
    if (variant.optionValues.length !== product.options.length) {
      reject(
        variant.row,
        'options',
        `This variant gives ${variant.optionValues.length} option values; the product has ${product.options.length} options (${product.options.map((o) => o.name).join(', ') || 'none'})`,
      );
      continue;
    }
    const key = variant.optionValues.map((v) => v.toLowerCase()).join(' / ');
    if (combinations.has(key))
      reject(variant.row, 'options', `"${variant.optionValues.join(' / ')}" appears twice for this product`);
    combinations.add(key);
  }
}

/** Rejects a SKU used by two variants of the file (SKUs are unique across the shop). */
export function checkSkus(
  products: ImportedProduct[],
  reject: (row: number, field: string, message: string) => void,
) {
  const seen = new Map<string, number>();
  for (const variant of products.flatMap((p) => p.variants)) {
    if (!variant.sku) continue;
    const key = variant.sku.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) reject(variant.row, 'sku', `SKU ${variant.sku} is also on row ${first}`);
    else seen.set(key, variant.row);
  }
}
