import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { ApiProductPage } from '../../../shared/api/catalog.schemas';
import type { Locale } from '../../../shared/locales';
import { renderInLocale } from '../../i18n/render-in-locale';
import { ProductMain } from './product-main';
import { localizedChart } from './size-chart';
import { SizeChartDialog } from './size-chart-dialog';

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
async function render(product: ApiProductPage, search = '', locale: Locale = 'en') {
  const html = await renderInLocale(
    <Router ssrPath={`/product/${product.slug}`} ssrSearch={search}>
      <ProductMain
        product={product}
        title={product.title}
        heading={<h1 id="product-title">{product.title}</h1>}
        facts={null}
        after={null}
      />
    </Router>,
    locale,
    ['catalog', 'product', 'buy'],
  );
  return { html, text: html.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&') };
}

describe('the product page with options, as the server draws it', () => {
  it('opens on the variant the link names: its price, its stock, and M announced as sold out', async () => {
    const { html, text } = await render(base, '?variant=tee-nvy-m');
    expect(text).toContain('Size: M');
    expect(html).toMatch(/checked="" value="M"/);
    expect(text).toContain('M, sold out');
    expect(text).toContain('Sold out in M');
    expect(text).toContain('₹699.00');
    // Where the cart button stands: the way to be told when M is back.
    expect(html).toMatch(
      /<button type="button" class="[^"]*notify-me-button">Notify me when it&#x27;s back<\/button>/,
    );
    expect(html).not.toContain('Add to cart');
    expect(text).not.toContain('S, sold out');
  });

  it('says how few are left of a low variant', async () => {
    const { text } = await render(base, '?variant=TEE-NVY-L');
    expect(text).toContain('Only 2 left in L');
    expect(text).toContain('₹899.00');
    expect(text).toContain('10% off');
  });

  it('without a choice: the one colour chosen, the price range, the size chart button, and Add to cart', async () => {
    const { html, text } = await render(base);
    expect(text).toContain('Colour: Navy');
    expect(html).toMatch(/checked="" value="Navy"/);
    expect(html).not.toMatch(/checked="" value="[SML]"/);
    expect(text).toContain('₹699 – ₹899');
    expect(text).toContain('Size chart');
    // The chart's dialog comes when asked for, not with the page.
    expect(html).not.toContain('size-chart-dialog');
    expect(text).toContain('Add to cart');
    expect(html).toContain('<legend>Size</legend>');
  });

  it('a product without options looks as it did before variants', async () => {
    const plain: ApiProductPage = {
      ...base,
      price: 499,
      priceMax: 499,
      quantity: 12,
      options: [],
      variants: [{ ...variant('PLAIN', '', 499, 12), options: {}, colorId: null }],
      sizeChart: null,
    };
    const { html, text } = await render(plain, '?variant=PLAIN');
    expect(html).not.toContain('option-picker');
    expect(text).toContain('In stock');
    expect(text).toContain('₹499.00');
    expect(text).toContain('Colour');
    expect(text).not.toContain('Size chart');
  });
});

describe('the product page in Hindi', () => {
  it('says the stock, the choice and the discount in Hindi, marking values sold out', async () => {
    const { text } = await render(base, '?variant=tee-nvy-m', 'hi');
    expect(text).toContain('M में बिक चुका है');
    expect(text).toContain('M, बिक चुका है');
    expect(text).toContain('उपलब्धता');
    expect(text).toContain('साइज़ चार्ट');
    const low = await render(base, '?variant=TEE-NVY-L', 'hi');
    expect(low.text).toContain('L में सिर्फ़ 2 बचे हैं');
    expect(low.text).toContain('10% की छूट');
  });

  it('shows the category’s Hindi size chart where it has one, else the English marked as such', async () => {
    const hindiChart = {
      columns: ['साइज़', 'छाती (सेमी)'],
      rows: [
        ['S', '96'],
        ['M', '102'],
        ['L', '108'],
      ],
    };
    const chartIn = async (product: ApiProductPage) => {
      const shown = localizedChart(product, 'hi');
      if (!shown) throw new Error('no size chart');
      return renderInLocale(<SizeChartDialog {...shown} onClose={() => {}} />, 'hi', ['product']);
    };
    const html = await chartIn({ ...base, sizeChartTranslations: { hi: hindiChart } });
    expect(html).toContain('<h2 id=');
    expect(html).toContain('साइज़ चार्ट');
    expect(html).toContain('<th scope="col">छाती (सेमी)</th>');
    expect(html).not.toContain('Chest (cm)');
    const english = await chartIn(base);
    expect(english).toMatch(/<table class="size-chart-table" lang="en">/);
    expect(english).toContain('Chest (cm)');
    // A translation that does not fit the English chart cell for cell is not shown.
    const broken = { ...base, sizeChartTranslations: { hi: { ...hindiChart, rows: [['S', '96']] } } };
    expect(await chartIn(broken)).toContain('Chest (cm)');
  });
});
