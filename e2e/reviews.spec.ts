import type { APIRequestContext } from '@playwright/test';
import type { ApiProduct } from '../shared/api-types';
import { createProduct, reread } from './data';
import { expect, signIn, test } from './fixtures';
import { accountPerFile, expectToast, recordToasts } from './shop';

/**
 * Reviews on the product page: both validation toasts, a review that lands, the visitor's link.
 * The reviews go to products of the file's own, so no other spec sees their ratings change.
 */
let watchMade: Promise<ApiProduct> | undefined;
const watch = (request: APIRequestContext) =>
  (watchMade ??= createProduct(request, {
    like: 'casio-g-shock-ga-2100-analog-digital-watch',
    title: 'E2E Review Watch',
  }));

test.describe.configure({ mode: 'default' });

/** One account for the file: sign-ups are rate limited. */
const customer = accountPerFile();

test.beforeEach(async ({ page }) => recordToasts(page));

const reviews = (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`;

test('a review needs stars and words, then shows in the list and the count', async ({ page, request }) => {
  const me = await customer(request);
  await signIn(page, me);
  const before = await watch(request);
  await page.goto(`/product/${before.slug}`);
  await expect(page.getByRole('link', { name: `(${reviews(before.ratingCount)})` })).toBeVisible();
  const form = page.locator('.review-form');
  const submit = form.getByRole('button', { name: 'Submit review' });

  await submit.click();
  await expectToast(page, 'Please add star rating!');
  await expect(form.getByText('Please add star rating!')).toBeVisible();

  await form.getByRole('radio', { name: '4 stars', exact: true }).check();
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

  const after = await reread(request, before);
  expect(after.ratingCount).toBe(count);
});

test('a visitor sees a link to log in instead of the form', async ({ page, request }) => {
  const { slug } = await watch(request);
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
  await page.goto(`/product/${(await watch(request)).slug}`);
  const form = page.locator('.review-form');
  await form.getByRole('radio', { name: '5 stars', exact: true }).check();
  await form.getByRole('textbox', { name: 'Your review' }).fill('Great watch');
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expectToast(page, 'Something went wrong! Too many attempts. Please try again in 60 seconds.');
  await expect(form.getByRole('textbox', { name: 'Your review' })).toHaveValue('Great watch');
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (/status of 429 .*\/api\/product\/rating/.test(consoleErrors[i]!)) consoleErrors.splice(i, 1);
  }
});

test('half stars: 3.5 picked with the keyboard, shown in the form, the list and the mean', async ({
  page,
  request,
}) => {
  const shirt = await createProduct(request, {
    like: 'levis-mens-housemark-crew-neck-t-shirt',
    title: 'E2E Review Shirt',
  });
  const halfSlug = shirt.slug;
  const me = await customer(request);
  await signIn(page, me);
  await page.goto(`/product/${halfSlug}`);
  const form = page.locator('.review-form');
  const group = form.getByRole('group', { name: 'Your rating' });
  await expect(group.getByRole('radio')).toHaveCount(9);

  // Into the group, choose 1 with Space, then five steps right: 1.5, 2, 2.5, 3, 3.5.
  await group.getByRole('radio', { name: '1 star', exact: true }).focus();
  await page.keyboard.press('Space');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  const chosen = group.getByRole('radio', { name: '3.5 stars' });
  await expect(chosen).toBeChecked();
  await expect(chosen).toBeFocused();
  await expect(form.getByText('3.5 of 5 stars')).toBeVisible();
  // The drawing is filled to 3.5 of 5 stars.
  const filled = await form
    .locator('.star-picker-fill')
    .evaluate(
      (fill) => fill.getBoundingClientRect().width / fill.parentElement!.getBoundingClientRect().width,
    );
  expect(filled).toBeCloseTo(0.7, 2);
  for (const size of [1280, 375]) {
    await page.setViewportSize({ width: size, height: 800 });
    await group.scrollIntoViewIfNeeded();
    await form.screenshot({ path: `test-results/screenshots/half-star-form-${size}.png` });
  }

  // On to the review and send it, still from the keyboard.
  await page.keyboard.press('Tab');
  const comment = `Soft cotton, runs a little small (${Date.now()})`;
  await expect(form.getByRole('textbox', { name: 'Your review' })).toBeFocused();
  await page.keyboard.type(comment);
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Submit review' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Rating added successfully!');

  const review = page.locator('.review').filter({ hasText: comment });
  await expect(review.getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeVisible();
  const reviewFill = await review
    .locator('.star-rating-fill')
    .evaluate(
      (fill) => fill.getBoundingClientRect().width / fill.parentElement!.getBoundingClientRect().width,
    );
  expect(reviewFill).toBeCloseTo(0.7, 2);
  const stored = await reread(request, shirt);
  expect(stored.ratings.find((r) => r.comment === comment)?.star).toBe(3.5);
  for (const size of [1280, 375]) {
    await page.setViewportSize({ width: size, height: 800 });
    await review.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screenshots/half-star-review-${size}.png` });
  }
});
