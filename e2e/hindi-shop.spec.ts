import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { createProduct } from './data';
import { expect, test } from './fixtures';

/**
 * The shop's shell, home page, store and 404 page in Hindi (/hi/...), the header's language
 * switcher and the first-visit suggestion. Pages read in Hindi are opened with a Hindi browser
 * (`hi-IN`), as their readers' are: an English one would be offered the English page.
 */

const homeHeading = 'Bharat Bazaar: इलेक्ट्रॉनिक्स, घरेलू उपकरण और फ़ैशन की ऑनलाइन शॉपिंग';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('in Hindi', () => {
  test.use({ locale: 'hi-IN' });

  test('the home page and the shell read in Hindi, with links that stay in Hindi', async ({ page }) => {
    const response = await page.goto('/hi/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    await expect(heading(page)).toHaveText(homeHeading);
    await expect(page).toHaveTitle(homeHeading);

    await expect(page.getByRole('combobox', { name: 'प्रोडक्ट खोजें' })).toHaveAttribute(
      'placeholder',
      'प्रोडक्ट और ब्रांड खोजें',
    );
    const featured = page.getByRole('region', { name: 'फ़ीचर्ड कलेक्शन', exact: true });
    await expect(featured.getByRole('article').first()).toBeVisible();
    await expect(featured.getByRole('link', { name: 'सभी देखें' })).toHaveAttribute(
      'href',
      '/hi/product?tags=featured',
    );
    await expect(page.getByRole('region', { name: 'ऑफ़र' }).getByRole('link').first()).toHaveText('अभी ख़रीदें');
    const nav = page.getByRole('navigation', { name: 'मुख्य' });
    await expect(nav.getByRole('link', { name: 'हमारी दुकान' })).toHaveAttribute('href', '/hi/product');
    await expect(page.getByRole('contentinfo')).toContainText('सर्वाधिकार सुरक्षित');

    // The categories menu: our words, each leading to the Hindi store.
    await page.getByRole('button', { name: 'सभी कैटेगरी' }).click();
    await expect(page.locator('.categories').getByRole('link', { name: 'कंप्यूटर और लैपटॉप' })).toHaveAttribute(
      'href',
      '/hi/product?category=Laptops',
    );
    await page.keyboard.press('Escape');

    expect(await axeViolations(page)).toEqual([]);
  });

  test('the store: a search from the header, a filter, the counts and the sort in Hindi', async ({
    page,
    request,
  }) => {
    const kettle = await createProduct(request, { title: 'Hindi Store Kettle', quantity: 4 });
    await page.goto('/hi/');
    const search = page.getByRole('combobox', { name: 'प्रोडक्ट खोजें' });
    await search.fill(kettle.title);
    await search.press('Enter');
    await expect(page).toHaveURL(`/hi/product?${new URLSearchParams({ q: kettle.title })}`);
    await expect(heading(page)).toHaveText(`'${kettle.title}' के नतीजे`);
    await expect(page.getByText('1 प्रोडक्ट मिला।')).toBeVisible();
    await expect(page.locator('.store[data-ready]')).toBeAttached();

    const filters = page.getByRole('form', { name: 'प्रोडक्ट फ़िल्टर करें' }).first();
    await filters.getByRole('checkbox', { name: /^स्टॉक में है/ }).check();
    await expect(page).toHaveURL(
      `/hi/product?${new URLSearchParams({ q: kettle.title, availability: 'in-stock' })}`,
    );
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: kettle.title }) });
    await expect(card).toContainText('सिर्फ़ 4 बचे हैं');
    await expect(card.getByRole('link', { name: kettle.title })).toHaveAttribute(
      'href',
      `/hi/product/${kettle.slug}`,
    );
    await expect(page.getByText('1 में से 1-1 दिखाए जा रहे हैं')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'क्रम' })).toHaveValue('relevance');
    await expect(page.getByRole('link', { name: 'सभी फ़िल्टर हटाएँ' })).toBeVisible();
    await expect(page).toHaveTitle(`'${kettle.title}' के नतीजे | Bharat Bazaar`);

    // A visitor's heart leads to the Hindi login, which comes back to this page (an app path: the
    // router adds /hi again, so `next` must not carry it).
    await card.getByRole('button', { name: `${kettle.title} को विशलिस्ट में जोड़ें` }).click();
    const back = `/product?${new URLSearchParams({ q: kettle.title, availability: 'in-stock' })}`;
    await expect(page).toHaveURL(`/hi/login?${new URLSearchParams({ next: back })}`);
  });

  test('the whole store passes axe in Hindi', async ({ page }) => {
    await page.goto('/hi/product');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    await expect(heading(page)).toHaveText('हमारी दुकान');
    await expect(page.getByRole('navigation', { name: 'पेज' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('an address that is no page answers 404 in Hindi', async ({ page }) => {
    const response = await page.goto('/hi/no-such-page/at-all');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    await expect(heading(page)).toHaveText('पेज नहीं मिला');
    await expect(page).toHaveTitle('पेज नहीं मिला | Bharat Bazaar');
    await expect(page.getByRole('link', { name: 'होम पेज पर जाएँ' })).toHaveAttribute('href', '/hi/');
    await expect(page.getByRole('main').getByRole('link', { name: 'म्यूज़िक और गेमिंग' })).toHaveAttribute(
      'href',
      '/hi/product?category=Music+and+Gaming',
    );
  });
});

test('an English browser on a Hindi page is offered English, fetching only those few words', async ({
  page,
}) => {
  const catalogues: string[] = [];
  page.on('response', (response) => {
    if (/\/assets\/common-[\w-]+\.js$/.test(response.url())) catalogues.push(response.url());
  });
  await page.goto('/hi/');
  const offer = page.getByRole('region', { name: 'Language' });
  await expect(offer).toContainText('This shop is also in English.');
  await expect(offer.getByRole('link', { name: 'Read it in English' })).toHaveAttribute(
    'href',
    '/language?to=en&next=%2F',
  );
  await expect(offer.getByRole('button', { name: 'Stay in हिंदी' })).toBeVisible();
  // The page's own common words only, not the English ones as well.
  expect(catalogues).toHaveLength(1);
  expect(await axeViolations(page)).toEqual([]);
});

test('the header switches an English page to Hindi, and the choice is remembered', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'हिंदी' }).click();
  await expect(page).toHaveURL('/hi/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(heading(page)).toHaveText(homeHeading);

  // An English address (a bookmark, a shared link) opens in the language chosen.
  await page.goto('/product');
  await expect(page).toHaveURL('/hi/product');
  await expect(heading(page)).toHaveText('हमारी दुकान');

  // And back to English, remembered as well.
  await page.getByRole('navigation', { name: 'भाषा' }).getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL('/product');
  await expect(heading(page)).toHaveText('Our store');
  await page.goto('/');
  await expect(page).toHaveURL('/');
});

test.describe('a Hindi browser on an English page', () => {
  test.use({ locale: 'hi-IN' });

  const offer = (page: Page) => page.getByRole('region', { name: 'भाषा' });

  test('is offered the Hindi page, in Hindi, and its link leads there', async ({ page }) => {
    await page.goto('/');
    await expect(offer(page)).toContainText('यह दुकान हिंदी में भी है।');
    await offer(page).getByRole('link', { name: 'हिंदी में पढ़ें' }).click();
    await expect(page).toHaveURL('/hi/');
    await expect(heading(page)).toHaveText(homeHeading);
    await page.waitForLoadState('networkidle');
    await expect(offer(page)).toHaveCount(0);
  });

  test('who stays in English is not asked again', async ({ page }) => {
    await page.goto('/');
    await offer(page).getByRole('button', { name: 'English में ही रहें' }).click();
    await expect(offer(page)).toHaveCount(0);
    await page.reload({ waitUntil: 'networkidle' });
    await expect(heading(page)).toHaveText(
      'Bharat Bazaar: online shopping for electronics, appliances and fashion',
    );
    await expect(offer(page)).toHaveCount(0);
    await expect(page).toHaveURL('/');
  });
});
