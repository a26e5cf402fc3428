import { describe, expect, it } from 'vitest';
import type { ApiCartLine } from '../../../shared/api/cart.schemas';
import type { ApiProductPage } from '../../../shared/api/catalog.schemas';
import { type Endpoint, urlOf } from '../../../shared/api/endpoint';
import { translator } from '../../i18n/i18n';
import { type ApiClient, ApiError } from '../../lib/api-client';
import { cartTotal, isInCart } from '../cart/cart-store';
import { loadProduct } from './product-data';
import { productMeta } from './product-meta';
import { stockText } from './variant-choice';

/** The address a call asks for, less the /api prefix. */
const apiPath = (endpoint: Endpoint, input: { params?: unknown; query?: unknown } = {}) =>
  urlOf(endpoint, input).replace(/^\/api/, '');

function product(id: string, overrides: Partial<ApiProductPage> = {}): ApiProductPage {
  return {
    _id: id,
    slug: `slug-${id}`,
    title: `Product ${id}`,
    description: '<p>A <b>fine</b> product.</p>',
    price: 699,
    priceMax: 699,
    mrp: 999,
    brand: 'Acme',
    category: 'Fashion',
    tags: 'popular',
    tagList: ['popular'],
    quantity: 12,
    sold: 3,
    images: [{ url: `/media/${id}.webp`, width: 800, height: 800 }],
    color: [{ _id: 'c1', title: '#000', name: 'Black' }],
    totalrating: 4.5,
    ratingCount: 2,
    ratings: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    options: [],
    variants: [
      {
        _id: `v${id}`,
        sku: `SKU-${id}`,
        barcode: null,
        price: 699,
        mrp: 999,
        quantity: 12,
        options: {},
        colorId: null,
        weight: null,
        images: [],
      },
    ],
    sizeChart: null,
    ...overrides,
  };
}

function fakeApi(answer: (path: string) => unknown): ApiClient & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async call(endpoint, input) {
      const path = apiPath(endpoint, input);
      asked.push(path);
      const value = answer(path);
      if (value instanceof Error) throw value;
      return value as never;
    },
  };
}

const ctx = {
  publicUrl: 'https://shop.example',
  params: {},
  searchParams: new URLSearchParams(),
  locale: 'en' as const,
  t: await translator('en', ['catalog', 'product']),
  pathname: '/',
};
const hindi = { ...ctx, locale: 'hi' as const, t: await translator('hi', ['catalog', 'product']) };

describe('product load', () => {
  it('loads the product and up to 8 popular others, never itself', async () => {
    const popular = Array.from({ length: 9 }, (_, i) => product(String(i)));
    const api = fakeApi((path) => (path.startsWith('/product/') ? product('3') : popular));
    const data = await loadProduct({ api, params: { id: 'slug-3' }, searchParams: new URLSearchParams() });
    expect(api.asked[0]).toBe('/product/slug-3');
    expect(data.product._id).toBe('3');
    expect(data.related.map((p) => p._id)).toEqual(['0', '1', '2', '4', '5', '6', '7', '8']);
  });

  it('lets a 404 through (the not-found page) and survives a failed popular list', async () => {
    const missing = fakeApi(() => new ApiError(404, 'Not found'));
    await expect(
      loadProduct({ api: missing, params: { id: 'x' }, searchParams: new URLSearchParams() }),
    ).rejects.toMatchObject({ status: 404 });
    const noPopular = fakeApi((path) =>
      path.startsWith('/product/') ? product('1') : new ApiError(500, 'x'),
    );
    const data = await loadProduct({
      api: noPopular,
      params: { id: '1' },
      searchParams: new URLSearchParams(),
    });
    expect(data.related).toEqual([]);
  });
});

describe('product meta', () => {
  it('has the canonical slug path and a Product with an INR offer and the real rating', () => {
    const meta = productMeta({ product: product('1'), related: [] }, ctx);
    expect(meta).toMatchObject({
      title: 'Product 1',
      description: 'A fine product.',
      canonical: '/product/slug-1',
    });
    expect(meta.jsonLd).toMatchObject({
      '@type': 'Product',
      image: ['https://shop.example/media/1.webp'],
      offers: { priceCurrency: 'INR', price: '699.00', availability: 'https://schema.org/InStock' },
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
    });
  });

  it('on a Hindi page: the Hindi title and description where written, the Hindi address, else the English', () => {
    const translated = {
      ...product('1'),
      translations: { hi: { title: 'बढ़िया प्रोडक्ट', description: '<p>एक <b>बढ़िया</b> प्रोडक्ट।</p>' } },
    };
    const meta = productMeta({ product: translated, related: [] }, hindi);
    expect(meta).toMatchObject({ title: 'बढ़िया प्रोडक्ट', description: 'एक बढ़िया प्रोडक्ट।' });
    expect(meta.jsonLd).toMatchObject({
      name: 'बढ़िया प्रोडक्ट',
      url: 'https://shop.example/hi/product/slug-1',
    });
    const english = productMeta({ product: product('1', { description: '' }), related: [] }, hindi);
    expect(english.title).toBe('Product 1');
    // No description at all: the page's own words about it, in Hindi.
    expect(english.description).toBe('Bharat Bazaar पर Acme का Product 1।');
  });

  it('leaves out the rating when there is none and says when it is sold out', () => {
    const meta = productMeta({ product: product('1', { ratingCount: 0, quantity: 0 }), related: [] }, ctx);
    expect(meta.jsonLd).not.toHaveProperty('aggregateRating');
    expect(meta.jsonLd).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
  });
});

