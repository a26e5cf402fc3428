import { readCsvTable } from './csv-table.js';
import { detectCsvFormat } from './detect-format.js';
import type { ReadProducts } from './imported-product.js';
import { readShopifyCsv } from './shopify-csv.js';
import { readWooCommerceCsv } from './woocommerce-csv.js';

/**
 * Another platform's product export read into the shop's shape (Shopify's or WooCommerce's, told
 * by the header), or undefined for any other file (the shop's own CSV, read by its own import). A
 * file that is not CSV at all is a 400 with a message.
 */
export function readForeignCatalogue(
  file: Buffer | string,
): (ReadProducts & { format: 'shopify' | 'woocommerce' }) | undefined {
  const table = readCsvTable(file);
  const format = detectCsvFormat(table.header);
  if (format === 'shopify') return { format, ...readShopifyCsv(table) };
  if (format === 'woocommerce') return { format, ...readWooCommerceCsv(table) };
  return undefined;
}
