import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiWishlist } from '../../shared/api/wishlist.schemas';
import { renderRouteInLocale } from '../app/render-route-in-locale';
import WishlistPage from './wishlist-page';

const wishlist = (count: number) =>
  ({
    wishlist: Array.from({ length: count }, (_, index) => ({
      _id: `p${index}`,
      slug: `p${index}`,
      title: `Kettle ${index}`,
      price: 699,
      images: [],
      translations: index === 0 ? { hi: { title: 'केतली' } } : {},
    })),
  }) as unknown as ApiWishlist;

afterEach(() => vi.restoreAllMocks());

describe('wishlist page', () => {
  it('counts in English as before', async () => {
    expect(await renderRouteInLocale('/wishlist', WishlistPage, wishlist(2))).toContain(
      '2 items saved for later',
    );
    expect(await renderRouteInLocale('/wishlist', WishlistPage, wishlist(0))).toContain('No Items');
  });

  it('reads in Hindi', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = await renderRouteInLocale('/wishlist', WishlistPage, wishlist(2), 'hi');
    expect(html).toContain('मेरी विशलिस्ट');
    expect(html).toContain('2 प्रोडक्ट बाद के लिए सहेजे गए');
    expect(html).toContain('aria-label="केतली को विशलिस्ट से हटाएँ"');
    expect(html).toContain('<a lang="en" href="/hi/product/p1">Kettle 1</a>');
    expect(await renderRouteInLocale('/wishlist', WishlistPage, wishlist(0), 'hi')).toContain(
      'कोई प्रोडक्ट नहीं',
    );
    expect(errors).not.toHaveBeenCalled();
  });
});
