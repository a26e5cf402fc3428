import sharp from 'sharp';
import { createStaffMember, openConsoleAs } from './console';
import { expect, test } from './fixtures';

/**
 * The console's catalogue taxonomies, blog and coupons, as a catalogue manager uses
 * them: add, rename and delete brands and colours, with the refusal of a brand still in use; a
 * blog category and a post with an uploaded cover that the blog then shows, renamed with its
 * category; coupons created, refused when the code is taken, edited and deleted.
 */

// The refusals these tests provoke on purpose (a 400 or 409 from the API, which the page then
// explains) are the console errors allowed here; any other fails the test (e2e/fixtures.ts).
test.use({ allowedConsoleErrors: [/status of (400|409) .*\(.*\/api\//] });

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test('brands: add, rename inline, a brand in use is refused with the reason, an unused one is deleted', async ({
  page,
  request,
}) => {
  const manager = await createStaffMember(request, 'catalogue');
  await openConsoleAs(page, manager, '/admin');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Brands' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Brands' })).toBeVisible();

  const name = `E2E Brand ${stamp()}`;
  const add = page.getByRole('region', { name: 'Add a brand' });
  await add.getByLabel('Brand name').fill(name);
  await add.getByRole('button', { name: 'Add brand' }).click();
  await expect(page.getByText(`Added the brand ${name}.`)).toBeVisible();
  // The same name in other letters is taken: said under the field.
  await add.getByLabel('Brand name').fill(name.toUpperCase());
  await add.getByRole('button', { name: 'Add brand' }).click();
  await expect(add.getByText(`A brand called "${name}" already exists.`)).toBeVisible();

  // Found by the server's search, renamed in its row.
  await page.getByLabel('Search brands').fill(name);
  const table = page.getByRole('table', { name: 'Brands' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: `Rename ${name}` }).click();
  const renamed = `${name} Renamed`;
  await table.getByLabel('New brand name').fill(renamed);
  await table.getByRole('button', { name: 'Save' }).click();
  await expect(table.getByText(renamed)).toBeVisible();

  // A seeded brand that products use: the shop refuses and says why.
  await page.getByLabel('Search brands').fill('Samsung');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name: 'Samsung', exact: true })).toBeVisible();
  await table.getByRole('button', { name: 'Delete Samsung' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete the brand Samsung?' });
  await expect(dialog).toContainText(/products? uses? it/);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert')).toContainText(
    /Samsung was not deleted\d+ products use the brand Samsung: move them to another brand first\./,
  );

  // The renamed one is unused: deleted after confirming.
  await page.getByLabel('Search brands').fill(renamed);
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: `Delete ${renamed}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Deleted the brand ${renamed}.`)).toBeVisible();
  await expect(table.getByText('No brands match')).toBeVisible();
  // The public list agrees.
  const brands = (await (await request.get('/api/brand')).json()) as { title: string }[];
  expect(brands.map((b) => b.title)).not.toContain(renamed);
});

