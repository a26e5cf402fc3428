import { readFileSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { readCsvTable } from './csv-table.js';
import { detectCsvFormat } from './detect-format.js';
import { readShopifyCsv } from './shopify-csv.js';
import { readWooCommerceCsv } from './woocommerce-csv.js';

const fixture = readFileSync(new URL('./fixtures/shopify-products.csv', import.meta.url));
const csv = (rows: string[][]) => stringify(rows);

describe("Shopify's product export", () => {
  const table = readCsvTable(fixture);
  const { products, rejections } = readShopifyCsv(table);
  const bySlug = new Map(products.map((p) => [p.slug, p]));

  it('reads every product and variant of a 54-product export, with nothing rejected', () => {
    expect(detectCsvFormat(table.header)).toBe('shopify');
    expect(rejections).toEqual([]);
    expect(products).toHaveLength(54);
    expect(products.flatMap((p) => p.variants)).toHaveLength(292);
  });

  it('keeps options and their values in the order of the file, one variant per combination', () => {
    const tee = bySlug.get('levi-s-crew-neck-t-shirt')!;
    expect(tee.row).toBe(2);
    expect(tee.title).toBe("Levi's Crew Neck T-Shirt");
    expect(tee.brand).toBe("Levi's");
    expect(tee.categories).toEqual(['T-Shirts']);
    expect(tee.tags).toEqual(['featured', 'new-arrival']);
    expect(tee.options).toEqual([
      { name: 'Color', values: ['Navy', 'Black', 'White'] },
      { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
    ]);
    expect(tee.variants).toHaveLength(12);
    expect(tee.variants[1]).toMatchObject({
      row: 3,
      sku: 'LEVI-S-CREW--1-2',
      barcode: '8900000000101',
      optionValues: ['Navy', 'M'],
      pricePaise: 69_900,
      mrpPaise: 87_375,
      quantity: 12,
      weightGrams: 180,
    });
    // Three pictures: two on variant rows, one on a row of its own.
    expect(tee.images.map((i) => i.url.split('/').pop())).toEqual([
      'levi-s-crew-neck-t-shirt-1.jpg',
      'levi-s-crew-neck-t-shirt-2.jpg',
      'levi-s-crew-neck-t-shirt-3.jpg',
    ]);
  });

  it('reads "Title: Default Title" as a product sold in one form', () => {
    const earphones = bySlug.get('boat-airdopes-141')!;
    expect(earphones.options).toEqual([]);
    expect(earphones.variants).toHaveLength(1);
    expect(earphones.variants[0]!.optionValues).toEqual([]);
  });

  it('prices storage sizes apart, takes oversold stock as 0 and drafts as unpublished', () => {
    const phone = bySlug.get('samsung-galaxy-s24')!;
    expect(phone.options.map((o) => o.name)).toEqual(['Storage', 'Color']);
    const prices = new Map(phone.variants.map((v) => [v.optionValues.join(' / '), v.pricePaise]));
    expect(prices.get('128 GB / Onyx Black')).toBe(2_499_900);
    expect(prices.get('256 GB / Onyx Black')).toBe(2_999_900);
    const oversold = products[2]!.variants[5]!;
    expect(oversold.quantity).toBe(0);
    expect(products.filter((p) => !p.published).map((p) => p.slug)).toContain('levi-s-linen-tee');
  });

  it("reads Shopify's 2024 column names too", () => {
    const file = csv([
      [
        'URL handle',
        'Title',
        'Description',
        'Vendor',
        'Type',
        'SKU',
        'Option1 name',
        'Option1 value',
        'Price',
        'Compare-at price',
        'Inventory quantity',
        'Weight value (grams)',
        'Product image URL',
        'Status',
      ],
      [
        'kurta',
        'Cotton Kurta',
        '<p>Cool</p>',
        'Fabindia',
        'Kurtas',
        'KUR-S',
        'Size',
        'S',
        '1499',
        '1999',
        '4',
        '300',
        'https://example.com/k.jpg',
        'active',
      ],
      ['kurta', '', '', '', '', 'KUR-M', '', 'M', '1499', '1999', '0', '310', '', ''],
    ]);
    const table2 = readCsvTable(file);
    expect(detectCsvFormat(table2.header)).toBe('shopify');
    const read = readShopifyCsv(table2);
    expect(read.rejections).toEqual([]);
    expect(read.products[0]).toMatchObject({
      slug: 'kurta',
      brand: 'Fabindia',
      options: [{ name: 'Size', values: ['S', 'M'] }],
      images: [{ url: 'https://example.com/k.jpg', alt: '' }],
    });
    expect(
      read.products[0]!.variants.map((v) => [v.sku, v.pricePaise, v.mrpPaise, v.quantity, v.weightGrams]),
    ).toEqual([
      ['KUR-S', 149_900, 199_900, 4, 300],
      ['KUR-M', 149_900, 199_900, 0, 310],
    ]);
  });

  it('names the row and column of every problem', () => {
    const file = csv([
      ['Handle', 'Title', 'Option1 Name', 'Option1 Value', 'Variant SKU', 'Variant Price'],
      ['shirt', 'Shirt', 'Size', 'S', 'SH-1', '499'],
      ['shirt', '', '', 'S', 'SH-2', '499'],
      ['shirt', '', '', '', 'SH-3', '499'],
      ['shirt', '', '', 'L', 'SH-1', 'free'],
      ['', '', '', 'XL', 'SH-9', '499'],
      ['cap', 'Cap', 'Title', 'Default Title', 'sh-1', '199'],
    ]);
    const { rejections } = readShopifyCsv(readCsvTable(file));
    expect(rejections).toEqual(
      expect.arrayContaining([
        { row: 3, field: 'options', message: '"S" appears twice for this product' },
        { row: 4, field: 'options', message: 'Give a value for every option (Size)' },
        {
          row: 5,
          field: 'Variant Price',
          message: 'Price must be a number of rupees, such as 499 or 1299.50',
        },
        { row: 6, field: 'Handle', message: 'Every row needs the handle of its product' },
        { row: 7, field: 'sku', message: 'SKU sh-1 is also on row 2' },
      ]),
    );
  });
});

describe("WooCommerce's product export", () => {
  const header = [
    'ID',
    'Type',
    'SKU',
    'Name',
    'Published',
    'Description',
    'Stock',
    'Weight (kg)',
    'Sale price',
    'Regular price',
    'Categories',
    'Tags',
    'Images',
    'Parent',
    'Brands',
    'Attribute 1 name',
    'Attribute 1 value(s)',
    'Attribute 2 name',
    'Attribute 2 value(s)',
  ];
  const file = csv([
    header,
    [
      '10',
      'variable',
      'TEE',
      'Cotton Tee',
      '1',
      '<p>Soft</p>',
      '',
      '',
      '',
      '',
      'Clothing > Tshirts',
      'summer',
      'https://example.com/tee.jpg, https://example.com/tee-2.jpg',
      '',
      'Allen Solly',
      'Color',
      'Red, Blue',
      'Size',
      'M, L',
    ],
    [
      '11',
      'variation',
      'TEE-RED-M',
      'Cotton Tee - Red, M',
      '1',
      '',
      '3',
      '0.2',
      '449',
      '599',
      '',
      '',
      'https://example.com/tee-red.jpg',
      'id:10',
      '',
      'Color',
      'Red',
      'Size',
      'M',
    ],
    [
      '12',
      'variation',
      'TEE-BLUE-L',
      'Cotton Tee - Blue, L',
      '1',
      '',
      '',
      '0.21',
      '',
      '599',
      '',
      '',
      '',
      'TEE',
      '',
      'Size',
      'L',
      'Color',
      'Blue',
    ],
    [
      '13',
      'variation',
      'TEE-ANY',
      'Cotton Tee - Any',
      '1',
      '',
      '',
      '',
      '',
      '599',
      '',
      '',
      '',
      'id:10',
      '',
      'Color',
      'Red',
      'Size',
      '',
    ],
    ['14', 'variation', 'X-1', 'Lost', '1', '', '', '', '', '99', '', '', '', 'id:99', '', '', '', '', ''],
    [
      '20',
      'simple',
      'MUG',
      'Steel Mug',
      '0',
      'A mug',
      '7',
      '0.35',
      '',
      '299',
      'Kitchen',
      '',
      '',
      '',
      'Milton',
      'Material',
      'Steel',
      '',
      '',
    ],
    ['30', 'grouped', 'SET', 'Gift Set', '1', '', '', '', '', '', '', '', '', '', '', '', '', '', ''],
  ]);
  const table = readCsvTable(file);
  const { products, rejections } = readWooCommerceCsv(table);

  it('is recognised by its header', () => {
    expect(detectCsvFormat(table.header)).toBe('woocommerce');
  });

  it('reads a variable product with its variations, matched to the parent by id or SKU', () => {
    const tee = products.find((p) => p.slug === 'cotton-tee')!;
    expect(tee).toMatchObject({
      title: 'Cotton Tee',
      brand: 'Allen Solly',
      categories: ['Tshirts'],
      tags: ['summer'],
      published: true,
      options: [
        { name: 'Color', values: ['Red', 'Blue'] },
        { name: 'Size', values: ['M', 'L'] },
      ],
    });
    expect(
      tee.variants.map((v) => [v.sku, v.optionValues, v.pricePaise, v.mrpPaise, v.quantity, v.weightGrams]),
    ).toEqual([
      ['TEE-RED-M', ['Red', 'M'], 44_900, 59_900, 3, 200],
      ['TEE-BLUE-L', ['Blue', 'L'], 59_900, null, null, 210],
    ]);
  });

  it('reads a simple product as one variant without options', () => {
    const mug = products.find((p) => p.slug === 'steel-mug')!;
    expect(mug.published).toBe(false);
    expect(mug.options).toEqual([]);
    expect(mug.variants).toMatchObject([{ sku: 'MUG', pricePaise: 29_900, quantity: 7, weightGrams: 350 }]);
  });

  it('explains what it cannot import', () => {
    expect(rejections).toEqual([
      {
        row: 5,
        field: 'options',
        message: 'Choose a Size for this variation: "any" cannot be sold as a variant here',
      },
      { row: 6, field: 'Parent', message: 'The variation\'s product "id:99" is not in the file' },
      { row: 8, field: 'Type', message: '"grouped" products (grouped, external) cannot be imported' },
    ]);
  });
});

describe('reading a CSV file', () => {
  it('refuses an empty file and one with a header only, with a message', () => {
    expect(() => readCsvTable('')).toThrow('The file is empty');
    expect(() => readCsvTable('Handle,Title\n')).toThrow('The file has a header but no products.');
  });

  it("recognises the shop's own export, and nothing else", () => {
    expect(detectCsvFormat(['slug', 'title', 'price'])).toBe('shop');
    expect(detectCsvFormat(['name', 'cost'])).toBeUndefined();
  });
});
