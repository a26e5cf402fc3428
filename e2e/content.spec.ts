import type { ApiBlog } from '../shared/api-types';
import { expect, test } from './fixtures';
import { expectToastShown, recordToastsAcrossReloads } from './shop';

/** The blog, contact, about and policy pages (the compare page: compare.spec.ts). */

/** 'January 1st 2024, 1:00 pm' in Indian time, computed here independently of the page's code. */
function expectedBlogDate(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Kolkata',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  const day = Number(parts.day);
  const suffix =
    day % 10 === 1 && day !== 11
      ? 'st'
      : day % 10 === 2 && day !== 12
        ? 'nd'
        : day % 10 === 3 && day !== 13
          ? 'rd'
          : 'th';
  return `${parts.month} ${day}${suffix} ${parts.year}, ${parts.hour}:${parts.minute} ${parts.dayPeriod!.toLowerCase()}`;
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

test.beforeEach(async ({ page }) => {
  await recordToastsAcrossReloads(page);
});

test.describe('blog', () => {
  test('lists every post with its date, a 100-character excerpt and a Read more link', async ({
    page,
    request,
  }) => {
    const blogs = (await (await request.get('/api/blog')).json()) as ApiBlog[];
    expect(blogs.length).toBeGreaterThan(0);
    const response = await page.goto('/blogs');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog');
    const cards = page.locator('.blog-card');
    await expect(cards).toHaveCount(blogs.length);

    const first = cards.first();
    await expect(first.getByRole('heading', { level: 2 })).toHaveText(blogs[0]!.title);
    await expect(first.locator('time')).toHaveText(expectedBlogDate(blogs[0]!.createdAt));
    for (const time of await page.locator('.blog-card time').allTextContents()) {
      expect(time).toMatch(/^[A-Z][a-z]+ \d{1,2}(st|nd|rd|th) \d{4}, \d{1,2}:\d{2} (am|pm)$/);
    }
    for (const text of await page.locator('.blog-card-excerpt').allTextContents()) {
      expect(text.endsWith('...')).toBe(true);
      expect(text.length).toBeLessThanOrEqual(103);
      expect(text.length).toBeGreaterThan(60);
      expect(text).not.toContain('<');
    }
    await expect(first.getByRole('link', { name: `Read more: ${blogs[0]!.title}` })).toHaveAttribute(
      'href',
      `/blog/${blogs[0]!.slug}`,
    );
    for (const image of await page.locator('.blog-card img').all()) {
      expect(await image.getAttribute('width')).toBeTruthy();
      expect(await image.getAttribute('height')).toBeTruthy();
    }

    const ld = jsonLd(await response!.text());
    const blog = ld.find((item) => item['@type'] === 'Blog');
    expect(blog?.blogPost).toHaveLength(Math.min(20, blogs.length));
  });

  test('a post shows its title, date, author and body, and leads back to the list', async ({
    page,
    request,
  }) => {
    const [post] = (await (await request.get('/api/blog')).json()) as ApiBlog[];
    await page.goto('/blogs');
    await page.getByRole('link', { name: `Read more: ${post!.title}` }).click();
    await expect(page).toHaveURL(`/blog/${post!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post!.title);
    await expect(page).toHaveTitle(`${post!.title} | Bharat Bazaar`);
    await expect(page.locator('.blog-post-meta')).toContainText(expectedBlogDate(post!.createdAt));
    await expect(page.locator('.blog-post-meta')).toContainText(`By ${post!.author}`);
    await expect(page.locator('.blog-post-body h2').first()).toBeVisible();
    await expect(page.locator('.blog-post-body script')).toHaveCount(0);

    const html = await (await request.get(`/blog/${post!.slug}`)).text();
    const ld = jsonLd(html).find((item) => item['@type'] === 'BlogPosting');
    expect(ld).toMatchObject({ headline: post!.title, datePublished: post!.createdAt });
    // The same post by id: one canonical address.
    const byId = await (await request.get(`/blog/${post!._id}`)).text();
    expect(byId).toContain(`/blog/${post!.slug}"`);

    await page.getByRole('link', { name: '← Back to blogs' }).first().click();
    await expect(page).toHaveURL('/blogs');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog');
  });

  test('an unknown post is a 404 page', async ({ page }) => {
    const response = await page.goto('/blog/no-such-post-at-all');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page).toHaveTitle('Page not found | Bharat Bazaar');
  });
});

test.describe('contact', () => {
  test('shows the shop details and each field’s message once touched', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
    const details = page.locator('.contact-details');
    await expect(details).toContainText('4th Floor, Prestige Tech Park, Outer Ring Road');
    await expect(details).toContainText('Bengaluru, Karnataka 560103');
    await expect(details.getByRole('link', { name: '+91 80 4718 2200' })).toHaveAttribute(
      'href',
      'tel:+918047182200',
    );
    await expect(details.getByRole('link', { name: 'support@bharatbazaar.in' })).toBeVisible();
    await expect(details).toContainText('Monday to Friday, 10 AM to 8 PM');

    for (const label of ['Name', 'Email', 'Mobile number', 'Comments']) {
      await page.getByLabel(label).focus();
      await page.getByLabel(label).blur();
    }
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Mobile is required')).toBeVisible();
    await expect(page.getByText('Comments is required')).toBeVisible();

    await page.getByLabel('Email').fill('asha@');
    await page.getByLabel('Mobile number').fill('+1 415 555 0100');
    await page.getByLabel('Name').fill('Asha');
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Enter a valid 10-digit Indian mobile number')).toBeVisible();
    await expect(page.getByText('Name is required')).toBeHidden();
  });

  test('sends the message, confirms and empties the form', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Asha Verma');
    await page.getByLabel('Email').fill('asha@example.in');
    await page.getByLabel('Mobile number').fill('98765 43210');
    await page.getByLabel('Comments').fill('Do you deliver to Mysuru within a week?');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/enquiry') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await sent).postDataJSON()).toEqual({
      name: 'Asha Verma',
      email: 'asha@example.in',
      // The form sends what the shared schema made of it: the 10-digit number.
      mobile: '9876543210',
      comment: 'Do you deliver to Mysuru within a week?',
    });
    await expectToastShown(page, 'Contact Form Submitted Successfully!');
    for (const label of ['Name', 'Email', 'Mobile number', 'Comments']) {
      await expect(page.getByLabel(label)).toHaveValue('');
    }
    await expect(page.locator('.form-error')).toHaveCount(0);
  });

  test('a failure says so and keeps what was typed', async ({ page, consoleErrors }) => {
    await page.route('**/api/enquiry', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Something went wrong on our side. Please try again.' }),
      }),
    );
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Asha Verma');
    await page.getByLabel('Email').fill('asha@example.in');
    await page.getByLabel('Mobile number').fill('9876543210');
    await page.getByLabel('Comments').fill('Hello');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(/^Something went wrong! Something went wrong on our side/)).toBeVisible();
    await expect(page.getByLabel('Comments')).toHaveValue('Hello');
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
    // The browser logs the routed 500 itself; that one is expected.
    const expected = consoleErrors.findIndex((text) => /status of 500 .*\/api\/enquiry/.test(text));
    expect(expected).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(expected, 1);
  });

  test('the map loads only when asked for', async ({ page }) => {
    const mapRequests: string[] = [];
    await page.route('https://www.google.com/**', (route) => {
      mapRequests.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Map</title><p>Map</p>' });
    });
    await page.goto('/contact');
    await expect(page.locator('iframe')).toHaveCount(0);
    const picture = page.getByRole('img', { name: /Prestige Tech Park/ });
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(mapRequests).toEqual([]);
    await page.getByRole('button', { name: 'Show map' }).click();
    const frame = page.locator('iframe[title^="Map of Bharat Bazaar"]');
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute(
      'src',
      /^https:\/\/www\.google\.com\/maps\?q=Prestige.*output=embed$/,
    );
    await expect.poll(() => mapRequests.length).toBeGreaterThan(0);
  });
});

