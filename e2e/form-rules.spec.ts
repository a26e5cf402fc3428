import { expect, test } from './fixtures';

/**
 * A form's rules (its schema, and zod with it) load when the form is first used, not with the
 * page (lazyRules in web/lib/form.ts): the form pages' first load stays within its budget. Held
 * back here, to see the form while they are on their way.
 */
test("the login form's rules: not loaded with the page, and a field left before they arrive is judged when they do", async ({
  page,
}) => {
  const asked: string[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/account-rules-[\w-]+\.js$/, async (route) => {
    asked.push(route.request().url());
    await held;
    await route.continue();
  });
  await page.goto('/login');
  expect(asked).toEqual([]);

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).focus();
  await expect.poll(() => asked.length).toBe(1);
  // Nothing is judged without the rules.
  await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');

  release();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
});

test('sending a form before its rules arrive waits for them, and sends nothing invalid', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/account-rules-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  let sent = false;
  page.on('request', (request) => {
    if (request.url().includes('/api/user/forgot-password-token')) sent = true;
  });
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: /send/i }).click();
  release();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  expect(sent).toBe(false);
});
