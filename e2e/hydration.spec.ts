import { createProduct } from './data';
import { expect, test } from './fixtures';

/**
 * The browser takes over the server's HTML as it is (hydration): a difference makes React draw the
 * whole page again and say so in the console, which fails any spec (e2e/fixtures.ts). These are
 * the parts that depend on where and when they are drawn.
 */

const yearInIndia = (at: Date) =>
  new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(at);

test("the footer's year: a device whose clock is in another year takes over the server's page", async ({
  page,
}) => {
  // As when a page drawn at 23:59 on 31 December in India is hydrated a minute later.
  const serverYear = yearInIndia(new Date());
  await page.clock.setFixedTime(new Date(`${Number(serverYear) + 1}-01-01T00:00:30+05:30`));
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(page.getByRole('contentinfo')).toContainText(`© ${serverYear} Bharat Bazaar Retail`);
});

test("the compare page's pickers show the products compared, drawn by the server and after a change", async ({
  page,
  request,
}) => {
  // Two products of the test's own.
  const a = await createProduct(request, {
    like: 'boat-stone-1200-14w-bluetooth-speaker',
    title: 'E2E Hydrate A',
  });
  const b = await createProduct(request, {
    like: 'casio-g-shock-ga-2100-analog-digital-watch',
    title: 'E2E Hydrate B',
  });
  await page.goto(`/compare-product?ids=${a.slug},${b.slug}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  const second = page.getByLabel('Second product');
  await expect(page.getByLabel('First product')).toHaveValue(a.slug);
  await expect(second).toHaveValue(b.slug);
  // A client-side navigation to another pair draws the pickers with it, and back again.
  const choices = await second
    .locator('option')
    .evaluateAll((options: HTMLOptionElement[]) => options.map((o) => ({ value: o.value, text: o.text })));
  const c = choices.find((choice) => choice.value && choice.value !== a.slug && choice.value !== b.slug)!;
  await second.selectOption(c.value);
  await page.getByRole('button', { name: 'Compare' }).click();
  await expect(page).toHaveURL(`/compare-product?ids=${encodeURIComponent(`${a.slug},${c.value}`)}`);
  await expect(page.getByRole('columnheader')).toHaveText([a.title, c.text]);
  await expect(second).toHaveValue(c.value);
  await page.goBack();
  await expect(page.getByRole('columnheader')).toHaveText([a.title, b.title]);
  await expect(second).toHaveValue(b.slug);
});
