import { axeViolations } from './axe';
import { createCustomer, expect, signIn, test } from './fixtures';
import { expectMail } from './outbox';
import { allowFailedApiCalls, expectToastShown, recordToastsAcrossReloads } from './shop';

/**
 * Offers by e-mail only with their own consent (an unticked box at sign-up, a switch on
 * the profile), and "Delete my account" on the profile page, from the password to the e-mail that
 * confirms it.
 */
test('signing up asks separately for offers by e-mail, and the profile shows the choice', async ({
  page,
  request,
}) => {
  await page.goto('/signup');
  const offers = page.getByRole('checkbox', { name: /Send me offers and new arrivals by e-mail/ });
  await expect(offers).not.toBeChecked();
  await expect(page.getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy-policy');
  expect(await axeViolations(page)).toEqual([]);
  const email = `offers-${Date.now()}@example.in`;
  await page.getByLabel('First name').fill('Nisha');
  await page.getByLabel('Last name').fill('Menon');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile number').fill(`8${String(Date.now()).slice(-9)}`);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-42');
  await offers.check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/login/);

  const login = await request.post('/api/user/login', { data: { email, password: 'correct-horse-42' } });
  await signIn(page, await login.json());
  await page.goto('/my-profile');
  await expect(page.getByRole('checkbox', { name: 'Offers by e-mail' })).toBeChecked();
});

test('a customer deletes their account from the profile page', async ({ page, request, consoleErrors }) => {
  const customer = await createCustomer(request);
  await recordToastsAcrossReloads(page);
  await signIn(page, customer);
  await page.goto('/my-profile');
  const section = page.getByRole('region', { name: 'Your data' });

  // Offers by e-mail: off until turned on, and off again as easily.
  const offers = section.getByRole('checkbox', { name: 'Offers by e-mail' });
  await expect(offers).toBeEnabled();
  await expect(offers).not.toBeChecked();
  await offers.check();
  await expectToastShown(
    page,
    'You will receive our offers by e-mail. You can stop them here or from any such e-mail.',
  );
  await expect(offers).toBeChecked();

  await section.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('This cannot be undone');
  await expect(dialog.getByRole('textbox', { name: 'Your password' })).toBeFocused();
  expect(await axeViolations(page, 'dialog[open]')).toEqual([]);
  await page.screenshot({ path: 'test-results/delete-account-dialog.png' });

  // Keeping the account closes the dialog and puts focus back on the button.
  await dialog.getByRole('button', { name: 'Keep my account' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByRole('button', { name: 'Delete my account' })).toBeFocused();

  await section.getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Enter your password to delete your account')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Your password' }).fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Your password is not correct')).toBeVisible();
  allowFailedApiCalls(consoleErrors, 403);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: 'test-results/delete-account-dialog-375.png' });

  await dialog.getByRole('textbox', { name: 'Your password' }).fill('correct-horse-42');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToastShown(
    page,
    'Your account has been deleted. We have sent a confirmation to your e-mail address.',
  );
  expect(await page.evaluate(() => localStorage.getItem('customer'))).toBeNull();

  const mail = await expectMail(customer.email, 'Your Bharat Bazaar account has been deleted');
  expect(mail.text).toContain('As you asked, we have deleted your Bharat Bazaar account');
  const again = await request.post('/api/user/login', {
    data: { email: customer.email, password: 'correct-horse-42' },
  });
  expect(again.status()).toBe(401);
});
