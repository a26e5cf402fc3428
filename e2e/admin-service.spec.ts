import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { placeOrder } from './buy';
import { createStaffMember, openConsoleAs, ownerSession } from './console';
import { createCustomer, expect, test } from './fixtures';

/**
 * The console's service pages end to end: orders moved on from the order page, a
 * customer blocked (their session ends) and unblocked, an enquiry noted and answered by e-mail.
 * Each test makes its own shopper, order and enquiry through the public API.
 */

const outbox = path.join('.data', `e2e-${process.env.E2E_PORT ?? 3100}`, 'outbox');
const octet = () => 1 + Math.floor(Math.random() * 250);

async function sendEnquiry(request: APIRequestContext, name: string, email: string, comment: string) {
  const sent = await request.post('/api/enquiry', {
    data: { name, email, mobile: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`, comment },
    headers: { 'x-forwarded-for': `10.32.${octet()}.${octet()}` },
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

test('an orders member finds an order by the customer, moves it forward and cannot move it back', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const customer = await createCustomer(request);
  const { orderNumber } = await placeOrder(request, customer);
  const member = await createStaffMember(request, 'orders');
  await openConsoleAs(page, member, '/admin/orders');

  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(customer.email);
  await expect(page).toHaveURL(/[?&]q=/);
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: orderNumber }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.getByText('Ordered', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Items' }).locator('img')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Delivery address' })).toContainText(
    'Bengaluru, Karnataka 560038',
  );
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('UPI');

  // The order page's own actions (e2e/admin-orders.spec.ts follows an order through them).
  await status.getByRole('button', { name: 'Pack' }).click();
  await page
    .getByRole('dialog', { name: `Mark order ${orderNumber} as packed?` })
    .getByRole('button', { name: 'Mark packed' })
    .click();
  await expect(page.getByText(`Order ${orderNumber} is packed.`)).toBeVisible();
  await expect(status.getByText('Processing', { exact: true })).toBeVisible();
  // Only forward steps are offered now.
  await expect(status.getByRole('button', { name: 'Pack' })).toHaveCount(0);
  await expect(status.getByRole('button', { name: 'Ship', exact: true })).toBeVisible();

  // The orders list filtered by status finds it there.
  await page.getByRole('link', { name: 'Orders' }).first().click();
  await page
    .getByRole('group', { name: 'Show orders by status' })
    .getByRole('button', { name: 'Processing' })
    .click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(orderNumber);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(
    page.getByRole('table', { name: 'Orders' }).getByRole('link', { name: orderNumber }),
  ).toBeVisible();
});

test('an owner blocks a customer, whose session ends at once, then unblocks them', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const customer = await createCustomer(request);
  const { orderNumber } = await placeOrder(request, customer);
  const owner = { token: await ownerSession(request) };
  await openConsoleAs(page, owner, '/admin/customers');

  await page.getByRole('searchbox', { name: 'Search' }).fill(customer.email);
  await expect(page).toHaveURL(/[?&]q=/);
  const table = page.getByRole('table', { name: 'Customers' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: /Asha Verma/ }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Asha Verma' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Orders' }).getByRole('link', { name: orderNumber }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Block' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block Asha Verma?' });
  await dialog.getByRole('button', { name: 'Block customer' }).click();
  await expect(page.getByText('Asha Verma is blocked and signed out.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile' }).getByText('Blocked')).toBeVisible();

  const me = await request.get('/api/user/me', { headers: { authorization: `Bearer ${customer.token}` } });
  expect(me.status()).toBe(401);

  await page.getByRole('button', { name: 'Unblock' }).click();
  await page
    .getByRole('dialog', { name: 'Unblock Asha Verma?' })
    .getByRole('button', { name: 'Unblock' })
    .click();
  await expect(page.getByText('Asha Verma can sign in again.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile' }).getByText('Active')).toBeVisible();
});

test('support sees customers without the block button, and answers an enquiry by e-mail', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const email = `enquirer-${Date.now()}-${octet()}@example.in`;
  const name = `Rohan ${Date.now().toString(36)}`;
  await sendEnquiry(request, name, email, 'Do you deliver to Shillong? I need the watch by Friday.');
  const member = await createStaffMember(request, 'support');
  await openConsoleAs(page, member, '/admin/enquiries');

  const statuses = page.getByRole('group', { name: 'Show enquiries by status' });
  await statuses.getByRole('button', { name: /^Submitted/ }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  await expect(page).toHaveURL(/[?&]q=/);
  await page.getByRole('table', { name: 'Support inbox' }).getByRole('link', { name }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Enquiry from ${name}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Message' })).toContainText('Do you deliver to Shillong?');

  await page.getByLabel('Internal note').fill('Checked with the courier: 4 days.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Note added.')).toBeVisible();
  const thread = page.getByRole('region', { name: 'Notes and replies' });
  await expect(thread).toContainText('Checked with the courier: 4 days.');

  await page.getByLabel(`Reply to ${name}`).fill('Yes, we deliver to Shillong in 4 days.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await page
    .getByRole('dialog', { name: `E-mail this reply to ${name}?` })
    .getByRole('button', { name: 'Send reply' })
    .click();
  await expect(page.getByText(`Reply sent to ${email}.`)).toBeVisible();
  await expect(thread).toContainText('E-mailed reply');
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.getByRole('paragraph')).toHaveText('Contacted');
  await expect(status.getByLabel('Change to')).toHaveValue('Contacted');

  // The customer's e-mail is in the outbox of the e2e server.
  await expect
    .poll(async () => {
      for (const file of await readdir(outbox).catch(() => [] as string[])) {
        const raw = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '');
        if (raw.includes(`To: ${email}`) && raw.includes('Yes, we deliver to Shillong in 4 days.'))
          return true;
      }
      return false;
    })
    .toBe(true);

  // Support reads customers but cannot block them.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Customers' }).click();
  await page.getByRole('table', { name: 'Customers' }).getByRole('link').first().click();
  await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Block' })).toHaveCount(0);
});
