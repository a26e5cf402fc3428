import type { APIRequestContext, Page } from '@playwright/test';
import type { ApiProduct } from '../shared/api-types';
import { type Customer, createCustomer, expect } from './fixtures';

/** Helpers the shopping specs share (product, cart, wishlist, reviews, checkout, home). */

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export const rupees = (value: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(value);

/** One account for a whole spec file (sign-ups are rate limited), created on first use. */
export function accountPerFile(): (request: APIRequestContext) => Promise<Customer> {
  let account: Promise<Customer> | undefined;
  return (request) => {
    account ??= createCustomer(request);
    return account;
  };
}

export async function product(request: APIRequestContext, slug: string): Promise<ApiProduct> {
  const response = await request.get(`/api/product/${slug}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ApiProduct;
}

/**
 * Every toast shown, recorded as it appears: a toast closes after 1 s, sooner than a slow
 * assertion poll may look on a busy machine. `expectToast` waits for one and consumes it, so the
 * same message twice needs two toasts.
 */
export async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (!(node instanceof Element)) continue;
          for (const element of [node, ...node.querySelectorAll('.toast-message')]) {
            if (element.classList.contains('toast-message')) seen.push(element.textContent ?? '');
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

export async function expectToast(page: Page, text: string) {
  await expect
    .poll(
      () =>
        page.evaluate((wanted) => {
          const seen = (window as unknown as { __toasts?: string[] }).__toasts ?? [];
          const index = seen.findIndex((message) => message.includes(wanted));
          if (index < 0) return false;
          seen.splice(index, 1);
          return true;
        }, text),
      { message: `toast '${text}'` },
    )
    .toBe(true);
}

/** Expected API failures (a test routes a 500, or a 409 is the point) are not console errors. */
export function allowFailedApiCalls(consoleErrors: string[], ...statuses: number[]) {
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    const match = consoleErrors[i]!.match(/status of (\d+) .*\(https?:\/\/[^/]+\/api\//);
    if (match && statuses.includes(Number(match[1]))) consoleErrors.splice(i, 1);
  }
}

/**
 * The same record kept across page reloads (sign-in reloads the page): `expectToastShown` only
 * checks that a toast with the text has appeared, without consuming it.
 */
export async function recordToastsAcrossReloads(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      for (const message of document.querySelectorAll('.toast-message')) {
        const text = message.textContent ?? '';
        if (!(message as HTMLElement).dataset.recorded) {
          (message as HTMLElement).dataset.recorded = '1';
          seen.push(text);
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

export async function expectToastShown(page: Page, text: string, timeout = 15_000) {
  await expect
    .poll(
      // A page that is reloading has no answer yet: ask again.
      () =>
        page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? []).catch(() => []),
      {
        timeout,
        message: `a toast saying "${text}"`,
      },
    )
    .toContain(text);
}
