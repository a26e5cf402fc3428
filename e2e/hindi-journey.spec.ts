import { axeViolations } from './axe';
import { createProduct, uniqueStamp } from './data';
import { expect, test } from './fixtures';
import { expectMail } from './outbox';
import { expectToastShown, recordToastsAcrossReloads } from './shop';

/**
 * A shopper's whole visit in Hindi: switches to हिंदी from the English home page, searches "जूते",
 * narrows the results with a filter, opens a pair of shoes and reads its Hindi description, signs
 * up, pays, and receives the order's e-mail in Hindi. The shoes are this test's own, made like a
 * demo pair, with a Hindi title and description as the console writes them.
 */
const password = 'correct-horse-42';
const afterReload = { timeout: 15_000 };

test('a shopper switches to Hindi, finds shoes by a Hindi word, signs up, pays and is written to in Hindi', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = uniqueStamp();
  const hindiTitle = `हल्के दौड़ने वाले जूते ${stamp}`;
  const shoes = await createProduct(request, {
    like: 'adidas-ultraboost-light-running-shoes',
    title: 'Light running shoes',
    translations: {
      hi: { title: hindiTitle, description: '<p>रोज़ की दौड़ के लिए हल्के और आरामदायक जूते।</p>' },
    },
  });
  await recordToastsAcrossReloads(page);

  // The English home page; the header's switcher leads to the Hindi one.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'हिंदी' }).click();
  await page.waitForURL('/hi/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('link', { name: 'हमारी दुकान' })).toBeVisible();

  // Search "जूते", then only what is in stock.
  const search = page.getByRole('combobox', { name: 'प्रोडक्ट खोजें' });
  await search.fill('जूते');
  await search.press('Enter');
  await expect(page).toHaveURL(`/hi/product?${new URLSearchParams({ q: 'जूते' })}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("'जूते' के नतीजे");
  await expect(page.locator('.store[data-ready]')).toBeAttached();
  const filters = page.getByRole('form', { name: 'प्रोडक्ट फ़िल्टर करें' }).first();
  await filters.getByRole('checkbox', { name: /^स्टॉक में है/ }).check();
  await expect(page).toHaveURL(`/hi/product?${new URLSearchParams({ q: 'जूते', availability: 'in-stock' })}`);
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: hindiTitle }) });
  await expect(card).toBeVisible();
  await page.screenshot({ path: 'test-results/hindi-journey/search-1280.png' });

  // The product page in Hindi: its Hindi title and description.
  await card.getByRole('link', { name: hindiTitle }).click();
  await expect(page).toHaveURL(`/hi/product/${shoes.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hindiTitle);
  await expect(page.getByText('रोज़ की दौड़ के लिए हल्के और आरामदायक जूते।')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Sign up in Hindi, then log in: the account's language is Hindi.
  const email = `journey-${stamp}@example.in`;
  const mobile = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  await page.goto('/hi/signup');
  await page.getByLabel('पहला नाम', { exact: true }).fill('Kavya');
  await page.getByLabel('उपनाम', { exact: true }).fill('Nair');
  await page.getByLabel('ईमेल', { exact: true }).fill(email);
  await page.getByLabel('मोबाइल नंबर', { exact: true }).fill(mobile);
  await page.getByRole('textbox', { name: 'पासवर्ड' }).fill(password);
  await page.getByRole('button', { name: 'खाता बनाएँ' }).click();
  await expectToastShown(page, 'आपका खाता बन गया है! अब लॉगिन करें।');
  await expect(page).toHaveURL('/hi/login');
  await page.getByLabel('ईमेल', { exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'पासवर्ड' }).fill(password);
  await page.getByRole('button', { name: 'लॉगिन करें' }).click();
  await page.waitForURL('/hi/', { waitUntil: 'load', ...afterReload });
  // Signing in reloads the page: wait for the reloaded one before going anywhere.
  await expectToastShown(page, 'आप लॉगिन हो गए हैं!');
  await expect(page.getByRole('link', { name: 'मेरी प्रोफ़ाइल' })).toBeVisible(afterReload);
  const login = await request.post('/api/user/login', { data: { email, password } });
  expect(((await login.json()) as { language: string }).language).toBe('hi');

  // Back to the shoes: into the cart, checkout, pay.
  await page.goto(`/hi/product/${shoes.slug}`);
  await page.getByRole('radio', { name: shoes.color[0]!.name }).check();
  await page.getByRole('button', { name: 'कार्ट में जोड़ें' }).click();
  await page.getByRole('link', { name: 'कार्ट पर जाएँ' }).click();
  await expect(page).toHaveURL('/hi/cart');
  await page.getByRole('link', { name: 'चेकआउट करें' }).click();
  await expect(page).toHaveURL('/hi/checkout');
  await page.getByLabel('देश', { exact: true }).selectOption('India');
  await page.getByLabel('पहला नाम', { exact: true }).fill('Kavya');
  await page.getByLabel('उपनाम', { exact: true }).fill('Nair');
  await page.getByLabel('पता', { exact: true }).fill('7 Marine Drive');
  await page.getByLabel('लैंडमार्क', { exact: true }).fill('Opposite the promenade');
  await page.getByLabel('शहर', { exact: true }).fill('Kochi');
  await page.getByLabel('राज्य', { exact: true }).selectOption('Kerala');
  await page.getByLabel('पिन कोड', { exact: true }).fill('682031');
  await page.getByRole('button', { name: 'भुगतान के लिए आगे बढ़ें' }).click();
  const sheet = page.getByRole('dialog', { name: 'Bharat Bazaar' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL('/hi/my-orders', afterReload);
  // The order keeps the product's name as it was bought (the invoice's, in English).
  const order = page.getByTestId('order-card').first();
  await expect(order).toContainText(shoes.title);
  await expect(order).toContainText('यहाँ भेजा जाएगा');
  await page.screenshot({ path: 'test-results/hindi-journey/orders-1280.png' });

  // The order's e-mail, in the account's language.
  const mail = await expectMail(email, /कन्फ़र्म हो गया है/);
  expect(mail.text).toMatch(/ऑर्डर/);
});
