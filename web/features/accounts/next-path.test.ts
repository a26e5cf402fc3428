import { describe, expect, it } from 'vitest';
import { loginHref, safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it('keeps a path on this site with its query', () => {
    expect(safeNextPath('/my-orders')).toBe('/my-orders');
    expect(safeNextPath('/product?brand=Sony&sort=-price')).toBe('/product?brand=Sony&sort=-price');
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'my-orders',
    '/login',
    '/signup?next=/cart',
    '/\t/evil.example',
  ])('sends %s home', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });

  it('builds the login address', () => {
    expect(loginHref('/my-orders')).toBe('/login?next=%2Fmy-orders');
    expect(loginHref('/')).toBe('/login');
  });
});
