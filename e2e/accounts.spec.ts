import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { type Customer, expect, signIn, test } from './fixtures';
import { allowFailedApiCalls, expectToastShown, recordToastsAcrossReloads } from './shop';

/**
 * Accounts: sign-up, login, the guards with ?next=, forgot and reset password (through the
 * e-mail the server writes to its outbox), profile and logout.
 *
 * Sign-up and login are rate limited per address (10 sign-ups, 30 logins in 15 minutes), and the
 * whole suite comes from one address: tests that only sign in share one account per worker, the
 * limit message is checked with a routed 429 rather than by spending the real allowance, and
 * every call says it comes from an address of its own (X-Forwarded-For), which counts when the
 * e2e server trusts the loopback proxy (TRUST_PROXY=127.0.0.1) and is ignored otherwise.
 */
const outbox = path.join('.data', `e2e-${process.env.E2E_PORT ?? 3100}`, 'outbox');
const password = 'correct-horse-42';
/** Signing in reloads the page: on a busy machine that takes longer than one expect's default. */
const afterReload = { timeout: 15_000 };

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.in`;
}

function uniqueMobile() {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

type Account = Customer & { lastname: string; mobile: string; password: string };

function freshIp() {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

/** Requests from this page say they come from an address of their own (see above). */
async function ownAddress(page: Page) {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': freshIp() });
}

async function register(request: APIRequestContext): Promise<Account> {
  const email = uniqueEmail('acct');
  const mobile = uniqueMobile();
  const registered = await request.post('/api/user/register', {
    headers: { 'x-forwarded-for': freshIp() },
    data: { firstname: 'Asha', lastname: 'Verma', email, mobile, password },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return login(request, email);
}

async function login(request: APIRequestContext, email: string): Promise<Account> {
  const response = await request.post('/api/user/login', {
    headers: { 'x-forwarded-for': freshIp() },
    data: { email, password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return { ...((await response.json()) as Account), password };
}

/**
 * The browser logs every API answer of 4xx or 5xx as a console error, which the fixtures count as
 * a failure. Tests that provoke one on purpose take exactly those out (and keep any other).
 */

/** One account per worker for the tests that only sign in with it (they never change it). */
let shared: Promise<Account> | undefined;
function sharedAccount(request: APIRequestContext): Promise<Account> {
  shared ??= register(request);
  return shared;
}

/** The path of the newest link of that kind in an e-mail to `email` (written after the response). */
async function mailedLinkFor(email: string, kind: 'reset-password' | 'restore-email'): Promise<string> {
  let found: string | undefined;
  const pattern = new RegExp(`https?://[^\\s"<]+/${kind}/[\\w-]+`);
  await expect
    .poll(
      async () => {
        const files = await readdir(outbox).catch(() => [] as string[]);
        for (const file of files.filter((name) => name.endsWith('.eml')).sort()) {
          const raw = await readFile(path.join(outbox, file), 'utf8');
          if (!raw.includes(`To: ${email}`)) continue;
          // Quoted-printable: soft line breaks end in '='.
          const text = raw.replace(/=\r?\n/g, '');
          found = text.match(pattern)?.[0] ?? found;
        }
        return found;
      },
      { message: `a ${kind} e-mail to ${email} in ${outbox}` },
    )
    .toBeTruthy();
  return new URL(found!).pathname;
}

const resetLinkFor = (email: string) => mailedLinkFor(email, 'reset-password');

test.beforeEach(async ({ page }) => {
  await recordToastsAcrossReloads(page);
});

