import { expect, test } from './fixtures';

/**
 * Not assertions on pixels: full-page screenshots of the key pages on a laptop and a phone, kept in
 * test-results/screenshots/ for a person to look at after a layout change.
 */
const pages = [
  ['home', '/'],
  ['store', '/product'],
  ['login', '/login'],
  ['signup', '/signup'],
  ['blogs', '/blogs'],
  ['blog', '/blog/tws-earbuds-under-2-000-what-actually-matters'],
  ['contact', '/contact'],
  ['about', '/about'],
  ['compare', '/compare-product'],
  ['privacy-policy', '/privacy-policy'],
  ['not-found', '/no-such-page'],
] as const;

const viewports = [
  ['desktop', { width: 1280, height: 800 }],
  ['mobile', { width: 375, height: 812 }],
] as const;

for (const [device, viewport] of viewports) {
  test(`screenshots at ${device} size`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const [name, path] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/${device}-${name}.png`, fullPage: true });
    }
    await page.goto('/');
    await page.getByRole('button', { name: 'Shop Categories' }).click();
    await page.screenshot({ path: `test-results/screenshots/${device}-categories-open.png` });
  });
}
