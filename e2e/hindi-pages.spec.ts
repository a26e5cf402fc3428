import type { APIRequestContext, Page, Response } from '@playwright/test';
import type { ApiBlog, ApiProduct } from '../shared/api-types';
import { axeViolations } from './axe';
import { ownerSession } from './console';
import { createProduct, uniqueStamp } from './data';
import { expect, test } from './fixtures';
import { expectToastShown, recordToastsAcrossReloads } from './shop';

/**
 * The product page, blog, policies, about and contact in Hindi (/hi/...): the page's own words
 * from the Hindi catalogues, the merchant's words in Hindi where written and marked English where
 * not, the policies' Hindi texts, the forms' messages in Hindi, and the pages accessible.
 */

const randomOctet = () => 1 + Math.floor(Math.random() * 250);
const staffHeaders = async (request: APIRequestContext) => ({
  authorization: `Bearer ${await ownerSession(request)}`,
  'x-forwarded-for': `10.87.${randomOctet()}.${randomOctet()}`,
});

type Named = { _id: string; title: string };
const firstOf = async (request: APIRequestContext, path: string) =>
  ((await (await request.get(path)).json()) as Named[])[0]!._id;

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

test('a product page in Hindi: its words in Hindi, the English title marked, the pincode check, accessible', async ({
  page,
  request,
}) => {
  const product = await createProduct(request, {
    title: 'Hindi Page Kettle',
    description: '<p>A kettle that boils a litre in three minutes.</p>',
  });
  const response = await page.goto(`/hi/product/${product.slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page).toHaveTitle(`${product.title} | Bharat Bazaar`);

  // No Hindi title yet: the English one, marked so for screen readers.
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText(product.title);
  await expect(title).toHaveAttribute('lang', 'en');
  await expect(page.locator('.product-description')).toHaveAttribute('lang', 'en');

  await expect(page.getByRole('navigation', { name: 'आप यहाँ हैं' })).toContainText('होम');
  await expect(page.locator('.product-facts')).toContainText('उपलब्धता');
  await expect(page.locator('.product-facts')).toContainText('स्टॉक में है');
  await expect(page.getByRole('heading', { level: 2, name: 'विवरण' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'ग्राहकों की समीक्षाएँ' })).toBeVisible();
  await expect(page.locator('.reviews-summary')).toContainText('0 समीक्षाओं के आधार पर');
  await expect(page.getByRole('link', { name: 'समीक्षा लिखने के लिए लॉगिन करें' })).toBeVisible();
  // Links stay in Hindi.
  await expect(page.getByRole('link', { name: 'तुलना करें' })).toHaveAttribute(
    'href',
    `/hi/compare-product?ids=${product.slug}`,
  );

  const pincode = page.getByLabel('डिलीवरी का पिन कोड');
  await pincode.fill('5600');
  await page.getByRole('button', { name: 'जाँचें', exact: true }).click();
  await expect(page.locator('.delivery-check-answer')).toHaveText('सही 6 अंकों का पिन कोड डालें');
  await pincode.fill('560001');
  await pincode.press('Enter');
  await expect(page.locator('.delivery-check-answer')).toContainText(/तक डिलीवरी/);
  await expect(page.locator('.delivery-check-answer')).toContainText('560001 पर');

  expect(await axeViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSideScroll(page);
});

test('a product page in Hindi shows the product’s Hindi title and description', async ({ page, request }) => {
  const stamp = uniqueStamp();
  const english = `Hindi Content Kettle ${stamp}`;
  const hindi = `बिजली की केतली ${stamp}`;
  const created = await request.post('/api/admin/products', {
    headers: await staffHeaders(request),
    data: {
      title: english,
      description: '<p>Boils a litre in three minutes.</p>',
      price: 1499,
      mrp: null,
      categoryId: await firstOf(request, '/api/category'),
      brandId: await firstOf(request, '/api/brand'),
      colorIds: [await firstOf(request, '/api/color')],
      tags: [],
      images: [],
      quantity: 20,
      translations: {
        hi: {
          title: hindi,
          // Sanitised on write like the English: the handler must not reach the page.
          description:
            '<p>तीन मिनट में एक लीटर पानी <b>उबालती</b> है।</p><img src="/images/fallback.svg" onerror="window.__hacked=1">',
        },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { slug } = (await created.json()) as { slug: string };
  const answer = (await (await request.get(`/api/product/${slug}`)).json()) as ApiProduct & {
    translations?: { hi?: { title?: string } };
  };
  // TODO(lead): the API takes `translations` once the content branch (hi-content) is merged; until
  // then it drops them and there is nothing to show.
  test.fixme(
    answer.translations?.hi?.title !== hindi,
    'the API does not keep translations on this branch yet',
  );

  const response = await page.goto(`/hi/product/${slug}`);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText(hindi);
  await expect(title).not.toHaveAttribute('lang', /.*/);
  await expect(page.locator('.product-description')).toContainText('तीन मिनट में एक लीटर पानी उबालती है।');
  await expect(page.locator('.product-description b')).toHaveText('उबालती');
  await expect(page.locator('.product-description [onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __hacked?: number }).__hacked)).toBeUndefined();
  await expect(page).toHaveTitle(`${hindi} | Bharat Bazaar`);
  const html = (await response?.text()) ?? '';
  expect(html).toContain('<meta name="description" content="तीन मिनट में एक लीटर पानी उबालती है।"');
  expect(jsonLd(html).find((item) => item['@type'] === 'Product')).toMatchObject({ name: hindi });

  // The English page keeps the English.
  await page.goto(`/product/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(english);
});

test('a policy page in Hindi: the Hindi text, its own chunk, and accessible', async ({ page }) => {
  // The English page downloads no Hindi policy text, even after the other policies' links prefetch.
  const scripts: Promise<string>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  };
  page.on('response', onResponse);
  await page.goto('/privacy-policy');
  await page.getByRole('navigation', { name: 'Other policies' }).getByRole('link').first().hover();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  for (const script of await Promise.all(scripts)) expect(script).not.toContain('शिकायत अधिकारी');

  const response = await page.goto('/hi/privacy-policy');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page).toHaveTitle('गोपनीयता नीति | Bharat Bazaar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('गोपनीयता नीति');
  await expect(page.getByRole('heading', { level: 2, name: 'आपके अधिकार' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'शिकायत अधिकारी' })).toBeVisible();
  await expect(page.locator('.policy-updated')).toContainText('आख़िरी बार अपडेट:');
  await expect(page.locator('.prose')).toContainText('48 घंटे के अंदर');
  expect(await axeViolations(page)).toEqual([]);

  // Another policy, by a link within the app: its Hindi text comes with it. Its chunk is slowed so
  // the click finds it still loading (the navigation waits for it; a page once got no data then).
  await page.route(/\/assets\/shipping-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  const others = page.getByRole('navigation', { name: 'अन्य नीतियाँ' });
  await expect(others.getByRole('link')).toHaveCount(4);
  await others.getByRole('link', { name: 'शिपिंग नीति' }).click();
  await expect(page).toHaveURL('/hi/Shipping-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('शिपिंग नीति');
  await expect(page.getByRole('heading', { level: 2, name: 'सामान कब पहुँचेगा' })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSideScroll(page);
});

test('the blog in Hindi: the list and a post, the post’s English marked', async ({ page, request }) => {
  const [demo] = (await (await request.get('/api/blog')).json()) as ApiBlog[];
  // Shaped like the demo's posts (a heading, more than an excerpt of text): the blog's and the home
  // page's specs read the newest post when they run again on this data, so it is deleted after.
  const created = await request.post('/api/blog', {
    headers: await staffHeaders(request),
    data: {
      title: `Choosing a kettle ${uniqueStamp()}`,
      description:
        '<h2>What to look for</h2><p>Capacity, power and an automatic shut-off: what to look for in an electric kettle, and why a concealed element is easier to clean.</p>',
      category: demo!.category,
      images: demo!.images.map(({ url, width, height }) => ({ url, width, height })),
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const post = ((await created.json()) as { newBlog: ApiBlog }).newBlog;
  try {
    await readPostInHindi(page, post);
  } finally {
    await request.delete(`/api/blog/${post._id}`, { headers: await staffHeaders(request) });
  }
});

async function readPostInHindi(page: Page, post: ApiBlog) {
  await page.goto('/hi/blogs');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page).toHaveTitle('ब्लॉग | Bharat Bazaar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ब्लॉग');
  const more = page.getByRole('link', { name: `और पढ़ें: ${post.title}` });
  await expect(more).toHaveAttribute('href', `/hi/blog/${post.slug}`);
  await more.click();

  await expect(page).toHaveURL(`/hi/blog/${post.slug}`);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText(post.title);
  await expect(title).toHaveAttribute('lang', 'en');
  await expect(page.locator('.blog-post-body')).toHaveAttribute('lang', 'en');
  await expect(page.locator('.blog-post-meta time')).toHaveText(
    /^\d{1,2} (जनवरी|फ़रवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|अक्टूबर|नवंबर|दिसंबर) \d{4}, \d{1,2}:\d{2} (am|pm)$/,
  );
  await expect(page.getByRole('link', { name: '← सभी ब्लॉग पर वापस जाएँ' }).first()).toHaveAttribute(
    'href',
    '/hi/blogs',
  );
}

test('the contact form says what to fix in Hindi; about speaks Hindi too', async ({ page }) => {
  await recordToastsAcrossReloads(page);
  await page.goto('/hi/contact');
  await expect(page).toHaveTitle('संपर्क करें | Bharat Bazaar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('संपर्क करें');
  for (const label of ['नाम', 'ईमेल', 'मोबाइल नंबर', 'आपका संदेश']) {
    await page.getByLabel(label, { exact: true }).focus();
    await page.getByLabel(label, { exact: true }).blur();
  }
  await expect(page.getByText('नाम डालना ज़रूरी है')).toBeVisible();
  await expect(page.getByText('ईमेल डालना ज़रूरी है')).toBeVisible();
  await expect(page.getByText('मोबाइल नंबर डालना ज़रूरी है')).toBeVisible();
  await expect(page.getByText('संदेश लिखना ज़रूरी है')).toBeVisible();

  await page.getByLabel('ईमेल', { exact: true }).fill('asha@');
  await page.getByLabel('मोबाइल नंबर', { exact: true }).fill('+1 415 555 0100');
  await page.getByLabel('नाम', { exact: true }).fill('आशा');
  await expect(page.getByText('ईमेल पता सही नहीं है')).toBeVisible();
  await expect(page.getByText('10 अंकों का सही भारतीय मोबाइल नंबर डालें')).toBeVisible();
  await expect(page.getByText('नाम डालना ज़रूरी है')).toBeHidden();
  await expect(page.getByRole('button', { name: 'नक्शा दिखाएँ' })).toBeVisible();

  // Sent from a Hindi page, the message asks for a reply in Hindi.
  await page.getByLabel('ईमेल', { exact: true }).fill('asha@example.in');
  await page.getByLabel('मोबाइल नंबर', { exact: true }).fill('98765 43210');
  await page.getByLabel('आपका संदेश', { exact: true }).fill('क्या आप एक हफ़्ते में मैसूरु डिलीवर करते हैं?');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/enquiry') && r.method() === 'POST');
  await page.getByRole('button', { name: 'भेजें', exact: true }).click();
  const request = await sent;
  expect(request.postDataJSON()).toMatchObject({ name: 'आशा', mobile: '9876543210' });
  expect(request.headers()['accept-language']).toBe('hi');
  await expectToastShown(page, 'आपका संदेश हमें मिल गया है!');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSideScroll(page);

  await page.goto('/hi/about');
  await expect(page).toHaveTitle('हमारे बारे में | Bharat Bazaar');
  await expect(page.getByRole('heading', { level: 2, name: 'हमारे वादे' })).toBeVisible();
  await expect(page.locator('.about-promise h3')).toHaveText([
    'मुफ़्त डिलीवरी',
    'बिना ब्याज की EMI',
    'मुफ़्त वापसी',
    'असली लोगों से मदद',
  ]);
  await page.getByRole('link', { name: 'संपर्क करें' }).click();
  await expect(page).toHaveURL('/hi/contact');
});
