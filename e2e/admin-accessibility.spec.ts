import { axeViolations } from './axe';
import { placeOrder } from './buy';
import { createStaffMember, openConsoleAs, type StaffMember } from './console';
import { createProduct } from './data';
import { createCustomer, expect, test } from './fixtures';

/**
 * Every console page, and its sign-in, checked by axe-core against WCAG 2.1 A and AA and axe's
 * best practices, as an owner (who sees every page) at 1280 px. The console's CSP forbids the
 * inline script axe is injected as, so this context bypasses it (the pages' own scripts do not).
 */
test.use({ viewport: { width: 1280, height: 900 }, bypassCSP: true });

let owner: StaffMember;
test.beforeAll(async ({ request }) => {
  owner = await createStaffMember(request, 'owner');
});

test('the sign-in page has no accessibility violations', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('no console page has accessibility violations', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A product of the test's own, with pictures and colours, for its edit page.
  const product = await createProduct(request, {
    like: 'levis-mens-housemark-crew-neck-t-shirt',
    title: 'E2E A11y Shirt',
  });
  // And one sold in sizes, for the editor's options and variants grid.
  const sized = await createProduct(request, { title: 'E2E A11y Sized Shirt' });
  const sizes = ['S', 'M', 'L'];
  const gridSaved = await request.put(`/api/admin/products/${sized._id}/variants`, {
    data: {
      options: [{ name: 'Size', kind: 'text', values: sizes }],
      variants: sizes.map((size) => ({
        sku: `${sized.slug}-${size}`,
        values: [size],
        price: 599,
        quantity: 2,
      })),
    },
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(gridSaved.status(), await gridSaved.text()).toBe(200);
  const paths = [
    '/admin',
    '/admin/orders',
    '/admin/shipments/pickups',
    '/admin/pincodes',
    '/admin/reports/gst',
    '/admin/shipments/returns-to-origin',
    '/admin/shipping/remittances',
    '/admin/products',
    `/admin/products/${product._id}`,
    `/admin/products/${sized._id}`,
    '/admin/products/new',
    '/admin/products/import',
    '/admin/categories',
    '/admin/brands',
    '/admin/colors',
    '/admin/coupons',
    '/admin/blogs',
    '/admin/blogs/new',
    '/admin/blog-categories',
    '/admin/customers',
    '/admin/enquiries',
    '/admin/staff',
    '/admin/settings/security',
    '/admin/audit',
    '/admin/account',
  ];
  await openConsoleAs(page, owner);
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Tables and forms fill in after their data arrives.
    await page.waitForLoadState('networkidle');
    const problems = await axeViolations(page);
    if (problems.length) found[path] = problems;
  }
  expect(found).toEqual({});
});

test('a table waiting for its rows keeps its text readable', async ({ page }) => {
  await openConsoleAs(page, owner);
  // The list's answer is held until the table has been checked in its loading state.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/admin\/products\?/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/admin/products');
  const busy = page.locator('.table-wrap[aria-busy="true"]');
  await expect(busy).toContainText('Loading…');
  expect(await axeViolations(page, '.table-wrap')).toEqual([]);
  release();
  await expect(busy).toHaveCount(0);
});

test('the order page, its action dialogs and the packing slip have no accessibility violations', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await createCustomer(request);
  const order = await placeOrder(request, customer, { lines: 2 });
  await openConsoleAs(page, owner, `/admin/orders/${order._id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
  const found: Record<string, string[]> = {};
  const check = async (name: string) => {
    const problems = await axeViolations(page);
    if (problems.length) found[name] = problems;
  };
  const status = page.getByRole('region', { name: 'Status' });
  await check('order page');

  await status.getByRole('button', { name: 'Shipped another way' }).click();
  const ship = page.getByRole('dialog', { name: `Order ${order.orderNumber} shipped another way` });
  // Submitted empty: the fields show their messages.
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(ship.getByText('The carrier is required')).toBeVisible();
  await check('ship dialog with errors');
  await ship.getByRole('button', { name: 'Cancel' }).click();

  await status.getByRole('button', { name: 'Refund' }).click();
  const refund = page.getByRole('dialog', { name: `Refund order ${order.orderNumber}` });
  await refund.getByRole('radio', { name: 'Chosen items' }).check();
  await check('refund dialog, chosen items');
  await refund.getByRole('radio', { name: 'An amount' }).check();
  await check('refund dialog, an amount');
  await refund.getByRole('button', { name: 'Cancel' }).click();

  await status.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByRole('dialog', { name: `Cancel order ${order.orderNumber}?` })).toBeVisible();
  await check('cancel dialog');
  await page.getByRole('button', { name: 'Keep the order' }).click();

  // A return asked for after delivery: its decisions on the page.
  const staff = { authorization: `Bearer ${owner.token}` };
  const base = `/api/admin/orders/${order._id}`;
  for (const [step, data] of [
    ['pack', {}],
    ['ship', { carrier: 'Delhivery', awb: 'DLV55501234', trackingUrl: 'https://example.in/t/DLV55501234' }],
    ['deliver', {}],
  ] as const) {
    const moved = await request.post(`${base}/${step}`, { data, headers: staff });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  const returned = await request.post(`/api/user/orders/${order._id}/return`, {
    data: { lines: [{ lineId: order.lines[0]!._id, quantity: 1 }], reason: 'Not as described' },
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(returned.status(), await returned.text()).toBe(200);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Returns' })).toContainText('Not as described');
  await check('order page, delivered with a return');

  await page.getByRole('link', { name: 'Print packing slip' }).click();
  await expect(page.getByRole('article', { name: 'Packing slip' })).toBeVisible();
  await check('packing slip');
  expect(found).toEqual({});
});
