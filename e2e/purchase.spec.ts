import type { Page } from '@playwright/test';
import { createProduct, reread } from './data';
import { createCustomer, expect, signIn, test } from './fixtures';

/**
 * A whole purchase as a shopper makes it: product page, colour, add to cart, cart,
 * checkout, the payment sheet, My orders. Also: closing the payment window and trying again.
 * Each test buys a speaker of its own, whose stock nobody else touches.
 */
async function fillAddress(page: Page) {
  await page.getByLabel('Country').selectOption('India');
  await page.getByLabel('First name', { exact: true }).fill('Meera');
  await page.getByLabel('Last name', { exact: true }).fill('Iyer');
  await page.getByLabel('Address', { exact: true }).fill('7 Marine Drive');
  await page.getByLabel('Landmark', { exact: true }).fill('Opposite the promenade');
  await page.getByLabel('City', { exact: true }).fill('Kochi');
  await page.getByLabel('State').selectOption('Kerala');
  await page.getByLabel('Pincode', { exact: true }).fill('682031');
}

test('a shopper buys from the product page and finds the order in My orders', async ({ page, request }) => {
  const me = await createCustomer(request);
  await signIn(page, me);
  const item = await createProduct(request, { like: 'jbl-flip-6-portable-waterproof-bluetooth-speaker' });
  await page.goto(`/product/${item.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.title);

  await page.getByRole('radio', { name: item.color[0]!.name }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.locator('.cart-badge')).toHaveText('1');
  await page.getByRole('link', { name: 'Go to cart' }).click();
  await expect(page).toHaveURL('/cart');
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();

  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const sheet = page.getByRole('dialog', { name: 'Bharat Bazaar' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: /^Pay / }).click();

  await expect(page).toHaveURL('/my-orders');
  const card = page.getByTestId('order-card').first();
  await expect(card).toContainText(item.title);
  await expect(card).toContainText('Kochi, Kerala 682031');
  await expect(page.locator('.cart-badge')).toHaveText('0');
  const after = await reread(request, item);
  expect(after.quantity).toBe(item.quantity - 1);
});

test('closing the payment window keeps the cart and address, and paying again works', async ({
  page,
  request,
}) => {
  const me = await createCustomer(request);
  const item = await createProduct(request, { like: 'jbl-flip-6-portable-waterproof-bluetooth-speaker' });
  const added = await request.post('/api/user/cart', {
    headers: { authorization: `Bearer ${me.token}` },
    data: { productId: item._id, color: item.color[0]!._id, quantity: 1 },
  });
  expect(added.status()).toBe(201);
  await signIn(page, me);
  await page.goto('/checkout');
  await fillAddress(page);

  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const sheet = page.getByRole('dialog', { name: 'Bharat Bazaar' });
  await sheet.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.locator('.checkout-problem')).toContainText('Payment cancelled');
  await expect(page).toHaveURL('/checkout');
  expect(await page.evaluate(() => localStorage.getItem('address'))).toContain('Kochi');

  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await sheet.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL('/my-orders');
  await expect(page.getByTestId('order-card').first()).toContainText(item.title);
});
