import type { CsvTable } from './csv-table.js';
import { columnOf } from './csv-table.js';
import {
  checkProduct,
  checkSkus,
  type ImportedProduct,
  mrpAbove,
  type ReadProducts,
  readGrams,
  readPricePaise,
  readQuantity,
  rejectionList,
  slugFromTitle,
} from './imported-product.js';

/**
 * Shopify's product CSV export, as Shopify documents it: one row per variant, grouped by handle;
 * the product's own fields on its first row only; option names on the first row, values on each;
 * rows with only a picture add pictures. Both header styles are read: the classic one
 * (`Handle`, `Variant SKU`, `Variant Price`...) and the one of 2024 (`URL handle`, `SKU`, `Price`...).
 */

/** Whether a header is a Shopify product export's. */
export function isShopifyHeader(header: string[]): boolean {
  const names = new Set(header.map((name) => name.toLowerCase()));
  return (names.has('handle') || names.has('url handle')) && names.has('title');
}

function columnsOf(table: CsvTable) {
  const col = (...names: string[]) => columnOf(table, ...names);
  return {
    handle: col('Handle', 'URL handle'),
    title: col('Title'),
    body: col('Body (HTML)', 'Description'),
    vendor: col('Vendor'),
    productCategory: col('Product Category', 'Product category'),
    type: col('Type'),
    tags: col('Tags'),
    published: col('Published', 'Published on online store'),
    status: col('Status'),
    optionName: [1, 2, 3].map((n) => col(`Option${n} Name`)),
    optionValue: [1, 2, 3].map((n) => col(`Option${n} Value`)),
    sku: col('Variant SKU', 'SKU'),
    grams: col('Variant Grams', 'Weight value (grams)'),
    quantity: col('Variant Inventory Qty', 'Inventory quantity'),
    price: col('Variant Price', 'Price'),
    compareAt: col('Variant Compare At Price', 'Compare-at price'),
    barcode: col('Variant Barcode', 'Barcode'),
    imageSrc: col('Image Src', 'Product image URL'),
    imageAlt: col('Image Alt Text', 'Image alt text'),
    variantImage: col('Variant Image', 'Variant image URL'),
  };
}

/** Shopify's way of saying "no options": one option called Title with the value Default Title. */
const isDefaultTitle = (name: string, value: string) =>
  name.toLowerCase() === 'title' && value.toLowerCase() === 'default title';

export function readShopifyCsv(table: CsvTable): ReadProducts {
  const c = columnsOf(table);
  const { rejections, reject } = rejectionList();
  const byHandle = new Map<string, ImportedProduct>();
  for (const { row, cell } of table.rows) {
    const handle = cell(c.handle).trim().toLowerCase();
    if (!handle) {
      reject(row, c.handle, 'Every row needs the handle of its product');
      continue;
    }
    let product = byHandle.get(handle);
    if (!product) {
      product = firstRowProduct(row, handle, cell, c);
      byHandle.set(handle, product);
    }
    const src = cell(c.imageSrc).trim();
    if (src && !product.images.some((image) => image.url === src))
      product.images.push({ url: src, alt: cell(c.imageAlt).trim() });
    const hasVariant = cell(c.price).trim() || cell(c.sku).trim() || cell(c.optionValue[0]!).trim();
    if (!hasVariant) continue;
    const at = (field: string, message: string) => reject(row, field, message);
    const pricePaise = readPricePaise(cell(c.price), c.price, 'Price', at);
    if (pricePaise === undefined) continue;
    const values = c.optionValue.slice(0, product.options.length).map((column) => cell(column).trim());
    product.options.forEach((option, i) => {
      const value = values[i]!;
      if (value && !option.values.includes(value)) option.values.push(value);
    });
    product.variants.push({
      row,
      sku: cell(c.sku).trim() || null,
      barcode: cell(c.barcode).trim() || null,
      optionValues: values,
      pricePaise,
      mrpPaise: mrpAbove(pricePaise, cell(c.compareAt), c.compareAt, at),
      quantity: readQuantity(cell(c.quantity), c.quantity, at),
      weightGrams: readGrams(cell(c.grams), 'g', c.grams, at),
      imageUrl: cell(c.variantImage).trim() || null,
    });
  }
  const products = [...byHandle.values()];
  for (const product of products) {
    for (const variant of product.variants)
      if (variant.optionValues.some((value) => !value))
        reject(
          variant.row,
          'options',
          `Give a value for every option (${product.options.map((o) => o.name).join(', ')})`,
        );
    checkProduct(product, reject);
  }
  checkSkus(products, reject);
  return { products, rejections: rejections.sort((a, b) => a.row - b.row) };
}

function firstRowProduct(
  row: number,
  handle: string,
  cell: (name: string) => string,
  c: ReturnType<typeof columnsOf>,
): ImportedProduct {
  const status = cell(c.status).trim().toLowerCase();
  const published = cell(c.published).trim().toLowerCase();
  const options = c.optionName.flatMap((column, i) => {
    const name = cell(column).trim();
    if (!name || isDefaultTitle(name, cell(c.optionValue[i]!).trim())) return [];
    return [{ name, values: [] as string[] }];
  });
  const category = cell(c.productCategory).split('>').pop()?.trim() ?? '';
  return {
    row,
    slug: slugFromTitle(handle) === handle ? handle : slugFromTitle(handle),
    title: cell(c.title).trim(),
    descriptionHtml: cell(c.body),
    brand: cell(c.vendor).trim(),
    categories: [cell(c.type).trim(), category].filter((name, i, all) => name && all.indexOf(name) === i),
    tags: cell(c.tags)
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    published: status ? status === 'active' : published !== 'false',
    options,
    variants: [],
    images: [],
  };
}
