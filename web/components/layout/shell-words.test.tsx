import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { Locale } from '../../i18n/i18n';
import { renderInLocale } from '../../i18n/render-in-locale';
import { PasswordField } from '../forms/form-field';
import { LoadError } from '../ui/load-error';
import { LoadingState } from '../ui/loading-state';
import { CategoriesMenu } from './categories-menu';
import { SearchForm } from './search-form';
import { SiteFooter } from './site-footer';

/** The shell's pieces on a page of `locale`, with only `common` (and `errors`) loaded, as every page has. */
const shell = (locale: Locale) =>
  renderInLocale(
    <Router base={locale === 'hi' ? '/hi' : ''} ssrPath={locale === 'hi' ? '/hi/nowhere' : '/nowhere'}>
      <SearchForm />
      <CategoriesMenu />
      <LoadError
        message="We couldn't reach the shop. Check your connection and try again."
        onRetry={() => {}}
      />
      <LoadingState />
      <PasswordField label="Password" name="password" />
      <SiteFooter />
    </Router>,
    locale,
  );

afterEach(() => vi.restoreAllMocks());

describe("the shell's words", () => {
  it('are the same English words as before', async () => {
    const html = await shell('en');
    expect(html).toContain('placeholder="Search products and brands"');
    expect(html).toContain('action="/product"');
    expect(html).toContain('<span>Shop Categories</span>');
    expect(html).toContain('>Retry</button>');
    expect(html).toContain('aria-label="Show password"');
    expect(html).toMatch(/© \d{4} Bharat Bazaar Retail Pvt\. Ltd\. All rights reserved\./);
    expect(html).toContain('>Computers &amp; Laptop</a>');
  });

  it('are all in Hindi on a Hindi page, from common alone', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = await shell('hi');
    expect(html).toContain('placeholder="प्रोडक्ट और ब्रांड खोजें"');
    // Searching before the JavaScript arrives stays in Hindi.
    expect(html).toContain('action="/hi/product"');
    expect(html).toContain('<span>सभी कैटेगरी</span>');
    expect(html).toContain('>कंप्यूटर और लैपटॉप</a>');
    expect(html).toContain('हम दुकान तक नहीं पहुँच सके।');
    expect(html).toContain('लोड हो रहा है…');
    expect(html).toContain('aria-label="password दिखाएँ"');
    expect(html).toContain('सर्वाधिकार सुरक्षित');
    expect(html).toContain('<span lang="en">Bharat Bazaar Retail Pvt. Ltd.</span>');
    expect(html).toContain('हमसे ख़रीदारी क्यों करें');
    expect(errors).not.toHaveBeenCalled();
  });
});