test.describe('policies and about', () => {
  const policies = [
    ['/Terms-conditions', 'Terms & conditions', 'Orders and cancellation'],
    ['/privacy-policy', 'Privacy policy', 'Your rights'],
    ['/refund-policy', 'Refund policy', 'Refunds'],
    ['/Shipping-policy', 'Shipping policy', 'When it arrives'],
  ] as const;

  for (const [path, title, section] of policies) {
    test(`${path} has a real policy`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Grievance officer' })).toBeVisible();
      await expect(page.locator('.prose')).toContainText('within 48 hours');
      await expect(page.locator('.prose')).toContainText('within one month');
      expect(await page.locator('.prose h2').count()).toBeGreaterThanOrEqual(4);
      const others = page.getByRole('navigation', { name: 'Other policies' });
      await expect(others.getByRole('link')).toHaveCount(4);
    });
  }

  test('privacy names the law and the rights; shipping the promise', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.locator('.prose, .content-hero')).toContainText([
      'Digital Personal Data Protection Act, 2023',
    ]);
    await expect(page.locator('.prose')).toContainText('Correct or update it');
    await page
      .getByRole('navigation', { name: 'Other policies' })
      .getByRole('link', { name: 'Shipping policy' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shipping policy');
    await expect(page.locator('main')).toContainText('the delivery date for your PIN code');
  });

  test('about tells who we are and what we promise', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
    await expect(page.getByRole('heading', { level: 2, name: 'Who we are' })).toBeVisible();
    const promises = page.locator('.about-promise h3');
    await expect(promises).toHaveText(['Free shipping', 'No-cost EMI', 'Free returns', 'Real support']);
    await page.getByRole('link', { name: 'Contact us' }).click();
    await expect(page).toHaveURL('/contact');
  });
});
