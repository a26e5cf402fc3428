import { createCustomer, expect, signIn, test } from './fixtures';
import { layoutShiftOf } from './layout-shift';
import { mailsTo } from './outbox';
import { allowFailedApiCalls } from './shop';

/**
 * Confirming the e-mail address: the reminder under the header while it is not confirmed (with
 * "Resend the link"), and the page the mailed link opens, saying confirmed, expired or not valid.
 * Screenshots at a phone's and a laptop's width go to test-results/verify-email/.
 */
const sizes = [
  { name: 'phone', width: 375, height: 800 },
  { name: 'laptop', width: 1280, height: 900 },
] as const;

for (const size of sizes) {
  test(`an unconfirmed shopper is reminded, resends the link and confirms (${size.width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const customer = await createCustomer(request);
    await signIn(page, customer);
    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Confirm your e-mail address' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Please confirm your e-mail address.');
    await expect(notice).toContainText(customer.email);
    await notice.getByRole('button', { name: 'Resend the link' }).click();
    await expect(notice.getByRole('status')).toHaveText(
      'We have sent a new link to your e-mail address. It works for 48 hours.',
    );
    await page.screenshot({ path: `test-results/verify-email/notice-${size.width}.png` });

    // Shopping goes on unconfirmed: the cart opens, without the reminder while paying; the store
    // reminds again.
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Confirm your e-mail address' })).toHaveCount(0);
    await page.goto('/product');
    await expect(page.getByRole('region', { name: 'Confirm your e-mail address' })).toBeVisible();

    // The resend retired the sign-up's link: the newest one confirms.
    let link = '';
    await expect
      .poll(async () => {
        const mails = (await mailsTo(customer.email)).filter((mail) =>
          mail.subject.includes('Confirm your e-mail address'),
        );
        link =
          mails.length === 2 ? (mails[1]!.text.match(/https?:\/\/\S+\/verify-email\/[\w-]+/)?.[0] ?? '') : '';
        return link;
      })
      .toBeTruthy();
    await page.goto(new URL(link).pathname);
    await expect(page.getByRole('heading', { name: 'E-mail address confirmed' })).toBeVisible();
    await expect(page.getByText('Thank you: your e-mail address is confirmed.')).toBeVisible();
    await page.screenshot({ path: `test-results/verify-email/confirmed-${size.width}.png` });

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Confirm your e-mail address' })).toHaveCount(0);
  });

  test(`a link that is not valid or has expired says so (${size.width} px)`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/verify-email/this-link-was-never-sent-abc');
    await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('This confirmation link is not valid.');
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.screenshot({ path: `test-results/verify-email/invalid-${size.width}.png` });
    allowFailedApiCalls(consoleErrors, 400);

    // Expired, for a signed-in shopper: the answer the server gives a lapsed link (its API test
    // lapses one in the database), and a new link from the page.
    const customer = await createCustomer(request);
    await signIn(page, customer);
    await page.route('**/api/user/verify-email/lapsed-link-*', (route) =>
      route.fulfill({
        status: 410,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'This confirmation link has expired. Ask for a new one: it works for 48 hours.',
        }),
      }),
    );
    await page.goto('/verify-email/lapsed-link-0123456789abcdef');
    await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
    await page.getByRole('button', { name: 'Send me a new link' }).click();
    await expect(page.getByText('We have sent a new link to your e-mail address.')).toBeVisible();
    await page.screenshot({ path: `test-results/verify-email/expired-${size.width}.png` });
    allowFailedApiCalls(consoleErrors, 410);
  });
}

test('the reminder floats over the page (nothing moves when it appears) and "Not now" puts it away for the visit', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const customer = await createCustomer(request);
  await signIn(page, customer);
  await page.goto('/');
  const notice = page.getByRole('region', { name: 'Confirm your e-mail address' });
  await expect(notice).toBeVisible();
  const shift = await layoutShiftOf(page);
  expect(shift).toBeLessThan(0.01);
  await notice.getByRole('button', { name: 'Not now' }).click();
  await expect(notice).toHaveCount(0);
  await page.goto('/product');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm your e-mail address' })).toHaveCount(0);
});
