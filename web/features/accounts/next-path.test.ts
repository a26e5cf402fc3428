import { describe, expect, it } from 'vitest';
import { loginHref, safeNextPath } from './next-path';

/** Where a browser on https://shop.example.in ends up when handed `path` (location.assign). */
function landsOn(path: string): string {
  return new URL(path, 'https://shop.example.in/login?next=x').origin;
}

describe('safeNextPath', () => {
  it('keeps a path on this site with its query', () => {
    expect(safeNextPath('/my-orders')).toBe('/my-orders');
    expect(safeNextPath('/product?brand=Sony&sort=-price')).toBe('/product?brand=Sony&sort=-price');
    expect(safeNextPath('/blog/diwali-offers#comments')).toBe('/blog/diwali-offers#comments');
  });

  it('gives the resolved spelling of a path that stays on the site', () => {
    expect(safeNextPath('/product/../my-orders')).toBe('/my-orders');
    expect(safeNextPath('/./cart')).toBe('/cart');
    expect(safeNextPath('/%2e%2e/cart')).toBe('/cart');
    expect(safeNextPath('/product/red shirt')).toBe('/product/red%20shirt');
  });

  it.each([
    // Not a path at all.
    null,
    undefined,
    '',
    'my-orders',
    ' /my-orders',
    '?next=/cart',
    '#top',
    // Other sites, schemes and protocol-relative URLs.
    'https://evil.example/',
    'https:evil.example',
    'https:/evil.example',
    'http://shop.invalid/cart',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/x',
    '///evil.example',
    '////evil.example',
    // Backslashes, which browsers read as slashes.
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '/x\\..\\..\\/evil.example',
    // Tabs, new lines and other control characters, which URL parsers drop.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/\u0000/evil.example',
    '/\u007f/evil.example',
    // Dot segments that resolve to `//host`.
    '/..//evil.example/phish',
    '/.//evil.example',
    '/./../..//evil.example',
    '/a/../..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E%2E//evil.example',
    '/%2e//evil.example',
    '/.%2e//evil.example',
    '/%2e./%2e%2e//evil.example',
    // The pages that sent the shopper here.
    '/login',
    '/LOGIN?x=1',
    '/signup?next=/cart',
    '/./login',
    '/cart/../login',
  ])('sends %j home', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });

  it.each([
    '/%2f%2fevil.example',
    '/%2F/evil.example',
    '/%5c%5cevil.example',
    '/%5C/evil.example',
    '/%252f%252fevil.example',
    '/%252e%252e//evil.example',
    '/..%2f/evil.example',
    '/%2e%2e%2f%2fevil.example',
    '/\u2215\u2215evil.example',
    '/\uff0f\uff0fevil.example',
    '/\u29f5evil.example',
    '/%E2%88%95%E2%88%95evil.example',
    '/@evil.example',
    '/evil.example',
  ])('keeps %j on this site, with no way to leave it', (next) => {
    const path = safeNextPath(next);
    expect(path.startsWith('/')).toBe(true);
    expect(path.startsWith('//')).toBe(false);
    expect(landsOn(path)).toBe('https://shop.example.in');
    // Safe to hand over again: a second pass changes nothing.
    expect(safeNextPath(path)).toBe(path);
  });

  it('never returns a path that leaves the site, whatever it is given', () => {
    const pieces = ['/', '\\', '.', '..', '%2e', '%2f', '%5c', '\t', 'evil.example', ':', '@', '?', '#', '%'];
    const given: string[] = [];
    for (const a of pieces)
      for (const b of pieces) for (const c of pieces) for (const d of pieces) given.push(`/${a}${b}${c}${d}`);
    for (const next of given) {
      const path = safeNextPath(next);
      expect(path.startsWith('//') || path.startsWith('/\\'), `${next} -> ${path}`).toBe(false);
      expect(landsOn(path), `${next} -> ${path}`).toBe('https://shop.example.in');
    }
  });

  it('builds the login address', () => {
    expect(loginHref('/my-orders')).toBe('/login?next=%2Fmy-orders');
    expect(loginHref('/')).toBe('/login');
    expect(loginHref('/..//evil.example')).toBe('/login');
  });
});
