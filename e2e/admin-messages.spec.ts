import { axeViolations } from './axe';
import { createStaffMember, openConsoleAs } from './console';
import { createCustomer, expect, test } from './fixtures';
import { e2eDataDir, latestSms } from './outbox';

/**
 * SMS end to end with the built-in test provider: a shopper asks for the code that proves their
 * mobile number, it arrives as an SMS file (never by e-mail) and proves the number; a support
 * member finds that SMS on the console's Messages page, masked, filtered by channel and status.
 */
test('a mobile code goes by SMS and proves the number; the console lists the message', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await createCustomer(request);
  const headers = { authorization: `Bearer ${customer.token}` };
  const { mobile } = (await (await request.get('/api/user/me', { headers })).json()) as { mobile: string };
  const sent = await request.post('/api/user/verify-mobile/send', { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  expect(((await sent.json()) as { sentTo: string }).sentTo).toBe(`••••••${mobile.slice(-4)}`);
  const sms = await latestSms(e2eDataDir, mobile, 'mobile-code');
  expect(sms).toMatchObject({ channel: 'sms', to: `+91${mobile}`, language: 'en', sender: 'BHBZAR' });
  expect(sms.text).toBe(
    `${sms.params.code} is your Bharat Bazaar code to verify your mobile number. Valid ${sms.params.minutes} min. Do not share it with anyone.`,
  );
  const proved = await request.post('/api/user/verify-mobile', { headers, data: { code: sms.params.code } });
  expect(proved.status(), await proved.text()).toBe(200);

  const support = await createStaffMember(request, 'support');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openConsoleAs(page, support, '/admin/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await page.getByLabel('Channel').selectOption({ label: 'SMS' });
  await expect(page).toHaveURL(/[?&]channel=sms/);
  await page.getByLabel('Status').selectOption({ label: 'Sent' });
  await expect(page).toHaveURL(/[?&]status=sent/);
  const table = page.getByRole('table', { name: 'Messages' });
  const row = table
    .getByRole('row')
    .filter({ hasText: `••••••${mobile.slice(-4)}` })
    .first();
  await expect(row).toContainText('mobile code');
  await expect(row).toContainText('SMS');
  await expect(row).toContainText('Sent');
  await expect(table).not.toContainText(mobile);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.screenshot({ path: 'test-results/screenshots/console-messages-1280.png' });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: 'test-results/screenshots/console-messages-375.png', fullPage: true });
});
