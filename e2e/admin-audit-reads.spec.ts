import { createStaffMember, openConsoleAs, ownerSession } from './console';
import { createCustomer, expect, test } from './fixtures';

/**
 * Reads of customers' personal data in the audit trail: a support member searches the customer
 * list, and the owner finds that search, with its query and row count, under the audit page's
 * "Reads of customers' personal data".
 */
test("the owner finds a support member's customer search among the reads of personal data", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await createCustomer(request);
  const support = await createStaffMember(request, 'support');
  await openConsoleAs(page, support, '/admin/customers');
  await page.getByRole('searchbox', { name: 'Search' }).fill(customer.email);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByRole('table', { name: 'Customers' }).getByRole('row')).toHaveCount(2);

  await openConsoleAs(page, { token: await ownerSession(request) }, '/admin/audit');
  const filters = page.getByRole('form', { name: 'Filter the audit trail' });
  await filters.getByLabel('Kind').selectOption({ label: "Reads of customers' personal data" });
  await expect(page).toHaveURL(/[?&]kind=personal-data/);
  await filters.getByLabel('Staff member').selectOption({ label: `Test support (${support.email})` });
  const events = page.getByRole('table', { name: 'Audit events' });
  const search = events.getByRole('row').filter({ hasText: `search "${customer.email}"` });
  await expect(search.first()).toBeVisible();
  await expect(search.first()).toContainText('customer.list');
  await expect(search.first()).toContainText('Read the customer list');
  await expect(search.first()).toContainText('1 of 1 records');
  // Only reads: the support member's sign-in is in the trail but not under this kind.
  await expect(events.getByText('staff.login', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/audit-personal-data-reads-1280.png' });
});
