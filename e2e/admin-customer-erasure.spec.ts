import { axeViolations } from './axe';
import { placeOrder } from './buy';
import { openConsoleAs, ownerSession } from './console';
import { createCustomer, expect, test } from './fixtures';
import { expectMail } from './outbox';
import { allowFailedApiCalls } from './shop';

/**
 * A data request that reached the shop (a ticket, a letter) is answered from the
 * customer's page in the console: the same erasure as "Delete my account", with the reason in the
 * audit trail; refused, with the orders named, while one is still open.
 */
test('an owner erases a customer on request, and is told which order stops it', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  const owner = { token: await ownerSession(request) };
  const busy = await createCustomer(request);
  const { orderNumber } = await placeOrder(request, busy);
  const customer = await createCustomer(request);

  // An order on its way: refused, saying which.
  await openConsoleAs(page, owner, `/admin/customers/${busy._id}`);
  await page.getByRole('button', { name: 'Erase personal data' }).click();
  const busyDialog = page.getByRole('dialog', { name: "Erase Asha Verma's personal data?" });
  await busyDialog.getByLabel('Why').fill('DPR-2026-000042');
  await busyDialog.getByRole('button', { name: 'Erase personal data' }).click();
  await expect(busyDialog.getByRole('alert')).toContainText(orderNumber);
  allowFailedApiCalls(consoleErrors, 409);
  await busyDialog.getByRole('button', { name: 'Keep' }).click();

  await openConsoleAs(page, owner, `/admin/customers/${customer._id}`);
  await page.getByRole('button', { name: 'Erase personal data' }).click();
  const dialog = page.getByRole('dialog', { name: "Erase Asha Verma's personal data?" });
  await expect(dialog).toContainText('This cannot be undone');
  expect(await axeViolations(page, 'dialog[open]')).toEqual([]);
  await page.screenshot({ path: 'test-results/console-erase-customer.png' });
  await dialog.getByRole('button', { name: 'Erase personal data' }).click();
  await expect(dialog.getByText('Say why, e.g. the ticket number of the request')).toBeVisible();
  await dialog.getByLabel('Why').fill('DPR-2026-000043 (erasure request by letter)');
  await dialog.getByRole('button', { name: 'Erase personal data' }).click();

  await expect(page.getByText('The customer’s personal data has been erased')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Former customer' })).toBeVisible();
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile).toContainText('Deleted on');
  await expect(profile).not.toContainText(customer.email);
  await expect(page.getByRole('button', { name: 'Block' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/console-erased-customer.png' });

  const mail = await expectMail(customer.email, 'has been deleted');
  expect(mail.text).toContain('As you asked us, we have erased your personal data');
  const me = await request.get('/api/user/me', { headers: { authorization: `Bearer ${customer.token}` } });
  expect(me.status()).toBe(401);
});
