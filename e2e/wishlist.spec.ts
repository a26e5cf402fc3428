import type { APIRequestContext, Page } from '@playwright/test';
import type { ApiProduct } from '../shared/api-types';
import { createProduct } from './data';
import { expect, signIn, test } from './fixtures';
import { accountPerFile, auth, expectToast, recordToasts } from './shop';

/**
 * The wishlist: the heart on the product page adds and removes, the list shows what was saved and
 * takes it out again, 'No Items' when empty, and a visitor is sent to log in. One account for the
 * file (sign-ups are rate limited).
 */
test.describe.configure({ mode: 'default' });

/** The file's own speaker, made like the demo one. */
let speakerMade: Promise<ApiProduct> | undefined;
const speaker = (request: APIRequestContext) =>
  (speakerMade ??= createProduct(request, {
    like: 'jbl-flip-6-portable-waterproof-bluetooth-speaker',
    title: 'E2E Wishlist Speaker',
  }));

const customer = accountPerFile();

test.beforeEach(async ({ page }) => recordToasts(page));

/** Takes everything out of the customer's wishlist through the API. */
async function clearWishlist(request: APIRequestContext, token: string) {
  const response = await request.get('/api/user/wishlist', { headers: auth(token) });
  const { wishlist } = (await response.json()) as { wishlist: ApiProduct[] };
  for (const item of wishlist) {
    await request.put('/api/product/wishlist', { headers: auth(token), data: { prodId: item._id } });
  }
}

async function openProduct(page: Page, request: APIRequestContext) {
  await page.goto(`/product/${(await speaker(request)).slug}`);
  await expect(page.locator('.add-to-cart')).toHaveAttribute('data-hydrated', 'true');
}

test('add from the product page, see it in the wishlist, remove it there', async ({ page, request }) => {
  const me = await customer(request);
  await clearWishlist(request, me.token);
  const p = await speaker(request);
  await signIn(page, me);

  await page.goto('/wishlist');
  await expect(page.getByText('No Items')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the store' })).toHaveAttribute('href', '/product');

  await openProduct(page, request);
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expectToast(page, 'Item added to wishlist!');
  await expect(page.getByRole('button', { name: 'In your wishlist' })).toBeVisible();

  await page.getByRole('link', { name: 'Wishlist' }).first().click();
  await expect(page).toHaveURL('/wishlist');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My wishlist');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: p.title }) });
  await expect(card).toBeVisible();
  await expect(
    card.getByText(new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(p.price)),
  ).toBeVisible();

  await page.getByRole('button', { name: `Remove ${p.title} from wishlist` }).click();
  await expectToast(page, 'Item removed from wishlist');
  await expect(page.getByText('No Items')).toBeVisible();
});

test('the heart on the product page toggles off again, and the card hearts follow', async ({
  page,
  request,
}) => {
  const me = await customer(request);
  await clearWishlist(request, me.token);
  const p = await speaker(request);
  await request.put('/api/product/wishlist', { headers: auth(me.token), data: { prodId: p._id } });
  await signIn(page, me);
  await openProduct(page, request);
  const heart = page.getByRole('button', { name: 'In your wishlist' });
  await expect(heart).toBeVisible();
  await heart.click();
  await expectToast(page, 'Item removed from wishlist');
  await expect(page.getByRole('button', { name: 'Add to wishlist' })).toBeVisible();

  // A card's heart (here in 'You might be interested in') adds too, with its own label.
  const related = page.locator('.related-grid .product-card').first();
  const title = await related.locator('.product-card-title').innerText();
  await related.getByRole('button', { name: `Add ${title} to wishlist` }).click();
  await expectToast(page, 'Item added to wishlist!');
  await expect(related.getByRole('button', { name: `Remove ${title} from wishlist` })).toBeVisible();
});

test('a visitor pressing the heart is sent to log in and back', async ({ page, request }) => {
  const { slug } = await speaker(request);
  await openProduct(page, request);
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/product/${slug}`)}`);
});

test('a failed toggle says so', async ({ page, request, consoleErrors }) => {
  const me = await customer(request);
  await signIn(page, me);
  await page.route('**/api/product/wishlist', (route) =>
    route.fulfill({ status: 500, json: { message: 'Something went wrong on our side. Please try again.' } }),
  );
  await openProduct(page, request);
  await page
    .getByRole('button', { name: /wishlist$/ })
    .first()
    .click();
  await expectToast(page, 'Something went wrong!');
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (/status of 500 .*\/api\/product\/wishlist/.test(consoleErrors[i]!)) consoleErrors.splice(i, 1);
  }
});
