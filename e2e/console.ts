import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { StaffRole } from '../shared/staff-roles';

/**
 * The merchant console's e2e helpers. The e2e server creates the first owner from ADMIN_EMAIL and
 * ADMIN_PASSWORD (playwright.config.ts). Staff sign-ins are limited to 10 per e-mail in 15 minutes,
 * so tests sign in as members of their own, invited through the API with the owner's token.
 */
export const OWNER = { email: 'owner@e2e.example.in', password: 'e2e owner password 1' };
export const STAFF_PASSWORD = 'a long staff passphrase';

const outbox = path.join('.data', `e2e-${process.env.E2E_PORT ?? 3100}`, 'outbox');
const randomOctet = () => 1 + Math.floor(Math.random() * 250);
/** Each call looks like its own client to per-address limits (TRUST_PROXY is on in e2e). */
const fromSomewhere = () => ({ 'x-forwarded-for': `10.77.${randomOctet()}.${randomOctet()}` });

export async function staffLogin(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const answer = await request.post('/api/admin/login', {
    data: { email, password },
    headers: fromSomewhere(),
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

let ownerToken: Promise<string> | undefined;
/** One owner session per worker. */
export function ownerSession(request: APIRequestContext): Promise<string> {
  ownerToken ??= staffLogin(request, OWNER.email, OWNER.password);
  return ownerToken;
}

/** The newest invitation link e-mailed to `email` (the dev mailer writes .eml files). */
export async function invitationPathFor(email: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const files = await readdir(outbox).catch(() => [] as string[]);
        for (const file of files.filter((name) => name.endsWith('.eml')).sort()) {
          const raw = await readFile(path.join(outbox, file), 'utf8');
          if (!raw.includes(`To: ${email}`)) continue;
          // Quoted-printable: soft line breaks end in '='.
          found =
            raw.replace(/=\r?\n/g, '').match(/https?:\/\/[^\s"<]+\/admin\/accept-invite\/[\w-]+/)?.[0] ??
            found;
        }
        return found;
      },
      { message: `an invitation to ${email} in ${outbox}` },
    )
    .toBeTruthy();
  return new URL(found!).pathname;
}

export type StaffMember = { email: string; password: string; token: string; role: StaffRole };

/** A new staff member with `role`, invited by the owner and joined through the API. */
export async function createStaffMember(request: APIRequestContext, role: StaffRole): Promise<StaffMember> {
  const email = `${role}-${Date.now()}-${randomOctet()}@staff.e2e.example.in`;
  const owner = await ownerSession(request);
  const invited = await request.post('/api/admin/staff/invites', {
    data: { email, role },
    headers: { authorization: `Bearer ${owner}` },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = (await invitationPathFor(email)).split('/').at(-1)!;
  const joined = await request.post(`/api/admin/invites/${token}/accept`, {
    data: { firstname: 'Test', lastname: role, password: STAFF_PASSWORD },
    headers: fromSomewhere(),
  });
  expect(joined.status(), await joined.text()).toBe(200);
  return { email, password: STAFF_PASSWORD, role, token: ((await joined.json()) as { token: string }).token };
}

/** Signs in through the console's form and waits for the console to open. */
export async function signInToConsole(page: Page, member: { email: string; password: string }) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
}

/** Opens the console already signed in as `member` (its token in localStorage), at `path`. */
export async function openConsoleAs(page: Page, member: { token: string }, consolePath = '/admin') {
  await page.goto('/admin/login');
  await page.evaluate((token) => localStorage.setItem('staff', token), member.token);
  await page.goto(consolePath);
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
}
