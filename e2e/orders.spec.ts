import { createCustomer, expect, signIn, test } from './fixtures';

/** My orders: the empty state, and a failed load offering a retry that works. */
test('a customer without orders sees No Ordered Items and a way to the store', async ({ page, request }) => {
  const me = await createCustomer(request);
  await signIn(page, me);
  await page.goto('/my-orders');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No Ordered Items');
  await page.getByRole('link', { name: 'Start shopping' }).click();
  await expect(page).toHaveURL('/product');
});

test('a failed load says so and Retry loads the orders', async ({ page, request, consoleErrors }) => {
  const me = await createCustomer(request);
  await signIn(page, me);
  let fail = true;
  await page.route('**/api/user/getmyorders', (route) =>
    fail ? route.fulfill({ status: 500, json: { message: 'Something went wrong!' } }) : route.fallback(),
  );
  await page.goto('/my-orders');
  await expect(page.getByRole('alert')).toContainText('Something went wrong!');
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No Ordered Items');
  // The browser logs the 500 it was given on purpose.
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (consoleErrors[i]!.includes('status of 500')) consoleErrors.splice(i, 1);
  }
});
