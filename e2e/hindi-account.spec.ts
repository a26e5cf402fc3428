import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { allowFailedApiCalls, expectToastShown, recordToastsAcrossReloads } from './shop';

/**
 * The account pages and the complaints page in Hindi (/hi/...): the sign-up form's labels and its
 * rules' messages, signing up, in, out and in again (a wrong password answered in Hindi), the
 * profile, and a data request filed with its ticket. The pages' own content passes axe (the
 * header's home link reads "Bharat Bazaar" under a Hindi name, label-content-name-mismatch, outside
 * these pages); screenshots land in test-results/screenshots/ (SHOTS_DIR) to be looked at.
 */
const shots = process.env.SHOTS_DIR ?? 'test-results/screenshots';
const password = 'correct-horse-42';
/** Signing in reloads the page: on a busy machine that takes longer than one expect's default. */
const afterReload = { timeout: 15_000 };

const octet = () => Math.floor(Math.random() * 254) + 1;

/** Sign-ups and logins are limited per address: this shopper's requests say they have their own. */
async function ownAddress(page: Page) {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` });
}

test.beforeEach(async ({ page }) => {
  await recordToastsAcrossReloads(page);
});

test('the sign-up form speaks Hindi: labels, the password rule and every message', async ({ page }) => {
  await page.goto('/hi/signup');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page).toHaveTitle(/^खाता बनाएँ/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('खाता बनाएँ');
  await expect(page.getByText('कम से कम 8 अक्षर')).toBeVisible();
  await expect(page.getByRole('link', { name: 'निजता सूचना' })).toHaveAttribute('href', '/hi/privacy-policy');

  for (const label of ['पहला नाम', 'उपनाम', 'ईमेल', 'मोबाइल नंबर']) {
    await page.getByLabel(label, { exact: true }).focus();
    await page.getByLabel(label, { exact: true }).blur();
  }
  await page.getByRole('textbox', { name: 'पासवर्ड' }).focus();
  await page.getByRole('textbox', { name: 'पासवर्ड' }).blur();
  for (const message of [
    'पहला नाम डालना ज़रूरी है',
    'उपनाम डालना ज़रूरी है',
    'ईमेल डालना ज़रूरी है',
    'मोबाइल नंबर डालना ज़रूरी है',
    'पासवर्ड डालना ज़रूरी है',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }

  await page.getByLabel('ईमेल', { exact: true }).fill('not-an-email');
  await page.getByLabel('मोबाइल नंबर', { exact: true }).fill('12345');
  await page.getByRole('textbox', { name: 'पासवर्ड' }).fill('short');
  await page.getByLabel('पहला नाम', { exact: true }).fill('आशा');
  await expect(page.getByText('ईमेल पता सही नहीं है')).toBeVisible();
  await expect(page.getByText('10 अंकों का सही भारतीय मोबाइल नंबर डालें')).toBeVisible();
  await expect(page.getByText('पासवर्ड कम से कम 8 अक्षरों का होना चाहिए')).toBeVisible();
  await expect(page.getByText('पहला नाम डालना ज़रूरी है')).toBeHidden();
  // No English message is left under a field.
  await expect(page.locator('.form-error[lang="en"]')).toHaveCount(0);

  expect(await axeViolations(page, '#main')).toEqual([]);
  await page.screenshot({ path: `${shots}/hi-signup-errors-desktop.png`, fullPage: true });
});

test('a shopper signs up, in, out and in again, sees the profile and files a request, all in Hindi', async ({
  consoleErrors,
  page,
}) => {
  test.setTimeout(90_000);
  await ownAddress(page);
  const email = `hindi-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.in`;
  const mobile = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

  // Sign up: then the login page, in Hindi still.
  await page.goto('/hi/signup');
  await page.getByLabel('पहला नाम', { exact: true }).fill('Ravi');
  await page.getByLabel('उपनाम', { exact: true }).fill('Kumar');
  await page.getByLabel('ईमेल', { exact: true }).fill(email);
  await page.getByLabel('मोबाइल नंबर', { exact: true }).fill(mobile);
  await page.getByRole('textbox', { name: 'पासवर्ड' }).fill(password);
  await page.getByRole('button', { name: 'खाता बनाएँ' }).click();
  await expectToastShown(page, 'आपका खाता बन गया है! अब लॉगिन करें।');
  await expect(page).toHaveURL('/hi/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('लॉगिन');

  // Log in: the Hindi home page, signed in.
  await page.getByLabel('ईमेल', { exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'पासवर्ड' }).fill(password);
  await page.getByRole('button', { name: 'लॉगिन करें' }).click();
  await page.waitForURL('/hi/', { waitUntil: 'load', ...afterReload });
  await expectToastShown(page, 'आप लॉगिन हो गए हैं!');
  await expect(page.getByRole('link', { name: 'मेरी प्रोफ़ाइल' })).toBeVisible(afterReload);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  // The new address is not confirmed yet: the reminder says so in Hindi.
  const notice = page.getByRole('region', { name: 'अपने ईमेल पते की पुष्टि करें' });
  await expect(notice).toContainText('कृपया अपने ईमेल पते की पुष्टि करें।');
  await expect(notice).toContainText(email);

  // Log out, and back in at /hi/login: a wrong password first.
  // Logging out reloads the page: going elsewhere before that reload raced it.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'लॉगआउट' }).click();
  await reloaded;
  await expect(page.getByRole('link', { name: 'लॉगिन', exact: true })).toBeVisible(afterReload);
  await page.goto('/hi/login');
  await page.getByLabel('ईमेल', { exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'पासवर्ड' }).fill('wrong-password-1');
  await page.getByRole('button', { name: 'लॉगिन करें' }).click();
  await expect(page.getByText('ईमेल या पासवर्ड ग़लत है')).toBeVisible();
  await expect(page).toHaveURL('/hi/login');
  allowFailedApiCalls(consoleErrors, 401);
  await page.getByRole('textbox', { name: 'पासवर्ड' }).fill(password);
  await page.getByRole('button', { name: 'लॉगिन करें' }).click();
  await page.waitForURL('/hi/', { waitUntil: 'load', ...afterReload });
  // Signing in reloads the page: wait for the reloaded one before going anywhere (it raced it).
  await expect(page.getByRole('link', { name: 'मेरी प्रोफ़ाइल' })).toBeVisible(afterReload);

  // The profile.
  await page.goto('/hi/my-profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('मेरी प्रोफ़ाइल');
  await expect(page).toHaveTitle(/^मेरी प्रोफ़ाइल/);
  await expect(page.getByText('नमस्ते Ravi Kumar! डिलीवरी के लिए अपनी जानकारी अपडेट रखें।')).toBeVisible();
  await expect(page.getByLabel('पहला नाम', { exact: true })).toHaveValue('Ravi');
  const data = page.getByRole('region', { name: 'आपका डेटा' });
  await expect(data.getByRole('button', { name: 'मेरा डेटा डाउनलोड करें' })).toBeVisible();
  await expect(data.getByRole('checkbox', { name: 'ईमेल से ऑफ़र' })).toBeEnabled();
  expect(await axeViolations(page, '.profile-page')).toEqual([]);
  await page.screenshot({ path: `${shots}/hi-profile-desktop.png`, fullPage: true });

  // A data request: its ticket, in Hindi.
  await page.goto('/hi/grievances');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('शिकायतें और डेटा अनुरोध');
  await expect(page.getByLabel('ईमेल', { exact: true })).toHaveValue(email);
  await expect(page.getByRole('region', { name: 'मेरे अनुरोध' })).toContainText('कोई शिकायत या डेटा अनुरोध');
  await page.getByLabel('यह क्या है?').selectOption('rights-request');
  await page.getByLabel('यह किस बारे में है?').selectOption({ label: 'मेरा डेटा मिटाएँ' });
  await page.getByLabel('आपका अनुरोध').fill('कृपया मेरा खाता और मेरे पते मिटा दें।');
  await page.getByRole('button', { name: 'मेरा अनुरोध भेजें' }).click();

  const filed = page.getByRole('status').filter({ hasText: 'आपका टिकट नंबर' });
  await expect(filed).toBeVisible();
  const ticketNumber = (await filed.locator('.ticket-number strong').textContent())!.trim();
  expect(ticketNumber).toMatch(/^DPR-20\d\d-\d{6}$/);
  await expect(filed.getByRole('heading', { name: 'हमें आपका अनुरोध मिल गया है' })).toBeVisible();
  await expect(filed).toContainText('डेटा अनुरोध: मेरा डेटा मिटाएँ।');
  await expect(filed).toContainText('तक इसका जवाब देंगे।');
  const requests = page.getByRole('region', { name: 'मेरे अनुरोध' });
  await expect(requests).toContainText(ticketNumber);
  await expect(requests).toContainText('दर्ज');
  expect(await axeViolations(page, '.grievances-page')).toEqual([]);
  await page.screenshot({ path: `${shots}/hi-grievances-filed-desktop.png`, fullPage: true });
});