test('colours: a value and a name, shown with its swatch; a bad value is explained', async ({
  page,
  request,
}) => {
  const manager = await createStaffMember(request, 'catalogue');
  await openConsoleAs(page, manager, '/admin/colors');
  const add = page.getByRole('region', { name: 'Add a colour' });
  await add.getByLabel('Hex value').fill('#12');
  await add.getByRole('button', { name: 'Add colour' }).click();
  await expect(add.getByText('Colour must be a hex value such as #1f2937')).toBeVisible();

  const hex = `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;
  const name = `E2E Shade ${stamp()}`;
  await add.getByLabel('Hex value').fill(hex.toUpperCase());
  await add.getByLabel('Name shoppers see').fill(name);
  await add.getByRole('button', { name: 'Add colour' }).click();
  await expect(page.getByText(`Added the colour ${name} (${hex}).`)).toBeVisible();
  await page.getByLabel('Search colours').fill(name);
  const row = page.getByRole('table', { name: 'Colours' }).getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(hex);
  await expect(row.locator('.color-swatch')).toHaveCSS('background-color', hexToRgb(hex));
});

test('blog: a category, a post with an uploaded cover on the blog, the category renamed on it', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const manager = await createStaffMember(request, 'catalogue');
  await openConsoleAs(page, manager, '/admin/blog-categories');
  const category = `E2E Guides ${stamp()}`;
  const add = page.getByRole('region', { name: 'Add a blog category' });
  await add.getByLabel('Category name').fill(category);
  await add.getByRole('button', { name: 'Add blog category' }).click();
  await expect(page.getByText(`Added the blog category ${category}.`)).toBeVisible();

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Blog posts' }).click();
  await page.getByRole('link', { name: 'Write a post' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Write a post' })).toBeVisible();
  // Nothing filled in: every field says what it needs.
  await page.getByRole('button', { name: 'Publish post' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('Write the post')).toBeVisible();

  const title = `Monsoon phone care ${stamp()}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Post', exact: true }).click();
  await page.keyboard.type('Keep it dry and use a pouch.');
  await page.getByLabel('Category').selectOption(category);
  const cover = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  await page
    .getByLabel('Upload a picture')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
  await expect(page.getByRole('img', { name: `Cover of ${title}` })).toHaveAttribute(
    'src',
    /\/media\/uploads\//,
  );
  await page.getByRole('button', { name: 'Publish post' }).click();
  await expect(page.getByText(`Published “${title}”.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit post' })).toBeVisible();

  // The list finds it by its category, with its cover.
  await page.getByRole('link', { name: 'Blog posts', exact: true }).first().click();
  await page.getByLabel('Category').selectOption(category);
  const table = page.getByRole('table', { name: 'Blog posts' });
  await expect(table.getByRole('link', { name: title, exact: true })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);

  // The blog shows it, cover and category, to shoppers.
  const slug = (await table.getByText(/^\/blog\//).textContent())!.trim();
  const shop = await page.context().newPage();
  await shop.goto(slug);
  await expect(shop.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(shop.getByText(category, { exact: true })).toBeVisible();
  await expect(shop.locator('main img[src*="/media/uploads/"]').first()).toBeVisible();

  // Renaming the category renames it on the post; deleting it is refused while the post is in it.
  await page.goto('/admin/blog-categories');
  await page.getByLabel('Search blog categories').fill(category);
  const categories = page.getByRole('table', { name: 'Blog categories' });
  await expect(categories.getByRole('row')).toHaveCount(2);
  await categories.getByRole('button', { name: `Rename ${category}` }).click();
  const renamed = `${category} and Tips`;
  await categories.getByLabel('New category name').fill(renamed);
  await categories.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Renamed to ${renamed}, on its 1 post too.`)).toBeVisible();
  await page.getByLabel('Search blog categories').fill(renamed);
  await expect(categories.getByRole('row')).toHaveCount(2);
  await expect(categories.getByRole('cell', { name: renamed, exact: true })).toBeVisible();
  await categories.getByRole('button', { name: `Delete ${renamed}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert')).toContainText(
    `1 blog post is in the category ${renamed}: move it to another category first.`,
  );
  await shop.reload();
  await expect(shop.getByText(renamed, { exact: true })).toBeVisible();

  // The post is deleted from its editor; the blog no longer has it.
  await page.goto('/admin/blogs');
  await page.getByLabel('Search titles').fill(title);
  await expect(page).toHaveURL(/q=Monsoon/);
  await expect(page.getByRole('table', { name: 'Blog posts' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit post' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete post' }).click();
  await expect(page.getByText(`Deleted “${title}”.`)).toBeVisible();
  const gone = await request.get(`/api${slug}`);
  expect(gone.status()).toBe(404);
});

test('coupons: created in capitals, a taken code refused, edited, expired ones marked, deleted', async ({
  page,
  request,
}) => {
  const manager = await createStaffMember(request, 'catalogue');
  const code = `E2E${stamp()}`.toUpperCase();
  // One that ended yesterday (India time), made through the API as the original client would.
  const yesterday = new Date(Date.now() + 330 * 60_000 - 86_400_000).toISOString().slice(0, 10);
  const old = await request.post('/api/coupon/', {
    data: { name: `${code}OLD`, expiry: yesterday, discount: '5' },
    headers: { authorization: `Bearer ${manager.token}` },
  });
  expect(old.status(), await old.text()).toBe(200);

  await openConsoleAs(page, manager, '/admin/coupons');
  const form = page.getByRole('region', { name: 'Add a coupon' });
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Discount (%)').fill('15');
  await form.getByLabel('Last day it applies').fill('2099-12-31');
  await form.getByRole('button', { name: 'Add coupon' }).click();
  await expect(page.getByText(`Added the coupon ${code}: 15% off.`)).toBeVisible();

  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Discount (%)').fill('10');
  await form.getByLabel('Last day it applies').fill('2099-06-30');
  await form.getByRole('button', { name: 'Add coupon' }).click();
  await expect(form.getByText(`A coupon called ${code} already exists.`)).toBeVisible();

  await page.getByLabel('Search codes').fill(code);
  const table = page.getByRole('table', { name: 'Coupons' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row', { name: new RegExp(`${code}OLD`) })).toContainText('Expired');
  const row = table.getByRole('row', { name: new RegExp(`^${code} `) });
  await expect(row).toContainText('31 December 2099');
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `Edit ${code}` }).click();
  const edit = page.getByRole('region', { name: `Edit the coupon ${code}` });
  await edit.getByLabel('Discount (%)').fill('150');
  await edit.getByRole('button', { name: 'Save coupon' }).click();
  await expect(edit.getByText('Discount must be a whole percentage from 1 to 100')).toBeVisible();
  await edit.getByLabel('Discount (%)').fill('20');
  await edit.getByRole('button', { name: 'Save coupon' }).click();
  await expect(page.getByText(`Saved the coupon ${code}.`)).toBeVisible();
  await expect(row).toContainText('20%');

  // Sorted by discount on the server, biggest first.
  await table.getByRole('button', { name: /Discount/ }).click();
  await table.getByRole('button', { name: /Discount/ }).click();
  await expect(table.getByRole('row').nth(1)).toContainText(code);
  await expect(page).toHaveURL(/sort=discount%3Adesc|sort=discount:desc/);

  await row.getByRole('button', { name: `Delete ${code}` }).click();
  await page
    .getByRole('dialog', { name: `Delete the coupon ${code}?` })
    .getByRole('button', { name: 'Delete coupon' })
    .click();
  await expect(page.getByText(`Deleted the coupon ${code}.`)).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
});

function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
