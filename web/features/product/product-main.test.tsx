import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { ApiProductPage } from '../../../shared/api/catalog.schemas';
import { ProductMain } from './product-main';

function variant(sku: string, size: string, price: number, quantity: number) {
  return {
    _id: `id-${sku}`,
    sku,
    barcode: null,
    price,
    mrp: 999,
    quantity,
    options: { Colour: 'Navy', Size: size },
    colorId: 'c-navy',
    weight: 200,
    images: [],
  };
}

const base: ApiProductPage = {
  _id: 'p1',
  slug: 'crew-tee',
  title: 'Crew Tee',
  description: '<p>Soft.</p>',
  price: 699,
  priceMax: 899,
  mrp: 999,
  brand: 'Acme',
  category: 'T-Shirts',
  tags: '',
  tagList: [],
  quantity: 5,
  sold: 0,
  images: [{ url: '/media/tee.webp', width: 800, height: 800 }],
  color: [{ _id: 'c-navy', title: '#000080', name: 'Navy' }],
  totalrating: 0,
  ratingCount: 0,
  ratings: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  options: [
    { name: 'Colour', kind: 'color', values: ['Navy'] },
    { name: 'Size', kind: 'text', values: ['S', 'M', 'L'] },
  ],
  variants: [
    variant('TEE-NVY-S', 'S', 699, 3),
    variant('TEE-NVY-M', 'M', 699, 0),
    variant('TEE-NVY-L', 'L', 899, 2),
  ],
  sizeChart: {
    columns: ['Size', 'Chest (cm)'],
    rows: [
      ['S', '96'],
      ['M', '102'],
      ['L', '108'],
    ],
  },
};

/** The server's render of the product's top at this query, as text with the tags taken out. */
function render(product: ApiProductPage, search = '') {
  const html = renderToString(
    <Router ssrPath={`/product/${product.slug}`} ssrSearch={search}>
      <ProductMain
        product={product}
        heading={<h1 id="product-title">{product.title}</h1>}
        facts={null}
        after={null}
      />
    </Router>,
  );
  return { html, text: html.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&') };
}

describe('the product page with options, as the server draws it', () => {
  it('opens on the variant the link names: its price, its stock, and M announced as sold out', () => {
    const { html, text } = render(base, '?variant=tee-nvy-m');
    expect(text).toContain('Size: M');
    expect(html).toMatch(/checked="" value="M"/);
    expect(text).toContain('M, sold out');
    expect(text).toContain('Sold out in M');
    expect(text).toContain('₹699.00');
    expect(html).toMatch(
      /<button type="button" class="[^"]*add-to-cart-button" disabled="">Sold out<\/button>/,
    );
    expect(text).not.toContain('S, sold out');
  });

  it('says how few are left of a low variant', () => {
    const { text } = render(base, '?variant=TEE-NVY-L');
    expect(text).toContain('Only 2 left in L');
    expect(text).toContain('₹899.00');
    expect(text).toContain('10% off');
  });

  it('without a choice: the one colour chosen, the price range, the size chart button, and Add to cart', () => {
    const { html, text } = render(base);
    expect(text).toContain('Colour: Navy');
    expect(html).toMatch(/checked="" value="Navy"/);
    expect(html).not.toMatch(/checked="" value="[SML]"/);
    expect(text).toContain('₹699 – ₹899');
    expect(text).toContain('Size chart');
    expect(text).toContain('Add to cart');
    expect(html).toContain('<legend>Size</legend>');
  });

  it('a product without options looks as it did before variants', () => {
    const plain: ApiProductPage = {
      ...base,
      price: 499,
      priceMax: 499,
      quantity: 12,
      options: [],
      variants: [{ ...variant('PLAIN', '', 499, 12), options: {}, colorId: null }],
      sizeChart: null,
    };
    const { html, text } = render(plain, '?variant=PLAIN');
    expect(html).not.toContain('option-picker');
    expect(text).toContain('In stock');
    expect(text).toContain('₹499.00');
    expect(text).toContain('Colour');
    expect(text).not.toContain('Size chart');
  });
});
