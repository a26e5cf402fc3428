import { axeViolations } from './axe';
import { openConsoleAs, ownerSession } from './console';
import { createProduct } from './data';
import { createCustomer, expect, signIn, test } from './fixtures';
import { expectMail, mailsTo } from './outbox';
import { allowFailedApiCalls, auth } from './shop';

/**
 * A cart reminder end to end (decision 057): a shopper who said yes to offers by e-mail leaves a
 * cart; the reminder sweep (run through the suite's test hook, as at a daytime moment over an
 * hour later, so the quiet hours never decide the outcome) e-mails them once; the e-mail's link,
 * opened signed in, shows the cart with its items, putting back what had left it. The console
 * lists the reminder, the customer masked.
 */
const INDIA_MS = 330 * 60_000;

/** At least 61 minutes from now, moved to 09:05 India time when that falls in the quiet hours. */
function daytimeAfterAnHour(): string {
  const at = new Date(Date.now() + 61 * 60_000);
  const india = new Date(at.getTime() + INDIA_MS);
  const hour = india.getUTCHours();
  if (hour >= 9 && hour < 21) return at.toISOString();
  const nine = Date.UTC(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate(), 9, 5);
  return new Date(nine + (hour >= 21 ? 86_400_000 : 0) - INDIA_MS).toISOString();
}

test('a cart reminder e-mails a link that opens the cart with its items', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const shopper = await createCustomer(request);
  const subscribed = await request.put('/api/user/me/marketing', {
    headers: auth(shopper.token),
    data: { subscribed: true },
  });
  expect(subscribed.ok()).toBe(true);
  const lamp = await createProduct(request, { title: 'Reminder desk lamp', price: 1499, quantity: 6 });
  const added = await request.post('/api/user/cart', {
    headers: auth(shopper.token),
    data: { productId: lamp._id, color: lamp.color[0]!._id, quantity: 2 },
  });
  expect(added.status(), await added.text()).toBe(201);

  const sweep = await request.post('/api/test/reminders/sweep', { data: { at: daytimeAfterAnHour() } });
  expect(sweep.status(), await sweep.text()).toBe(200);
  const mail = await expectMail(shopper.email, 'You left 2 items in your cart');
  expect(mail.text).toContain('Stop offers by e-mail');
  const link = mail.text.match(/\/cart\?r=[\w-]+/)?.[0];
  expect(link, mail.text).toBeDefined();
  // A second sweep of the same cart sends nothing more.
  await request.post('/api/test/reminders/sweep', { data: { at: daytimeAfterAnHour() } });

  // Meanwhile the cart was emptied on another device: the link puts its items back.
  expect((await request.delete('/api/user/empty-cart', { headers: auth(shopper.token) })).ok()).toBe(true);
  await signIn(page, shopper);
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your cart');
  await expect(page.getByRole('link', { name: lamp.title })).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  const cart = await request.get('/api/user/cart', { headers: auth(shopper.token) });
  expect((await cart.json()).map((line: { quantity: number }) => line.quantity)).toEqual([2]);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/cart-from-reminder.png', fullPage: true });

  expect((await mailsTo(shopper.email)).filter((m) => m.subject.includes('in your cart'))).toHaveLength(1);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: 'test-results/cart-from-reminder-375.png', fullPage: true });

  // Opened again, or by another account, the link changes nothing and says so, in Hindi on /hi/.
  await page.goto(`/hi${link!.replace(/r=[\w-]+/, 'r=not-a-real-reminder-token')}`);
  await expect(
    page.getByText('यह कार्ट लिंक पुराना हो गया है या किसी दूसरे खाते का है।', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: lamp.title })).toBeVisible();
  await page.screenshot({ path: 'test-results/cart-from-reminder-hi-375.png', fullPage: true });
  allowFailedApiCalls(consoleErrors, 404);

  // The console's Reminders page lists it, the customer masked.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openConsoleAs(page, { token: await ownerSession(request) }, '/admin/reminders');
  await expect(page.getByRole('heading', { level: 1, name: 'Reminders' })).toBeVisible();
  const masked = `${shopper.email.slice(0, 2)}•••@example.in`;
  await expect(page.getByRole('cell', { name: new RegExp(masked) }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/console-reminders.png', fullPage: true });
});
