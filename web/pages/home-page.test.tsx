import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiProduct } from '../../shared/api-types';
import { renderRouteInLocale } from '../app/render-route-in-locale';
import type { HomeData } from '../features/home/home-data';
import HomePage from './home-page';

const product = {
  _id: 'p1',
  slug: 'kettle',
  title: 'Electric kettle',
  description: 'Boils fast.',
  price: 699,
  priceMax: 699,
  mrp: 999,
  brand: 'Acme',
  category: 'Home Appliances',
  tags: 'special',
  tagList: ['special'],
  quantity: 7,
  sold: 3,
  images: [],
  color: [],
  totalrating: 4,
  ratingCount: 2,
  ratings: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  translations: { hi: { title: 'इलेक्ट्रिक केतली' } },
} as ApiProduct;

const data: HomeData = {
  featured: { ok: true, data: [product] },
  special: { ok: true, data: [product] },
  popular: { ok: false, message: "We couldn't reach the shop. Check your connection and try again." },
  blogs: {
    ok: true,
    data: [
      {
        _id: 'b1',
        slug: 'choosing-a-tv',
        title: 'Choosing a TV',
        images: [],
        createdAt: '2024-01-01T07:30:00.000Z',
        date: { en: 'January 1st 2024, 1:00 pm', hi: '1 जनवरी 2024, 1:00 pm' },
        excerpt: 'Screens, sizes and...',
        translations: { hi: { title: 'टीवी कैसे चुनें' } },
      },
    ],
  },
};

afterEach(() => vi.restoreAllMocks());

describe('home page', () => {
  it('keeps its English words', async () => {
    const html = await renderRouteInLocale('/', HomePage, data, 'en');
    expect(html).toContain('Bharat Bazaar: online shopping for electronics, appliances and fashion');
    expect(html).toContain('Products: <strong>7 left</strong>');
    expect(html).toContain('Read more<span class="visually-hidden">: Choosing a TV</span>');
    expect(html).toContain('aria-label="Buy now: Headphones that hear you"');
  });

  it('reads wholly in Hindi from the areas its route names', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = await renderRouteInLocale('/', HomePage, data, 'hi');
    expect(html).toContain('फ़ीचर्ड कलेक्शन');
    expect(html).toContain('हेडफ़ोन जो आपकी सुनें');
    expect(html).toContain('aria-label="अभी ख़रीदें: हेडफ़ोन जो आपकी सुनें"');
    expect(html).toContain('प्रोडक्ट: <strong>7 बचे हैं</strong>');
    expect(html).toContain('इलेक्ट्रिक केतली');
    // The API's English message, in Hindi where the errors catalogue has it.
    expect(html).toContain('हम दुकान तक नहीं पहुँच सके।');
    expect(html).toContain('1 जनवरी 2024, 1:00 pm');
    expect(html).toContain('टीवी कैसे चुनें');
    // The excerpt has no Hindi: English, marked.
    expect(html).toContain('<p class="blog-teaser-excerpt" lang="en">Screens, sizes and...</p>');
    expect(html).toContain('href="/hi/product?tags=featured"');
    expect(errors).not.toHaveBeenCalled();
  });
});
