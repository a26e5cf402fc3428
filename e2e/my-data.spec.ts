import { readFile } from 'node:fs/promises';
import { createCustomer, expect, signIn, test } from './fixtures';

/**
 * Right of access: from the profile page a customer downloads everything the shop holds
 * about them (JSON) and their orders as a spreadsheet.
 */
test('a customer downloads their data and their orders from the profile page', async ({ page, request }) => {
  const customer = await createCustomer(request);
  await signIn(page, customer);
  await page.goto('/my-profile');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toContainText('Everything we hold about you');

  const [json] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await json.path())!, 'utf8'));
  expect(data.account).toMatchObject({ _id: customer._id, email: customer.email });
  expect(data.sessions.length).toBeGreaterThanOrEqual(1);
  expect(data.orders).toEqual([]);

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'My orders as a spreadsheet' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^my-orders-\d{4}-\d{2}-\d{2}\.csv$/);
  expect((await readFile((await csv.path())!, 'utf8')).split('\n')[0]).toBe(
    'order,placed,status,payment,paymentStatus,item,colour,quantity,price,orderTotal,deliverTo',
  );
  await page.screenshot({ path: 'test-results/my-data-profile.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/my-data-profile-375.png' });
});
