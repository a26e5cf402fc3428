import { expect, signIn, test } from './fixtures';
import { accountPerFile, expectToast, product, recordToasts } from './shop';

/** Reviews on the product page: both validation toasts, a review that lands, the visitor's link. */
const slug = 'casio-g-shock-ga-2100-analog-digital-watch';

test.describe.configure({ mode: 'default' });

/** One account for the file: sign-ups are rate limited. */
const customer = accountPerFile();

test.beforeEach(async ({ page }) => recordToasts(page));

const reviews = (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`;

test('a review needs stars and words, then shows in the list and the count', async ({ page, request }) => {
  const me = await customer(request);
  await signIn(page, me);
  const before = await product(request, slug);
  await page.goto(`/product/${slug}`);
  await expect(page.getByRole('link', { name: `(${reviews(before.ratingCount)})` })).toBeVisible();
  const form = page.locator('.review-form');
  const submit = form.getByRole('button', { name: 'Submit review' });

  await submit.click();
  await expectToast(page, 'Please add star rating!');
  await expect(form.getByText('Please add star rating!')).toBeVisible();

  await form.getByRole('radio', { name: '4 stars' }).check();
  await submit.click();
  await expectToast(page, 'Please write review about product!');
  await expect(form.getByText('Please write review about product!')).toBeVisible();

  const comment = `Sturdy and easy to read in sunlight (${Date.now()})`;
  await form.getByRole('textbox', { name: 'Your review' }).fill(comment);
  await submit.click();
  await expectToast(page, 'Rating added successfully!');

  const count = before.ratingCount + 1;
  await expect(page.getByRole('link', { name: `(${reviews(count)})` })).toBeVisible();
  await expect(page.getByText(`Based on ${reviews(count)}`)).toBeVisible();
  const review = page.locator('.review').filter({ hasText: comment });
  await expect(review).toBeVisible();
  await expect(review.getByText(me.firstname)).toBeVisible();
  await expect(review.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Your review' })).toHaveValue('');

  const after = await product(request, slug);
  expect(after.ratingCount).toBe(count);
});

test('a visitor sees a link to log in instead of the form', async ({ page }) => {
  await page.goto(`/product/${slug}`);
  const link = page.getByRole('link', { name: 'Log in to write a review' });
  await expect(link).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/product/${slug}`)}`);
  await expect(page.locator('.review-form')).toHaveCount(0);
});

test('a failed review says so with the server message', async ({ page, request, consoleErrors }) => {
  const me = await customer(request);
  await signIn(page, me);
  await page.route('**/api/product/rating', (route) =>
    route.fulfill({ status: 429, json: { message: 'Too many attempts. Please try again in 60 seconds.' } }),
  );
  await page.goto(`/product/${slug}`);
  const form = page.locator('.review-form');
  await form.getByRole('radio', { name: '5 stars' }).check();
  await form.getByRole('textbox', { name: 'Your review' }).fill('Great watch');
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expectToast(page, 'Something went wrong! Too many attempts. Please try again in 60 seconds.');
  await expect(form.getByRole('textbox', { name: 'Your review' })).toHaveValue('Great watch');
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (/status of 429 .*\/api\/product\/rating/.test(consoleErrors[i]!)) consoleErrors.splice(i, 1);
  }
});
