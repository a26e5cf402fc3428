import type { Locator, Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expect as baseExpect, type Customer, createCustomer, signIn, test } from './fixtures';
import { mobileCodeFor } from './mobile-code';

/**
 * The profile's "Messages and updates": the mobile number verified with the code the shop sends
 * (read from the SMS test outbox, or the e-mail it goes by before an SMS provider is set), the SMS
 * and WhatsApp switches kept across a reload, a wrong code said at the field; in English and Hindi,
 * on a phone and a desktop.
 */
const shots = process.env.SHOTS_DIR ?? 'test-results/screenshots';

// Each step waits on the API and a lazily loaded part: generous on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

// The wrong code is refused with a 400, which the browser reports in the console.
test.use({ allowedConsoleErrors: [/status of 400 .*\/api\/user\/me\/mobile\/confirm/] });

type Shopper = Customer & { mobile: string };

const section = (page: Page, name = 'Messages and updates') => page.getByRole('region', { name });
const channel = (region: Locator, name: string) =>
  region.getByRole('listitem').filter({ has: region.page().getByRole('heading', { name, exact: true }) });

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page, '.profile-channels')).toEqual([]);
}

test('a customer verifies their mobile number with its code and chooses SMS and WhatsApp messages', async ({
  page,
  request,
}) => {
  const customer = (await createCustomer(request)) as Shopper;
  await signIn(page, customer);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/my-profile');
  const region = section(page);
  // The number is proved in one place: the profile's details link down to it.
  await expect(page.getByRole('button', { name: /Send a code/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Verify it below' }).click();
  await expect(region.getByRole('heading', { level: 2 })).toBeInViewport();
  // Its part loads as it comes near the screen, as a shopper scrolls to it.
  await region.scrollIntoViewIfNeeded();
  const sms = channel(region, 'SMS');
  const whatsapp = channel(region, 'WhatsApp');
  await expect(channel(region, 'E-mail')).toContainText(customer.email);
  await expect(sms).toContainText(customer.mobile);
  await expect(sms).toContainText('Not verified');
  // Nothing can be turned on before the number is proved.
  await expect(sms.getByRole('switch', { name: 'Order updates' })).toBeDisabled();
  await expect(whatsapp.getByRole('switch', { name: 'Offers and alerts' })).not.toBeChecked();
  await expectNoAxeViolations(page);

  await region.getByRole('button', { name: 'Verify number' }).click();
  const code = region.getByRole('textbox', { name: /6-digit code sent to/ });
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(region.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
  const right = await mobileCodeFor(customer);
  await code.fill(right === '000000' ? '111111' : '000000');
  // The six digits fit the field: none scrolled out of sight.
  expect(
    await code.evaluate((field: HTMLInputElement) => field.scrollWidth - field.clientWidth),
  ).toBeLessThanOrEqual(0);
  await code.press('Enter');
  await expect(region.getByRole('alert')).toHaveText('That code is not right. Check it and try again.');
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveAccessibleDescription(/That code is not right\. Check it and try again\./);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${shots}/profile-channels-code-desktop.png`, fullPage: true });

  await code.fill(right);
  await region.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(sms).toContainText('Verified');
  await expect(whatsapp).toContainText('Verified');
  // Order updates come on their own once the number is proved; offers only when asked for.
  await expect(sms.getByRole('switch', { name: 'Order updates' })).toBeChecked();
  await expect(sms.getByRole('switch', { name: 'Offers and alerts' })).not.toBeChecked();

  await sms.getByRole('switch', { name: 'Offers and alerts' }).check();
  await expect(page.getByText('Your choice is saved.').first()).toBeVisible();
  await whatsapp.getByRole('switch', { name: 'Order updates' }).uncheck();
  await expect(whatsapp.getByRole('switch', { name: 'Order updates' })).toBeEnabled();
  await page.reload();
  await region.scrollIntoViewIfNeeded();
  await expect(sms.getByRole('switch', { name: 'Offers and alerts' })).toBeChecked();
  await expect(sms.getByRole('switch', { name: 'Order updates' })).toBeChecked();
  await expect(whatsapp.getByRole('switch', { name: 'Order updates' })).not.toBeChecked();
  await expect(whatsapp.getByRole('switch', { name: 'Offers and alerts' })).not.toBeChecked();
  await expectNoAxeViolations(page);

  // The keyboard reaches and turns a switch.
  await whatsapp.getByRole('switch', { name: 'Offers and alerts' }).focus();
  await page.keyboard.press('Space');
  await expect(whatsapp.getByRole('switch', { name: 'Offers and alerts' })).toBeChecked();
  await expect(whatsapp.getByRole('switch', { name: 'Offers and alerts' })).toBeEnabled();

  const stored = await request.get('/api/user/me/notifications', {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(await stored.json()).toMatchObject({
    sms: { verified: true, orders: true, offers: true },
    whatsapp: { verified: true, orders: false, offers: true },
  });
  await region.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/profile-channels-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await region.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/profile-channels-mobile.png`, fullPage: true });
});

test('the same in Hindi, on a phone and a desktop', async ({ page, request }) => {
  const customer = (await createCustomer(request)) as Shopper;
  await signIn(page, customer);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/hi/my-profile');
  const region = section(page, 'मैसेज और अपडेट');
  await region.scrollIntoViewIfNeeded();
  await expect(channel(region, 'SMS')).toContainText('पुष्टि नहीं हुई');
  await region.getByRole('button', { name: 'नंबर की पुष्टि करें' }).click();
  await expect(region.getByRole('textbox', { name: /पर भेजा गया 6 अंकों का कोड/ })).toBeFocused();
  await expect(region.getByRole('button', { name: /सेकंड में नया कोड भेजें/ })).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${shots}/hi-profile-channels-code-mobile.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${shots}/hi-profile-channels-code-desktop.png`, fullPage: true });

  await region.getByRole('textbox', { name: /पर भेजा गया 6 अंकों का कोड/ }).fill(await mobileCodeFor(customer));
  await region.getByRole('button', { name: 'पुष्टि करें', exact: true }).click();
  await page.reload();
  await region.scrollIntoViewIfNeeded();
  const sms = channel(region, 'SMS');
  await expect(sms).toContainText('पुष्टि हो गई');
  await sms.getByRole('switch', { name: 'ऑफ़र और अलर्ट' }).check();
  await expect(page.getByText('आपकी पसंद सेव हो गई है।').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${shots}/hi-profile-channels-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${shots}/hi-profile-channels-mobile.png`, fullPage: true });
});