describe('product meta with options', () => {
  const variant = (sku: string, colour: string, size: string, price: number, quantity: number) => ({
    _id: sku,
    sku,
    barcode: null,
    price,
    mrp: 999,
    quantity,
    options: { Colour: colour, Size: size },
    colorId: 'c1',
    weight: 200,
    images: [],
  });
  const tee = product('7', {
    price: 699,
    priceMax: 899,
    options: [
      { name: 'Colour', kind: 'color', values: ['Navy'] },
      { name: 'Size', kind: 'text', values: ['M', 'L'] },
    ],
    variants: [variant('TEE-NVY-M', 'Navy', 'M', 699, 0), variant('TEE-NVY-L', 'Navy', 'L', 899, 2)],
  });

  it('is a ProductGroup varying by colour and size, a Product with its own offer per variant', () => {
    const meta = productMeta({ product: tee, related: [] }, ctx);
    expect(meta.jsonLd).toMatchObject({
      '@type': 'ProductGroup',
      name: 'Product 7',
      productGroupID: '7',
      variesBy: ['https://schema.org/color', 'https://schema.org/size'],
      aggregateRating: { reviewCount: 2 },
      hasVariant: [
        {
          '@type': 'Product',
          sku: 'TEE-NVY-M',
          name: 'Product 7 (Navy / M)',
          color: 'Navy',
          size: 'M',
          url: 'https://shop.example/product/slug-7?variant=TEE-NVY-M',
          offers: { price: '699.00', priceCurrency: 'INR', availability: 'https://schema.org/OutOfStock' },
        },
        {
          sku: 'TEE-NVY-L',
          offers: { price: '899.00', priceCurrency: 'INR', availability: 'https://schema.org/InStock' },
        },
      ],
    });
    expect(meta.jsonLd).not.toHaveProperty('offers');
    expect(meta.canonical).toBe('/product/slug-7');
  });

  it('names options schema.org does not know by their own name', () => {
    const phone = product('8', {
      options: [{ name: 'Storage', kind: 'text', values: ['128 GB', '256 GB'] }],
      variants: [{ ...variant('PH-128', '', '', 19999, 3), options: { Storage: '128 GB' } }],
    });
    expect(productMeta({ product: phone, related: [] }, ctx).jsonLd).toMatchObject({
      variesBy: ['Storage'],
      hasVariant: [{ name: 'Product 8 (128 GB)', sku: 'PH-128' }],
    });
  });
});

describe('stock and cart figures', () => {
  it('says how much is left only when little is', () => {
    const t = ctx.t;
    expect(stockText(t, 0).text).toBe('Out of stock');
    expect(stockText(t, -1).text).toBe('Out of stock');
    expect(stockText(t, 5).text).toBe('Only 5 left');
    expect(stockText(t, 6).text).toBe('In stock');
    expect(stockText(t, 2, 'M')).toEqual({ text: 'Only 2 left in M', tone: 'low' });
    expect(stockText(t, 0, 'Navy / M')).toEqual({ text: 'Sold out in Navy / M', tone: 'out' });
  });

  it('says it in Hindi on Hindi pages, one and many alike', () => {
    const t = hindi.t;
    expect(stockText(t, 0).text).toBe('स्टॉक में नहीं है');
    expect(stockText(t, 1).text).toBe('सिर्फ़ 1 बचा है');
    expect(stockText(t, 2, 'M').text).toBe('M में सिर्फ़ 2 बचे हैं');
    expect(stockText(t, 6).text).toBe('स्टॉक में है');
  });

  it('totals quantity times price and finds a product among the lines', () => {
    const line = (id: string, price: number, quantity: number) =>
      ({ _id: `l${id}`, productId: product(id), price, quantity }) as unknown as ApiCartLine;
    const lines = [line('1', 699.5, 2), line('2', 0.1, 3)];
    expect(cartTotal(lines)).toBe(1399.3);
    expect(isInCart(lines, '2')).toBe(true);
    expect(isInCart(lines, '9')).toBe(false);
    expect(isInCart(null, '1')).toBe(false);
    const sized = [{ ...line('1', 699, 1), variantId: 'v-m' }] as ApiCartLine[];
    expect(isInCart(sized, '1', 'v-m')).toBe(true);
    expect(isInCart(sized, '1', 'v-l')).toBe(false);
  });
});
