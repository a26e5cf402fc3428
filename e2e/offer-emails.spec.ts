import { axeViolations } from './axe';
import { openConsoleAs, ownerSession } from './console';
import { createCustomer, expect, test } from './fixtures';
import { expectMail } from './outbox';
import { auth } from './shop';

/**
 * An owner e-mails an offer from the console; it reaches a customer who asked for
 * offers, and the link at its foot stops them in one click, without signing in.
 */
test('an offer e-mail reaches a customer who asked for offers, whose link stops them', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const customer = await createCustomer(request);
  const subscribed = await request.put('/api/user/me/marketing', {
    headers: auth(customer.token),
    data: { subscribed: true },
  });
  expect(subscribed.ok()).toBe(true);
  const owner = { token: await ownerSession(request) };
  await openConsoleAs(page, owner, '/admin/offer-emails');

  await expect(page.getByText(/customers? wants? offers by e-mail/)).toBeVisible();
  const subject = `Weekend sale ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Send the offer' }).click();
  await expect(page.getByText('Subject is required')).toBeVisible();
  await page.getByLabel('Subject').fill(subject);
  await page
    .getByLabel('Message')
    .fill('Up to 30% off watches this weekend.\n\nUse code WEEKEND30 at checkout.');
  await page.getByLabel('Button link (optional)').fill('https://elsewhere.example.com');
  await page.getByRole('button', { name: 'Send the offer' }).click();
  await expect(page.getByText('The link must be a page of the shop')).toBeVisible();
  await page.getByLabel('Button link (optional)').fill('/product?tags=sale');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/console-offer-emails.png', fullPage: true });
  await page.getByRole('button', { name: 'Send the offer' }).click();
  await page
    .getByRole('dialog', { name: `Send “${subject}”?` })
    .getByRole('button', { name: 'Send the offer' })
    .click();
  await expect(page.getByText(/The offer is on its way to/)).toBeVisible();

  const mail = await expectMail(customer.email, subject);
  expect(mail.text).toContain('Use code WEEKEND30 at checkout.');
  const stopPath = mail.text.match(/\/unsubscribe\?token=[\w%-]+/)?.[0];
  expect(stopPath).toBeDefined();

  // The link from the e-mail: no sign-in; opening it changes nothing until the button.
  await page.goto(stopPath!);
  await expect(page.getByRole('heading', { level: 1, name: 'Stop offers by e-mail' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Stop offers by e-mail' }).click();
  await expect(page.locator('.form-alert--success')).toContainText(
    'You will not receive offers by e-mail from us any more.',
  );
  await page.screenshot({ path: 'test-results/unsubscribe.png' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: 'test-results/unsubscribe-375.png' });
  const choice = await request.get('/api/user/me/marketing', { headers: auth(customer.token) });
  expect((await choice.json()).subscribed).toBe(false);
});
