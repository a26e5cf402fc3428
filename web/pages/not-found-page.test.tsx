import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { Locale } from '../i18n/i18n';
import { renderInLocale } from '../i18n/render-in-locale';
import NotFoundPage from './not-found-page';

/** The 404 page has no route: its words must all be in `common`, which every page loads. */
const notFound = (locale: Locale) =>
  renderInLocale(
    <Router base={locale === 'hi' ? '/hi' : ''} ssrPath={locale === 'hi' ? '/hi/nowhere' : '/nowhere'}>
      <NotFoundPage />
    </Router>,
    locale,
  );

afterEach(() => vi.restoreAllMocks());

describe('not-found page', () => {
  it('reads as before in English and in Hindi from common alone', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await notFound('en')).toContain('<h1>Page not found</h1>');
    const html = await notFound('hi');
    expect(html).toContain('<h1>पेज नहीं मिला</h1>');
    expect(html).toContain('त्रुटि 404');
    expect(html).toContain('<a href="/hi/product?category=Laptops" class="chip">कंप्यूटर और लैपटॉप</a>');
    expect(errors).not.toHaveBeenCalled();
  });
});
