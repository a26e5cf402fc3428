import type { Page } from '@playwright/test';
import type { ApiBlog, ApiProduct } from '../shared/api-types';
import { expect, test } from './fixtures';
import { allowFailedApiCalls } from './shop';

/** Opens the home page and waits until it is hydrated (interactive). */
async function openHome(page: Page) {
  await page.goto('/');
  await expect(page.locator('.home[data-ready]')).toBeAttached();
}

test.describe('home page', () => {
  test('every section shows what the API has', async ({ page, request }) => {
    const tagged = async (tag: string, limit: number) =>
      (await (await request.get(`/api/product?tags=${tag}&limit=${limit}`)).json()) as ApiProduct[];
    const [featured, special, popular] = await Promise.all([
      tagged('featured', 8),
      tagged('special', 4),
      tagged('popular', 8),
    ]);
    const blogs = (await (await request.get('/api/blog?limit=4')).json()) as ApiBlog[];
    expect(featured.length).toBeGreaterThan(0);
    expect(special.length).toBeGreaterThan(0);
    expect(blogs.length).toBeGreaterThan(0);

    await openHome(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Bharat Bazaar: online shopping for electronics, appliances and fashion',
    );
    const section = (name: string) => page.getByRole('region', { name, exact: true });

    const featuredCards = section('Featured Collection').getByRole('article');
    await expect(featuredCards).toHaveCount(featured.length);
    await expect(featuredCards.first()).toContainText(featured[0]!.title);

    const specialCards = section('Special Products').getByRole('article');
    await expect(specialCards).toHaveCount(special.length);
    const first = special[0]!;
    await expect(specialCards.first()).toContainText(first.title);
    await expect(specialCards.first()).toContainText(`${first.quantity} left`);
    // Stock bar width is quantity / (quantity + sold).
    const expected = Math.round((first.quantity / (first.quantity + first.sold)) * 100);
    await expect(specialCards.first().locator('.stock-bar-fill')).toHaveAttribute(
      'style',
      new RegExp(`^width: ?${expected}%;?$`),
    );

    await expect(section('Our Popular Products').getByRole('article')).toHaveCount(popular.length);
    await expect(section('Our Popular Products')).toContainText(popular[0]!.title);

    const blogSection = section('Our Latest Blogs');
    await expect(blogSection.getByRole('article')).toHaveCount(blogs.length);
    await expect(blogSection.getByRole('article').first()).toContainText(blogs[0]!.title);
    // 'January 1st 2024, 1:00 pm'
    await expect(blogSection.locator('time').first()).toHaveText(
      /^[A-Z][a-z]+ \d{1,2}(st|nd|rd|th) \d{4}, \d{1,2}:\d{2} (am|pm)$/,
    );
    await expect(blogSection.locator('.blog-teaser-excerpt').first()).toHaveText(/^.{1,100}\.\.\.$/);

    await expect(page.getByRole('region', { name: 'Famous right now' }).getByRole('link')).toHaveCount(4);
    await expect(page.locator('.marquee-row').first().getByRole('link')).toHaveCount(8);
    await expect(page.getByRole('region', { name: 'Why shop with us' })).toContainText('Free shipping');
    await expect(page.getByRole('list', { name: 'Shop by category' }).getByRole('link')).toHaveCount(4);
  });

  test('the banner dots switch slides and BUY NOW opens the store', async ({ page }) => {
    await openHome(page);
    const banner = page.getByRole('region', { name: 'Offers' });
    await banner.getByRole('button', { name: 'Pause slideshow' }).click();
    const dots = banner.getByRole('button', { name: /^Show slide/ });
    await expect(dots).toHaveCount(3);
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');

    await dots.nth(2).click();
    await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');
    await expect(dots.nth(0)).not.toHaveAttribute('aria-current', 'true');
    const third = banner.getByRole('group', { name: '3 of 3' });
    await expect(third.getByRole('heading')).toBeInViewport();

    await third.getByRole('link', { name: /Buy now/i }).click();
    await expect(page).toHaveURL('/product');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our store');
  });

  test('the banner moves by itself', async ({ page }) => {
    await openHome(page);
    const dots = page.getByRole('region', { name: 'Offers' }).getByRole('button', { name: /^Show slide/ });
    await page.mouse.move(0, 0);
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true', { timeout: 8000 });
  });

  test('a category banner, a famous item and a blog card lead where they say', async ({ page }) => {
    await openHome(page);
    await page
      .getByRole('list', { name: 'Shop by category' })
      .getByRole('link', { name: /Smart TVs/ })
      .click();
    await expect(page).toHaveURL('/product?category=TVs');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('TVs');

    await openHome(page);
    await page.getByRole('region', { name: 'Famous right now' }).getByRole('link').first().click();
    await expect(page).toHaveURL('/product');

    await openHome(page);
    const card = page.getByRole('region', { name: 'Our Latest Blogs' }).getByRole('article').first();
    const title = (await card.getByRole('heading').textContent())!;
    await card.getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(/\/blog\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });

  test('a section whose request fails says so and the rest still shows', async ({ page, consoleErrors }) => {
    await page.goto('/product');
    await expect(page.locator('.store[data-ready]')).toBeAttached();
    await page.route('**/api/product?tags=special*', (route) =>
      route.fulfill({ status: 500, json: { message: 'The catalogue is resting.' } }),
    );
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Bharat Bazaar/);
    const special = page.getByRole('region', { name: 'Special Products', exact: true });
    await expect(special.getByRole('alert')).toContainText('The catalogue is resting.');
    await expect(
      page.getByRole('region', { name: 'Featured Collection' }).getByRole('article').first(),
    ).toBeVisible();
    allowFailedApiCalls(consoleErrors, 500);
  });
});
