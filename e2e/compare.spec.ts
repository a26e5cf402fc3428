import { createProduct } from './data';
import { expect, test } from './fixtures';

/** The compare page, with products of each test's own (and its default pair from the demo). */

test.describe('compare', () => {
  test('compares two popular products by default, and the two asked for', async ({ page, request }) => {
    await page.goto('/compare-product');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare products');
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveCount(2);
    for (const row of ['Price', 'Brand', 'Category', 'Rating', 'Availability', 'Colours']) {
      await expect(table.getByRole('rowheader', { name: row })).toBeVisible();
    }

    // Two products of the test's own, of different brands.
    const a = await createProduct(request, {
      like: 'boat-stone-1200-14w-bluetooth-speaker',
      title: 'E2E Compare A',
    });
    const b = await createProduct(request, {
      like: 'casio-g-shock-ga-2100-analog-digital-watch',
      title: 'E2E Compare B',
    });
    await page.goto(`/compare-product?ids=${a.slug},${b._id}`);
    await expect(table.getByRole('columnheader')).toHaveText([a.title, b.title]);
    const price = table.getByRole('row', { name: /^Price/ });
    await expect(price.getByRole('cell').first()).toContainText(
      new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(a.price),
    );
    await expect(table.getByRole('row', { name: /^Brand/ }).getByRole('cell')).toHaveText([a.brand, b.brand]);

    // The picker swaps a product for one of its choices.
    const second = page.getByLabel('Second product');
    const choices = await second
      .locator('option')
      .evaluateAll((options: HTMLOptionElement[]) => options.map((o) => ({ value: o.value, text: o.text })));
    const c = choices.find((choice) => choice.value && choice.value !== a.slug && choice.value !== b.slug)!;
    expect(c).toBeDefined();
    await second.selectOption(c.value);
    await page.getByRole('button', { name: 'Compare' }).click();
    await expect(page).toHaveURL(`/compare-product?ids=${encodeURIComponent(`${a.slug},${c.value}`)}`);
    await expect(table.getByRole('columnheader')).toHaveText([a.title, c.text]);
    await table.getByRole('link', { name: c.text }).click();
    await expect(page).toHaveURL(`/product/${c.value}`);
  });

  test('an unknown product is reported, not a broken page', async ({ page, request }) => {
    const a = await createProduct(request, {
      like: 'boat-stone-1200-14w-bluetooth-speaker',
      title: 'E2E Compare',
    });
    const response = await page.goto(`/compare-product?ids=${a.slug},no-such-product`);
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole('status').filter({ hasText: "We couldn't find one of the products" }),
    ).toBeVisible();
    await expect(page.getByRole('table').getByRole('columnheader')).toHaveText([a.title]);
  });
});
