import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { protectCell } from '../../lib/csv-cells.js';
import type { ExportRowWithVariants } from '../catalog/index.js';

/**
 * Products as Shopify's product CSV: one row a variant (the first carries the product's fields),
 * options as Option1-3 Name/Value, pictures one a row, so a catalogue moves to Shopify, or back
 * here through the import, with its variants.
 */

export const SHOPIFY_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Tracker',
  'Variant Inventory Qty',
  'Variant Inventory Policy',
  'Variant Fulfillment Service',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Variant Taxable',
  'Variant Barcode',
  'Image Src',
  'Image Position',
  'Status',
] as const;

const price = (paise: number) => (paise / 100).toFixed(2);

function rowsOf(product: ExportRowWithVariants): Record<string, string>[] {
  const options = product.options.length
    ? product.options
    : [{ name: 'Title', kind: 'text' as const, values: ['Default Title'] }];
  const count = Math.max(product.variants.length, product.images.length);
  return Array.from({ length: count }, (_, i) => {
    const variant = product.variants[i];
    const row: Record<string, string> = { Handle: product.slug };
    if (i === 0) {
      Object.assign(row, {
        Title: protectCell(product.title),
        'Body (HTML)': protectCell(product.description),
        Vendor: protectCell(product.brand),
        Type: protectCell(product.category),
        Tags: product.tags.join(', '),
        Published: 'TRUE',
        Status: 'active',
      });
    }
    if (variant) {
      options.forEach((option, o) => {
        if (i === 0) row[`Option${o + 1} Name`] = option.name;
        const value = variant.optionValues[o];
        row[`Option${o + 1} Value`] =
          option.kind === 'color' ? (variant.colorName ?? '') : (value ?? 'Default Title');
      });
      Object.assign(row, {
        'Variant SKU': variant.sku,
        'Variant Grams': variant.weightGrams === null ? '' : String(variant.weightGrams),
        'Variant Inventory Tracker': 'shopify',
        'Variant Inventory Qty': String(variant.quantity),
        'Variant Inventory Policy': 'deny',
        'Variant Fulfillment Service': 'manual',
        'Variant Price': price(variant.pricePaise),
        'Variant Compare At Price': variant.mrpPaise === null ? '' : price(variant.mrpPaise),
        'Variant Requires Shipping': 'TRUE',
        'Variant Taxable': 'TRUE',
        'Variant Barcode': variant.barcode ?? '',
      });
    }
    if (product.images[i])
      Object.assign(row, { 'Image Src': product.images[i], 'Image Position': String(i + 1) });
    return row;
  });
}

export function shopifyCsvStream(pages: AsyncIterable<ExportRowWithVariants[]>): Readable {
  const csv = stringify({ header: true, columns: [...SHOPIFY_COLUMNS] });
  const source = Readable.from(
    (async function* () {
      for await (const page of pages) for (const product of page) yield* rowsOf(product);
    })(),
  );
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
