import { axeViolations } from './axe';
import { addToCart, productsToBuy, testAddress } from './buy';
import { createCustomer, expect, signIn, test } from './fixtures';
import { allowFailedApiCalls, auth } from './shop';

/**
 * Correction: a cash-on-delivery order not packed yet (and so not invoiced) has its
 * delivery address corrected from the order page; the server's messages appear under the fields.
 */
test('a customer corrects the delivery address of an order not packed yet', async ({
  page,
  request,
  consoleErrors,
}) => {
  const me = await createCustomer(request);
  const [product] = await productsToBuy(request, 1);
  expect(product!.price, 'a product under ₹20,000 to pay for in cash').toBeLessThanOrEqual(20_000);
  await addToCart(request, me, [{ product: product!, units: 1 }]);
  const placed = await request.post('/api/user/order/cod', {
    headers: auth(me.token),
    data: { shippingInfo: testAddress },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const order = (await placed.json()).order as { _id: string; orderNumber: string };

  await signIn(page, me);
  await page.goto(`/my-orders/${order._id}`);
  await page.getByRole('button', { name: 'Change the address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the delivery address' });
  await expect(dialog).toContainText(`within ${testAddress.state}`);
  expect(await axeViolations(page, 'dialog[open]')).toEqual([]);

  await dialog.getByLabel('PIN code').fill('12');
  await dialog.getByRole('button', { name: 'Save the address' }).click();
  await expect(dialog.getByText('Enter a valid 6-digit PIN code')).toBeVisible();
  allowFailedApiCalls(consoleErrors, 400);
  await page.screenshot({ path: 'test-results/order-address-dialog.png' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: 'test-results/order-address-dialog-375.png' });

  await dialog.getByLabel('PIN code').fill('560034');
  await dialog.getByLabel('Address').fill('7, 2nd Main, Koramangala 4th Block');
  await dialog.getByRole('button', { name: 'Save the address' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').first()).toContainText(
    `Order ${order.orderNumber} will go to 7, 2nd Main, Koramangala 4th Block`,
  );
  const address = page.getByRole('region', { name: 'Shipping address' });
  await expect(address).toContainText('560034');
  await expect(page.getByRole('button', { name: 'Change the address' })).toBeFocused();
});
