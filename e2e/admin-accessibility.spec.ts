import { createRequire } from 'node:module';
import { createStaffMember, openConsoleAs, type StaffMember } from './console';
import { expect, test } from './fixtures';

/**
 * Every console page, and its sign-in, checked by axe-core against WCAG 2.1 A and AA and axe's
 * best practices, as an owner (who sees every page) at 1280 px. The console's CSP forbids the
 * inline script axe is injected as, so this context bypasses it (the pages' own scripts do not).
 */
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
test.use({ viewport: { width: 1280, height: 900 }, bypassCSP: true });

let owner: StaffMember;
test.beforeAll(async ({ request }) => {
  owner = await createStaffMember(request, 'owner');
});

async function violations(page: import('@playwright/test').Page) {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    type Violation = { id: string; nodes: { target: string[] }[] };
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
    });
    return result.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  });
}

test('the sign-in page has no accessibility violations', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('no console page has accessibility violations', async ({ page, request }) => {
  test.setTimeout(120_000);
  const [product] = (await (await request.get('/api/product?limit=1')).json()) as { _id: string }[];
  const paths = [
    '/admin',
    '/admin/orders',
    '/admin/products',
    `/admin/products/${product!._id}`,
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
    const problems = await violations(page);
    if (problems.length) found[path] = problems;
  }
  expect(found).toEqual({});
});
