import { describe, expect, it } from 'vitest';
import { catalogueProblems, i18nProblems, scanFile } from './i18n-check';

describe('the storefront words check', () => {
  it('finds nothing wrong in the shop as it is', () => {
    expect(i18nProblems()).toEqual([]);
  });

  it('reports a key missing from a language, one only there, and variables that differ', () => {
    const problems = catalogueProblems({
      en: {
        cart: {
          'cart.empty': 'Your cart is empty',
          'cart.count': '{count, plural, one {# item} other {# items}}',
        },
      },
      hi: { cart: { 'cart.count': '{n} सामान', 'cart.extra': 'अतिरिक्त' } },
    });
    expect(problems).toContain('hi/cart: "cart.empty" is missing');
    expect(problems).toContain('hi/cart: "cart.extra" is not in English');
    expect(problems).toContain('hi/cart: "cart.count" uses {n}, English {count}');
  });

  it('reports a message that is not ICU and a key outside its area', () => {
    const problems = catalogueProblems({
      en: { cart: { 'cart.broken': 'Total {amount', 'checkout.title': 'Checkout' } },
      hi: { cart: { 'cart.broken': 'कुल {amount', 'checkout.title': 'चेकआउट' } },
    });
    expect(problems.some((problem) => problem.startsWith('en/cart: "cart.broken" is not ICU'))).toBe(true);
    expect(problems).toContain('en/cart: "checkout.title" must start with "cart."');
  });

  it('finds the words a component writes itself, and the keys it asks for', () => {
    const { keys, literals } = scanFile({
      path: 'web/x.tsx',
      source: `export const X = ({ t }) => (
        <section aria-label="Your basket" title={t('cart.title')}>
          <h1>{t('cart.heading')}</h1> Nothing here · ₹
          <input placeholder="Search" alt={label} />
          <Trans id="cart.help" />
          {toast('Saved')}
          <span>Bharat Bazaar</span>
        </section>
      );
      const meta = { title: 'Cart', kind: 'list' };`,
    });
    expect(keys).toEqual(['cart.title', 'cart.heading', 'cart.help']);
    expect(literals).toEqual([
      'aria-label="Your basket"',
      'Nothing here · ₹',
      'placeholder="Search"',
      "toast('Saved')",
      "title: 'Cart'",
    ]);
  });
});
