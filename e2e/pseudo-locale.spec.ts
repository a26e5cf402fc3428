import { createProduct } from './data';
import { createCustomer, expect, signIn, test } from './fixtures';

/**
 * The layout check: the shop built with pseudo-English (`npm run build:pseudo`: every catalogue
 * text accented, 40% longer and bracketed, as Hindi and other languages often run longer) on a
 * 375 px phone. No page may scroll sideways, and no text from the catalogues may be cut off by
 * the box that holds it. Runs against its own server (playwright.config.ts, project pseudo-locale).
 */
test.use({ viewport: { width: 375, height: 800 } });

type Clipped = { text: string; tag: string; scroll: number; client: number };

/** Elements whose own text is wider than their box while the box hides the rest. */
async function clippedText(page: import('@playwright/test').Page): Promise<Clipped[]> {
  return page.evaluate(() => {
    const found: Clipped[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const own = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && /\[[^\]]*~/.test(node.textContent ?? ''),
      );
      if (element.clientWidth <= 1 || element.clientHeight <= 1) continue; // read by screen readers only
      if (!own || element.closest('[hidden], .visually-hidden, [aria-hidden="true"]')) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const hides = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      if (hides && element.scrollWidth > element.clientWidth + 1) {
        found.push({
          text: (element.textContent ?? '').slice(0, 60),
          tag: element.tagName.toLowerCase() + (element.className ? `.${element.className}` : ''),
          scroll: element.scrollWidth,
          client: element.clientWidth,
        });
      }
    }
    return found;
  });
}

async function expectNothingClipped(page: import('@playwright/test').Page, name: string) {
  // The pseudo build is what this project serves: its texts are bracketed.
  await expect(page.locator('body')).toContainText(/\[[^\]]*~/);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name} scrolls sideways`).toBeLessThanOrEqual(375);
  expect(await clippedText(page), `${name}: text cut off`).toEqual([]);
  await page.screenshot({ path: `test-results/pseudo-locale/${name}.png`, fullPage: true });
}

test('public pages hold 40% longer text at 375 px', async ({ page, request }) => {
  const item = await createProduct(request, { title: 'Pseudo layout kettle' });
  const pages: [string, string][] = [
    ['home', '/'],
    ['store', '/product'],
    ['product', `/product/${item.slug}`],
    ['login', '/login'],
    ['signup', '/signup'],
    ['contact', '/contact'],
    ['blogs', '/blogs'],
    ['privacy', '/privacy-policy'],
    ['grievances', '/grievances'],
    ['not-found', '/no-such-page'],
  ];
  for (const [name, path] of pages) {
    await page.goto(path);
    await expectNothingClipped(page, name);
  }
});

test('signed-in pages hold 40% longer text at 375 px', async ({ page, request }) => {
  const customer = await createCustomer(request);
  await signIn(page, customer);
  for (const [name, path] of [
    ['cart', '/cart'],
    ['orders', '/my-orders'],
    ['profile', '/my-profile'],
    ['wishlist', '/wishlist'],
  ] as const) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectNothingClipped(page, name);
  }
});