test.describe('sign up', () => {
  test('shows the messages under each field once touched, and the password rule', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByText('At least 8 characters')).toBeVisible();
    const fields = ['First name', 'Last name', 'Email', 'Mobile number'];
    for (const label of fields) {
      await page.getByLabel(label, { exact: true }).focus();
      await page.getByLabel(label, { exact: true }).blur();
    }
    await page.getByRole('textbox', { name: 'Password' }).focus();
    await page.getByRole('textbox', { name: 'Password' }).blur();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Last name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Mobile number is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Mobile number').fill('12345');
    await page.getByRole('textbox', { name: 'Password' }).fill('short');
    await page.getByLabel('First name').fill('Asha');
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Enter a valid 10-digit Indian mobile number')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('First name is required')).toBeHidden();

    // Show / hide the password.
    const show = page.getByRole('button', { name: 'Show password' });
    await show.click();
    await expect(page.getByRole('textbox', { name: 'Password' })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  });

  test('creates the account and goes to login; the same e-mail again is refused', async ({
    consoleErrors,
    page,
  }) => {
    await ownAddress(page);
    const email = uniqueEmail('signup');
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Ravi');
    await page.getByLabel('Last name').fill('Kumar');
    await page.getByLabel('Email').fill(email);
    await page
      .getByLabel('Mobile number')
      .fill(`+91 98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToastShown(page, 'User Created Successfully!');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');

    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('First name').fill('Ravi');
    await page.getByLabel('Last name').fill('Kumar');
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByLabel('Mobile number').fill(uniqueMobile());
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToastShown(page, 'User already exist! please login!');
    await expect(page).toHaveURL('/signup');
    allowFailedApiCalls(consoleErrors, 409);
  });
});

test.describe('login', () => {
  test('shows messages, refuses a wrong password and links to the other forms', async ({
    consoleErrors,
    page,
    request,
  }) => {
    await ownAddress(page);
    const account = await sharedAccount(request);
    await page.goto('/login');
    await page.getByLabel('Email').focus();
    await page.getByLabel('Password', { exact: true }).focus();
    await page.getByLabel('Password', { exact: true }).blur();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Invalid Credentials')).toBeVisible();
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => localStorage.getItem('customer'))).toBeNull();
    allowFailedApiCalls(consoleErrors, 401);
  });

  test('a rate-limited login shows the wait the server asks for', async ({
    consoleErrors,
    page,
    request,
  }) => {
    const account = await sharedAccount(request);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/api/user/login', async (route) => {
      await answered;
      await route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Too many attempts. Please try again in 600 seconds.' }),
      });
    });
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    // While the answer is on its way the button cannot be pressed twice.
    await expect(page.getByRole('button', { name: 'Logging in…' })).toBeDisabled();
    answer();
    await expect(page.getByText('Too many attempts. Please try again in 600 seconds.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
    allowFailedApiCalls(consoleErrors, 429);
  });

  test('signs in: stores the customer, goes home and the header shows the account', async ({
    page,
    request,
  }) => {
    await ownAddress(page);
    const account = await sharedAccount(request);
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    const button = page.getByRole('button', { name: 'Login' });
    await button.click();
    await expect(page).toHaveURL('/', afterReload);
    await expectToastShown(page, 'User Logged In Successfully!');
    await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible(afterReload);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('customer') ?? 'null'));
    expect(stored).toMatchObject({ email: account.email, firstname: 'Asha' });
    expect(stored.token).toEqual(expect.any(String));
  });

  test('a protected page sends the visitor to login and back after signing in', async ({ page, request }) => {
    await ownAddress(page);
    const account = await sharedAccount(request);
    await page.goto('/my-orders');
    await expect(page).toHaveURL('/login?next=%2Fmy-orders');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL('/my-orders', afterReload);
    await expect(page).toHaveTitle('My orders | Bharat Bazaar', afterReload);
    await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible(afterReload);
  });

  test('a next pointing off the site is ignored', async ({ page, request }) => {
    await ownAddress(page);
    const account = await sharedAccount(request);
    await page.goto('/login?next=//evil.example/steal');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expectToastShown(page, 'User Logged In Successfully!');
    await expect(page).toHaveURL('/');
  });

  test('login and signup send a signed-in customer home', async ({ page, request }) => {
    const account = await sharedAccount(request);
    await signIn(page, account);
    await page.goto('/login');
    await expect(page).toHaveURL('/');
    await page.goto('/signup');
    await expect(page).toHaveURL('/');
    await page.goto('/login?next=/my-profile');
    await expect(page).toHaveURL('/my-profile');
  });
});

test.describe('forgotten password', () => {
  test('the e-mailed link sets a new password, once', async ({ consoleErrors, page, request }) => {
    await ownAddress(page);
    const account = await register(request);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
    await page.getByLabel('Email').focus();
    await page.getByLabel('Email').blur();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectToastShown(page, "We've sent a password reset link to the email.");
    await expect(page.getByRole('status').filter({ hasText: 'a reset link is on its way' })).toBeVisible();

    const link = await resetLinkFor(account.email);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set a new password');
    // Typed before the page is interactive, the fields would be read back empty (the button waits
    // for hydration; so does this test, as it flaked on a busy machine).
    await expect(page.getByRole('button', { name: 'Save new password' })).toBeEnabled();
    const newPassword = 'brand-new-secret-7';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill('something-else-1');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expectToastShown(page, 'Password updated successfully!');
    await expect(page).toHaveURL('/login');

    // The old session was revoked; the new password works, the old one does not.
    const old = await request.post('/api/user/login', {
      headers: { 'x-forwarded-for': freshIp() },
      data: { email: account.email, password },
    });
    expect(old.status()).toBe(401);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    // Login saves the session (the header may show it at once) and then loads the home page in
    // full: wait for that load, not only for the header, before touching the page again.
    await page.waitForURL('/', { waitUntil: 'load', ...afterReload });
    await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible(afterReload);

    // The same link again: a clear message and a way to ask for a new one.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('another-secret-9');
    await page.getByLabel('Confirm new password', { exact: true }).fill('another-secret-9');
    await page.getByRole('button', { name: 'Save new password' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'invalid, expired or already used' });
    await expect(alert).toBeVisible();
    await expect(page).toHaveURL(link);
    await alert.getByRole('link', { name: 'Request a new reset link' }).click();
    await expect(page).toHaveURL('/forgot-password');
    allowFailedApiCalls(consoleErrors, 400);
  });
});

test.describe('profile', () => {
  test('fields stay locked until the pencil, then save, persist and refuse a taken e-mail', async ({
    consoleErrors,
    page,
    request,
  }) => {
    const account = await register(request);
    const other = await sharedAccount(request);
    await signIn(page, account);
    await page.goto('/my-profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My profile');
    const first = page.getByLabel('First name');
    await expect(first).toHaveValue('Asha');
    await expect(first).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Edit profile' }).click();
    await expect(first).not.toHaveAttribute('readonly', '');
    await first.fill('');
    await first.blur();
    await expect(page.getByText('First name is required')).toBeVisible();
    await first.fill('Ashwini');
    await page.getByLabel('Last name').fill('Rao');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToastShown(page, 'Profile updated successfully');
    await expect(first).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Edit profile' })).toBeFocused();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('customer') ?? 'null'));
    expect(stored).toEqual({
      _id: account._id,
      token: account.token,
      firstname: 'Ashwini',
      lastname: 'Rao',
      email: account.email,
      mobile: account.mobile,
      // Whether they are confirmed: the reminder under the header reads these.
      emailVerified: false,
      mobileVerified: false,
    });

    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Ashwini');
    await expect(page.getByLabel('Last name')).toHaveValue('Rao');

    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel('Email').fill(other.email);
    await page.getByLabel('Current password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('That e-mail or mobile number belongs to another account.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
    allowFailedApiCalls(consoleErrors, 409);
  });

  test('a new e-mail address asks for the current password; the old address can restore itself', async ({
    consoleErrors,
    page,
    request,
  }) => {
    await ownAddress(page);
    const account = await register(request);
    await signIn(page, account);
    await page.goto('/my-profile');
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const current = page.getByLabel('Current password', { exact: true });
    // Name and mobile alone: no password asked.
    await page.getByLabel('Mobile number').fill(uniqueMobile());
    await expect(current).toHaveCount(0);

    const newEmail = uniqueEmail('moved');
    await page.getByLabel('Email').fill(newEmail);
    await expect(current).toBeVisible();
    await expect(page.getByText('Needed to change your e-mail address.')).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Enter your current password to change your e-mail address')).toBeVisible();
    await expect(current).toBeFocused();
    await expect(current).toHaveAttribute('aria-invalid', 'true');

    await current.fill('not-my-password-1');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.locator('.form-error', { hasText: 'Your current password is not correct' }),
    ).toBeVisible();
    // The session is still there: a wrong password is not a sign-out.
    await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible();

    await current.fill(password);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToastShown(page, 'Profile updated successfully');
    await expect(page.getByLabel('Email')).toHaveValue(newEmail);
    await expect(current).toHaveCount(0);

    // The old address is told, with a link that undoes the change.
    const link = await mailedLinkFor(account.email, 'restore-email');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Restore your e-mail address');
    await page.getByRole('button', { name: 'Restore my e-mail address' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your old e-mail address is back' }),
    ).toBeVisible();
    // Signed out here and everywhere; the reset link went to the old address.
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    const me = await request.get('/api/user/me', { headers: { authorization: `Bearer ${account.token}` } });
    expect(me.status()).toBe(401);
    expect(await resetLinkFor(account.email)).toMatch(/^\/reset-password\//);

    // Once only.
    await page.goto(link);
    await page.getByRole('button', { name: 'Restore my e-mail address' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'invalid, expired or already used' }),
    ).toBeVisible();
    allowFailedApiCalls(consoleErrors, 400, 403);
  });

  test('Log out ends the session', async ({ page, request }) => {
    // A session of its own, so logging it out leaves the shared account's other sessions alone.
    const account = await login(request, (await sharedAccount(request)).email);
    await signIn(page, account);
    await page.goto('/my-profile');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveURL('/login?next=%2Fmy-profile');
    expect(await page.evaluate(() => localStorage.getItem('customer'))).toBeNull();
    const me = await request.get('/api/user/me', { headers: { authorization: `Bearer ${account.token}` } });
    expect(me.status()).toBe(401);
  });
});
