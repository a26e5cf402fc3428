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
 * WooCommerce's product export (Products > Export): one row per product and one per variation.
 * A "variable" product lists each attribute's values ("S, M, L"); each "variation" row names its
 * parent (`id:123` or the parent's SKU) and one value per attribute. A "simple" product is one
 * variant; its attributes only describe it. Prices: the sale price when there is one, the regular
 * price as MRP above it.
 */

/** Whether a header is a WooCommerce product export's. */
export function isWooCommerceHeader(header: string[]): boolean {
  const names = new Set(header.map((name) => name.toLowerCase()));
  return names.has('type') && names.has('name') && names.has('regular price');
}

type Cell = (name: string) => string;

function columnsOf(table: CsvTable) {
  const col = (...names: string[]) => columnOf(table, ...names);
  const weight = col('Weight (kg)', 'Weight (g)');
  return {
    id: col('ID'),
    type: col('Type'),
    sku: col('SKU'),
    name: col('Name'),
    published: col('Published'),
    description: col('Description'),
    shortDescription: col('Short description'),
    stock: col('Stock'),
    weight,
    weightUnit: weight.toLowerCase().includes('(g)') ? ('g' as const) : ('kg' as const),
    salePrice: col('Sale price'),
    regularPrice: col('Regular price'),
    categories: col('Categories'),
    tags: col('Tags'),
    brands: col('Brands', 'Brand'),
    images: col('Images'),
    parent: col('Parent'),
    barcode: col('GTIN, UPC, EAN, or ISBN', 'EAN', 'Barcode'),
    attributeNames: table.header.filter((name) => /^attribute \d+ name$/i.test(name)),
  };
}

type Columns = ReturnType<typeof columnsOf>;

/** The attributes a row names: [name, the cell's values]. */
function attributesOf(cell: Cell, c: Columns): [string, string[]][] {
  return c.attributeNames.flatMap((nameColumn) => {
    const name = cell(nameColumn).trim();
    if (!name) return [];
    const values = cell(nameColumn.replace(/name$/i, 'value(s)'))
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean);
    return [[name, values] as [string, string[]]];
  });
}

const splitList = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

export function readWooCommerceCsv(table: CsvTable): ReadProducts {
  const c = columnsOf(table);
  const { rejections, reject } = rejectionList();
  const products: ImportedProduct[] = [];
  const parents = new Map<string, ImportedProduct>();
  const variations: { row: number; cell: Cell }[] = [];
  for (const { row, cell } of table.rows) {
    const type = cell(c.type).toLowerCase();
    if (type.includes('variation')) {
      variations.push({ row, cell });
      continue;
    }
    if (!type.includes('simple') && !type.includes('variable')) {
      reject(row, c.type, `"${cell(c.type).slice(0, 40)}" products (grouped, external) cannot be imported`);
      continue;
    }
    const product = productOf(row, cell, c, type.includes('variable'));
    if (!product.options.length) {
      const variant = variantOf(row, cell, c, [], reject);
      if (variant) product.variants.push(variant);
    }
    products.push(product);
    const id = cell(c.id).trim();
    if (id) parents.set(`id:${id}`, product);
    const sku = cell(c.sku).trim();
    if (sku) parents.set(sku.toLowerCase(), product);
  }
  for (const { row, cell } of variations) {
    const parentKey = cell(c.parent).trim();
    const parent = parents.get(parentKey.startsWith('id:') ? parentKey : parentKey.toLowerCase());
    if (!parent) {
      reject(row, c.parent, `The variation's product "${parentKey.slice(0, 60)}" is not in the file`);
      continue;
    }
    const chosen = new Map(
      attributesOf(cell, c).map(([name, values]) => [name.toLowerCase(), values[0] ?? '']),
    );
    const values = parent.options.map((option) => chosen.get(option.name.toLowerCase()) ?? '');
    const missing = parent.options.filter((_, i) => !values[i]);
    if (missing.length) {
      reject(
        row,
        'options',
        `Choose a ${missing.map((o) => o.name).join(' and ')} for this variation: "any" cannot be sold as a variant here`,
      );
      continue;
    }
    const variant = variantOf(row, cell, c, values, reject);
    if (variant) parent.variants.push(variant);
  }
  for (const product of products) checkProduct(product, reject);
  checkSkus(products, reject);
  return { products, rejections: rejections.sort((a, b) => a.row - b.row) };
}

function productOf(row: number, cell: Cell, c: Columns, variable: boolean): ImportedProduct {
  const title = cell(c.name).trim();
  const description = cell(c.description) || cell(c.shortDescription);
  const categoryPaths = splitList(cell(c.categories));
  return {
    row,
    slug: slugFromTitle(title),
    title,
    descriptionHtml: description,
    brand: splitList(cell(c.brands))[0] ?? '',
    categories: categoryPaths.map((path) => path.split('>').pop()!.trim()).filter(Boolean),
    tags: splitList(cell(c.tags)),
    published: cell(c.published).trim() !== '0' && cell(c.published).trim() !== '-1',
    options: variable ? attributesOf(cell, c).map(([name, values]) => ({ name, values })) : [],
    variants: [],
    images: splitList(cell(c.images)).map((url) => ({ url, alt: '' })),
  };
}

function variantOf(
  row: number,
  cell: Cell,
  c: Columns,
  optionValues: string[],
  reject: (row: number, field: string, message: string) => void,
): ImportedProduct['variants'][number] | undefined {
  const at = (field: string, message: string) => reject(row, field, message);
  const sale = cell(c.salePrice).trim();
  const regular = cell(c.regularPrice).trim();
  if (!sale && !regular) {
    at(c.regularPrice, 'Give the regular price (or a sale price)');
    return undefined;
  }
  const pricePaise = readPricePaise(sale || regular, sale ? c.salePrice : c.regularPrice, 'Price', at);
  if (pricePaise === undefined) return undefined;
  return {
    row,
    sku: cell(c.sku).trim() || null,
    barcode: cell(c.barcode).trim() || null,
    optionValues,
    pricePaise,
    mrpPaise: sale ? mrpAbove(pricePaise, regular, c.regularPrice, at) : null,
    quantity: readQuantity(cell(c.stock), c.stock, at),
    weightGrams: readGrams(cell(c.weight), c.weightUnit, c.weight, at),
    imageUrl: splitList(cell(c.images))[0] ?? null,
  };
}
