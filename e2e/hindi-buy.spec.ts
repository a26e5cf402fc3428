import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { createProduct } from './data';
import { createCustomer, expect, signIn, test } from './fixtures';
import { expectToast, recordToasts } from './shop';

/**
 * Buying in Hindi, at /hi/: the product page's Add to cart, the cart, the checkout's address form
 * with its rules' messages, payment through the built-in test gateway, and the order's own page,
 * each in Hindi (html lang hi-IN, no English left in what these pages write themselves), with axe
 * on the cart and the checkout. A speaker of the test's own, whose stock nobody else touches.
 */

// The whole purchase in one test: four pages, two axe runs and the payment sheet.
test.describe.configure({ timeout: 90_000 });

async function expectHindiPage(page: Page, title: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page).toHaveTitle(`${title} | Bharat Bazaar`);
}

test('a shopper buys in Hindi: cart, checkout with the address rules in Hindi, payment, the order in Hindi', async ({
  page,
  request,
}) => {
  const me = await createCustomer(request);
  await signIn(page, me);
  await recordToasts(page);
  const item = await createProduct(request, { like: 'jbl-flip-6-portable-waterproof-bluetooth-speaker' });

  // The product page: Add to cart and its toast in Hindi.
  await page.goto(`/hi/product/${item.slug}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await page.getByRole('radio', { name: item.color[0]!.name }).check();
  await page.getByRole('button', { name: 'कार्ट में जोड़ें' }).click();
  await expectToast(page, 'उत्पाद कार्ट में जोड़ दिया गया');
  await expect(page.locator('.cart-badge')).toHaveText('1');
  await expect(page.getByText('यह उत्पाद आपके कार्ट में है।')).toBeVisible();
  await page.getByRole('link', { name: 'कार्ट पर जाएँ' }).click();

  // The cart.
  await expect(page).toHaveURL('/hi/cart');
  await expectHindiPage(page, 'आपका कार्ट');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('आपका कार्ट');
  const cart = page.getByRole('region', { name: 'आपके कार्ट का सामान' });
  await expect(cart.getByRole('heading', { name: item.title })).toBeVisible();
  await expect(cart.getByRole('button', { name: `${item.title} को कार्ट से हटाएँ` })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'ऑर्डर का सारांश' })).toContainText('इसमें शामिल GST');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'चेकआउट करें' }).click();

  // The checkout: every rule's message in Hindi under its field.
  await expect(page).toHaveURL('/hi/checkout');
  await expectHindiPage(page, 'चेकआउट');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('चेकआउट');
  await expect(page.getByRole('navigation', { name: 'चेकआउट के चरण' }).getByRole('listitem')).toHaveText([
    'कार्ट',
    'जानकारी',
    'डिलीवरी',
    'भुगतान',
  ]);
  const messages: [string, string][] = [
    ['पहला नाम', 'पहला नाम डालना ज़रूरी है'],
    ['उपनाम', 'उपनाम डालना ज़रूरी है'],
    ['पता', 'पता डालना ज़रूरी है'],
    ['लैंडमार्क', 'लैंडमार्क डालना ज़रूरी है'],
    ['शहर', 'शहर डालना ज़रूरी है'],
    ['पिन कोड', 'पिन कोड डालना ज़रूरी है'],
    ['राज्य', 'राज्य चुनना ज़रूरी है'],
    ['देश', 'देश चुनना ज़रूरी है'],
  ];
  for (const [label] of messages) {
    await page.getByLabel(label, { exact: true }).focus();
    await page.getByLabel(label, { exact: true }).blur();
  }
  for (const [label, message] of messages) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAccessibleDescription(new RegExp(message));
  }
  await page.getByLabel('पिन कोड', { exact: true }).fill('012345');
  await expect(page.getByLabel('पिन कोड', { exact: true })).toHaveAccessibleDescription(
    /सही 6 अंकों का पिन कोड डालें/,
  );
  // The states by their Hindi names; the form sends the official name.
  await expect(page.getByLabel('राज्य').locator('option[value="Kerala"]')).toHaveText('केरल');
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel('देश', { exact: true }).selectOption('India');
  await page.getByLabel('पहला नाम', { exact: true }).fill('Meera');
  await page.getByLabel('उपनाम', { exact: true }).fill('Iyer');
  await page.getByLabel('पता', { exact: true }).fill('7 Marine Drive');
  await page.getByLabel('लैंडमार्क', { exact: true }).fill('Opposite the promenade');
  await page.getByLabel('शहर', { exact: true }).fill('Kochi');
  await page.getByLabel('राज्य', { exact: true }).selectOption('Kerala');
  await page.getByLabel('पिन कोड', { exact: true }).fill('682031');
  await expect(page.getByText('सही 6 अंकों का पिन कोड डालें')).toHaveCount(0);
  await expect(page.locator('.checkout-pay-total')).toContainText('कुल भुगतान');

  // Payment through the test gateway's sheet (its own words are the gateway's).
  await page.getByRole('button', { name: 'भुगतान के लिए आगे बढ़ें' }).click();
  const sheet = page.getByRole('dialog', { name: 'Bharat Bazaar' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: /^Pay / }).click();

  // My orders, then the order's own page: its status and timeline in Hindi.
  await expect(page).toHaveURL('/hi/my-orders');
  await expectToast(page, 'ऑर्डर सफलतापूर्वक हो गया');
  await expectHindiPage(page, 'मेरे ऑर्डर');
  const card = page.getByTestId('order-card').first();
  await expect(card).toContainText(item.title);
  await expect(card.getByTestId('order-status')).toHaveText('ऑर्डर किया गया');
  await card
    .getByRole('link', { name: /^ऑर्डर / })
    .first()
    .click();

  await expect(page).toHaveURL(/\/hi\/my-orders\/[0-9a-f-]{36}$/);
  const number = (await page.getByRole('heading', { level: 1 }).textContent())?.replace('ऑर्डर ', '') ?? '';
  await expectHindiPage(page, `ऑर्डर ${number}`);
  await expect(page.getByTestId('order-status')).toHaveText('ऑर्डर किया गया');
  await expect(page.getByTestId('order-state')).toHaveText('ऑर्डर हो गया');
  await expect(page.getByTestId('order-payment-status')).toHaveText('भुगतान हो गया');
  await expect(page.getByTestId('order-fulfilment-status')).toHaveText('तैयार हो रहा है');
  await expect(page.getByTestId('order-timeline')).toContainText('ऑर्डर हुआ और भुगतान हो गया');
  // The cancel dialog brings its own words (fetched when it opens), in Hindi too.
  await page.getByRole('button', { name: 'ऑर्डर रद्द करें' }).click();
  const dialog = page.getByRole('dialog', { name: `ऑर्डर ${number} रद्द करें?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('आप क्यों रद्द कर रहे हैं?')).toBeFocused();
  await dialog.getByRole('button', { name: 'ऑर्डर रद्द करें' }).click();
  await expect(dialog.getByLabel('आप क्यों रद्द कर रहे हैं?')).toHaveAccessibleDescription(
    /कृपया रद्द करने का कारण बताएँ/,
  );
  await dialog.getByRole('button', { name: 'ऑर्डर रहने दें' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.order-page')).toContainText('Kochi, Kerala 682031');
});
