import { isShopifyHeader } from './shopify-csv.js';
import { isWooCommerceHeader } from './woocommerce-csv.js';

export type CsvFormat = 'shop' | 'shopify' | 'woocommerce';

/**
 * Which kind of product file a header belongs to: the shop's own export (its `slug` or `title`
 * columns and no other platform's), a Shopify or a WooCommerce export; undefined when none.
 */
export function detectCsvFormat(header: string[]): CsvFormat | undefined {
  if (isShopifyHeader(header)) return 'shopify';
  if (isWooCommerceHeader(header)) return 'woocommerce';
  const names = new Set(header.map((name) => name.trim().toLowerCase()));
  if (names.has('slug') || names.has('title')) return 'shop';
  return undefined;
}
