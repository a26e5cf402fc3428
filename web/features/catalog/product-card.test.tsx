import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { ApiProduct } from '../../../shared/api-types';
import { renderInLocale } from '../../i18n/render-in-locale';
import { ProductCard } from './product-card';

function product(overrides: Partial<ApiProduct> & Record<string, unknown> = {}): ApiProduct {
  return {
    _id: 'p1',
    slug: 'kettle',
    title: 'Electric kettle',
    description: 'Boils a litre in three minutes.',
    price: 699,
    priceMax: 699,
    mrp: 999,
    brand: 'Acme',
    category: 'Home Appliances',
    tags: 'popular',
    tagList: ['popular'],
    quantity: 3,
    sold: 10,
    images: [{ url: '/media/kettle.webp', width: 800, height: 800 }],
    color: [],
    totalrating: 4.25,
    ratingCount: 1,
    ratings: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  } as ApiProduct;
}

const card = (item: ApiProduct, locale: 'en' | 'hi', showDescription = false) =>
  renderInLocale(
    <Router base={locale === 'hi' ? '/hi' : ''} ssrPath={locale === 'hi' ? '/hi/' : '/'}>
      <ProductCard product={item} showDescription={showDescription} />
    </Router>,
    locale,
    ['catalog'],
  );

afterEach(() => vi.restoreAllMocks());

describe('product card', () => {
  it('says stock, discount and rating in English as before', async () => {
    const html = await card(product(), 'en');
    expect(html).toContain('30% off');
    expect(html).toContain('Only 3 left');
    expect(html).toContain('aria-label="Rated 4.3 out of 5 from 1 review"');
    expect(html).toContain('aria-label="Add Electric kettle to wishlist"');
    expect(html).toMatch(/<span class="visually-hidden">List price(<!-- -->)? <\/span>₹999.00/);
    expect(html).not.toContain('lang=');
  });

  it('reads in Hindi, with the merchant names where written and English marked where not', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const translated = product({
      quantity: 0,
      translations: { hi: { title: 'इलेक्ट्रिक केतली', description: '<p>तीन मिनट में एक लीटर</p>' } },
    });
    const html = await card(translated, 'hi', true);
    expect(html).toContain('30% छूट');
    expect(html).toContain('स्टॉक में नहीं');
    expect(html).toContain('aria-label="5 में से 4.3 रेटिंग, 1 रिव्यू के आधार पर"');
    expect(html).toContain('aria-label="इलेक्ट्रिक केतली को विशलिस्ट में जोड़ें"');
    expect(html).toContain('href="/hi/product/kettle"');
    expect(html).toMatch(/class="product-card-link"[^>]*>इलेक्ट्रिक केतली</);
    expect(html).toContain('<p class="product-card-description">तीन मिनट में एक लीटर</p>');
    // No Hindi brand name: the English one, said to be English.
    expect(html).toContain('<p class="product-card-brand" lang="en">Acme</p>');
    expect(errors).not.toHaveBeenCalled();
  });
});
