import { axeViolations } from './axe';
import { createStaffMember, openConsoleAs } from './console';
import { createCustomer, expect, signIn, test } from './fixtures';
import { expectMail } from './outbox';

/**
 * A customer files a data request on /grievances and gets a ticket number at once and by
 * e-mail; support finds it in the console's support inbox, replies and resolves it. The pages pass
 * axe; screenshots land in test-results/screenshots/ (SHOTS_DIR) to be looked at.
 */
const shots = process.env.SHOTS_DIR ?? 'test-results/screenshots';
// The storefront's checks cover this page's own content: the signed-in header's cart link has an
// axe finding of its own (label-content-name-mismatch), outside this feature.

test.use({ bypassCSP: true });

test('a customer files a data request; support replies and resolves it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await createCustomer(request);
  await signIn(page, customer);
  await page.goto('/grievances');
  await expect(page.getByRole('heading', { level: 1, name: 'Complaints and data requests' })).toBeVisible();
  // Signed in: who they are is filled in, and their (empty) list of requests shows.
  await expect(page.getByLabel('Email')).toHaveValue(customer.email);
  await expect(page.getByRole('region', { name: 'My requests' })).toContainText('not filed any');
  expect(await axeViolations(page, '.grievances-page')).toEqual([]);
  await page.screenshot({ path: `${shots}/grievances-desktop.png`, fullPage: true });

  await page.getByLabel('What is it?').selectOption('rights-request');
  await page.getByLabel('What is it about?').selectOption('erasure');
  await page.getByLabel('Your request').fill('Please erase my account and the addresses you keep.');
  await page.getByLabel('Mobile number').fill('98450 12345');
  await page.getByRole('button', { name: 'Send my request' }).click();

  const filed = page.getByRole('status').filter({ hasText: 'Your ticket number' });
  await expect(filed).toBeVisible();
  const ticketNumber = (await filed.locator('.ticket-number strong').textContent())!.trim();
  expect(ticketNumber).toMatch(/^DPR-20\d\d-\d{6}$/);
  await expect(filed).toContainText('We answer it by');
  await expect(page.getByRole('region', { name: 'My requests' })).toContainText(ticketNumber);
  expect(await axeViolations(page, '.grievances-page')).toEqual([]);
  await page.screenshot({ path: `${shots}/grievances-filed-desktop.png`, fullPage: true });

  const mail = await expectMail(customer.email, ticketNumber);
  expect(mail.subject).toContain('We have received your data request');
  expect(mail.text).toContain('We will answer it by');

  // Support: the Data requests button, the ticket, a reply, then Resolved.
  const console = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const member = await createStaffMember(request, 'support');
  await openConsoleAs(console, member, '/admin/enquiries');
  await console
    .getByRole('group', { name: 'Show by kind' })
    .getByRole('button', { name: /^Data requests/ })
    .click();
  await expect(console).toHaveURL(/kind=rights-request/);
  const inbox = console.getByRole('table', { name: 'Support inbox' });
  await expect(inbox.getByRole('link', { name: ticketNumber })).toBeVisible();
  expect(await axeViolations(console)).toEqual([]);
  await console.screenshot({ path: `${shots}/support-inbox.png`, fullPage: true });
  await inbox.getByRole('link', { name: ticketNumber }).click();

  await expect(
    console.getByRole('heading', { level: 1, name: new RegExp(`Data request ${ticketNumber}`) }),
  ).toBeVisible();
  const facts = console.getByRole('region', { name: 'Ticket' });
  await expect(facts).toContainText('Erase my data');
  await expect(facts).toContainText('Answer by');

  // Resolving before anyone has written a word is refused, with the reason.
  const status = console.getByRole('region', { name: 'Status' });
  await status.getByLabel('Change to').selectOption('Resolved');
  await status.getByRole('button', { name: 'Save status' }).click();
  await expect(console.getByText(/reply or add a note saying how it was resolved/)).toBeVisible();

  await console.getByLabel(`Reply to ${customer.firstname}`).fill('We have erased your account as asked.');
  await console.getByRole('button', { name: 'Send reply' }).click();
  await console
    .getByRole('dialog', { name: /E-mail this reply/ })
    .getByRole('button', { name: 'Send reply' })
    .click();
  await expect(console.getByText(`Reply sent to ${customer.email}.`)).toBeVisible();
  await status.getByLabel('Change to').selectOption('Resolved');
  await status.getByRole('button', { name: 'Save status' }).click();
  await expect(status.getByRole('paragraph')).toHaveText('Resolved');
  await expect(facts).toContainText('Resolved');
  expect(await axeViolations(console)).toEqual([]);
  await console.screenshot({ path: `${shots}/support-ticket.png`, fullPage: true });

  const reply = await expectMail(customer.email, `Re: your ticket ${ticketNumber}`);
  expect(reply.text).toContain('We have erased your account as asked.');

  // The customer's list shows it resolved.
  await page.reload();
  await expect(page.getByRole('region', { name: 'My requests' })).toContainText('Resolved');
});

test('signed out on a phone: the form explains itself and shows its errors at the fields', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/grievances');
  await expect(page.getByRole('heading', { level: 2, name: 'Our time limits' })).toBeVisible();
  await expect(page.getByText('Acknowledged within 48 hours')).toBeVisible();
  await expect(page.getByRole('region', { name: 'My requests' })).toHaveCount(0);
  expect(await axeViolations(page, '.grievances-page')).toEqual([]);
  await page.screenshot({ path: `${shots}/grievances-mobile.png`, fullPage: true });
  await page.screenshot({ path: `${shots}/grievances-mobile-top.png` });

  await page.getByRole('button', { name: 'Send my complaint' }).click();
  await expect(page.getByText('Choose what it is about')).toBeVisible();
  await expect(page.getByText('Tell us what happened or what you would like us to do')).toBeVisible();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByLabel('What is it about?')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page, '.grievances-page')).toEqual([]);
  await page.screenshot({ path: `${shots}/grievances-mobile-errors.png`, fullPage: true });
});

test('the footer and the privacy notice lead to the form', async ({ page }) => {
  await page.goto('/privacy-policy');
  await page.getByRole('main').getByRole('link', { name: 'Make a data request' }).click();
  await expect(page).toHaveURL(/\/grievances$/);
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: 'Complaints and data requests' }),
  ).toBeVisible();
});
