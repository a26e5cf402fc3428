import sharp from 'sharp';
import {
  createStaffMember,
  invitationPathFor,
  OWNER,
  openConsoleAs,
  STAFF_PASSWORD,
  signInToConsole,
} from './console';
import { createCustomer, expect, test } from './fixtures';

/**
 * The merchant console end to end: an owner signs in and invites a catalogue manager,
 * who joins from the e-mailed link and creates a product with an uploaded picture that then
 * appears in the store; a support member cannot open products; a shopper's token reaches no staff
 * route.
 */

test('an owner invites a catalogue manager, whose new product with its picture appears in the store', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInToConsole(page, OWNER);
  await page.getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  const email = `catalogue-${Date.now()}@staff.e2e.example.in`;
  const invite = page.getByRole('region', { name: 'Invite a staff member' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('Role').selectOption('catalogue');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pending invitations' }).getByText(email)).toBeVisible();

  // The catalogue manager, in a browser of their own, follows the e-mailed link.
  const managerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const manager = await managerContext.newPage();
  await manager.goto(await invitationPathFor(email));
  await expect(manager.getByText('Catalogue manager')).toBeVisible();
  await manager.getByLabel('First name').fill('Meera');
  await manager.getByLabel('Last name').fill('Iyer');
  await manager.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await manager.getByRole('button', { name: 'Create my staff account' }).click();
  const nav = manager.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link', { name: 'Products' })).toBeVisible();
  // What a catalogue manager may not use is not offered.
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Orders' })).toHaveCount(0);

  // A new product with an uploaded picture.
  const title = `Console Test Kurta ${Date.now()}`;
  await nav.getByRole('link', { name: 'Products' }).click();
  await manager.getByRole('link', { name: 'New product' }).click();
  await manager.getByLabel('Title', { exact: true }).fill(title);
  await manager.getByLabel('Price (₹)').fill('1499');
  await manager.getByLabel('Category').selectOption({ index: 1 });
  await manager.getByLabel('Brand').selectOption({ index: 1 });
  await manager.getByRole('group', { name: 'Colours' }).getByRole('checkbox').first().check();
  await manager.getByLabel('Initial stock').fill('12');
  const picture = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();
  await manager
    .getByLabel('Add pictures')
    .setInputFiles({ name: 'kurta.png', mimeType: 'image/png', buffer: picture });
  await expect(manager.getByRole('img', { name: /^Picture 1/ })).toBeVisible();
  await manager.getByRole('button', { name: 'Create product' }).click();
  await expect(manager.getByText(`Product created: ${title}.`)).toBeVisible();
  await expect(manager).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/);
  const productId = manager.url().split('/').at(-1)!;
  const managerToken = await manager.evaluate(() => localStorage.getItem('staff'));
  await managerContext.close();

  // The shopper's store shows it, with the uploaded picture (served from /media).
  await page.goto(`/product?q=${encodeURIComponent(title)}`);
  const card = page.getByRole('link', { name: title }).first();
  await expect(card).toBeVisible();
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const src = await page.locator('main img[src*="/media/uploads/"]').first().getAttribute('src');
  expect(src).toBeTruthy();
  const pictureAnswer = await page.request.get(src!);
  expect(pictureAnswer.status()).toBe(200);
  expect(pictureAnswer.headers()['content-type']).toMatch(/image\/webp/);

  // Taken away again: the store and the console table list every product.
  const deleted = await page.request.delete(`/api/admin/products/${productId}`, {
    headers: { authorization: `Bearer ${managerToken}` },
  });
  expect(deleted.status()).toBe(200);
});

test('a support member cannot open products', async ({ page, request }) => {
  const support = await createStaffMember(request, 'support');
  await openConsoleAs(page, support, '/admin/enquiries');
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link', { name: 'Support inbox' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Products' })).toHaveCount(0);
  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Not available to your role' })).toBeVisible();
  const api = await request.get('/api/admin/products', {
    headers: { authorization: `Bearer ${support.token}` },
  });
  expect(api.status()).toBe(403);
});

test("a shopper's token reaches no staff route, and no token is a 401", async ({ request }) => {
  const shopper = await createCustomer(request);
  const calls: [method: 'get' | 'post' | 'put' | 'delete', url: string][] = [
    ['get', '/api/admin/me'],
    ['get', '/api/admin/staff'],
    ['get', '/api/admin/audit'],
    ['get', '/api/admin/products'],
    ['post', '/api/product/'],
    ['post', '/api/upload/'],
    ['get', '/api/user/all-users'],
    ['get', '/api/user/getallorders'],
    ['get', '/api/enquiry/'],
    ['get', '/api/coupon/'],
    ['post', '/api/brand/'],
    ['put', '/api/user/block-user/00000000-0000-4000-8000-000000000000'],
  ];
  for (const [method, url] of calls) {
    const asShopper = await request[method](url, {
      headers: { authorization: `Bearer ${shopper.token}` },
      data: {},
    });
    expect(asShopper.status(), `${method} ${url} as a shopper`).toBe(403);
    const anonymous = await request[method](url, { data: {} });
    expect(anonymous.status(), `${method} ${url} without a token`).toBe(401);
  }
});
