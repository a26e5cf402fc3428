import * as z from 'zod/mini';
import { normalizeIndianMobile } from '../india.js';
import { locales } from '../locales.js';
import { plainText } from './plain-text.js';

/**
 * Field rules shared by forms (messages under each field) and the API (400 with field errors).
 * Messages are the original shop's where it had one: its clients show them as they are.
 *
 * Written with zod/mini, whose functions tree-shake: the browser ships the few rules a form uses
 * (about a quarter of classic zod's bytes), and the server runs the very same schemas.
 */
export const MOBILE_MESSAGE = 'Enter a valid 10-digit Indian mobile number';

export const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.maxLength(max, `Please keep this under ${max} characters`));

/** requiredText that also refuses HTML markup (plain-text.ts says why). */
export const requiredPlainText = (message: string, max = 200) =>
  requiredText(message, max).check(plainText());

export const emailField = z.pipe(
  z
    .string({ error: 'Email is required' })
    .check(z.trim(), z.minLength(1, 'Email is required'), z.maxLength(254, 'Invalid email address')),
  z.email('Invalid email address').check(z.toLowerCase()),
);

/** A mobile number as typed (+91, spaces, a leading 0), normalised to the 10 digits. */
export const indianMobile = z.transform((value: string, ctx) => {
  const normalized = normalizeIndianMobile(value);
  if (!normalized) {
    ctx.issues.push({ code: 'custom', message: MOBILE_MESSAGE, input: value });
    return z.NEVER;
  }
  return normalized;
});

/**
 * The original shop's profile form sends the mobile as a JSON number (8282326974): a number counts
 * as the string of its digits, then meets the same rule (a fraction or a sign fails it).
 */
const numberAsDigits = z.transform((value: string | number) =>
  typeof value === 'number' ? String(value) : value,
);

export const mobileField = (requiredMessage: string) =>
  z.pipe(
    z.pipe(
      numberAsDigits,
      z
        .string({ error: requiredMessage })
        .check(z.trim(), z.minLength(1, requiredMessage), z.maxLength(20, MOBILE_MESSAGE)),
    ),
    indianMobile,
  );

export const LANGUAGE_MESSAGE = `Choose a language the shop writes in: ${locales.join(' or ')}`;

/**
 * The language the shop writes to someone in (shared/locales.ts): an account's, or the page's a
 * contact message or complaint was sent from. Optional everywhere (English, or what was chosen).
 */
export const languageField = z.optional(z.enum(locales, { error: LANGUAGE_MESSAGE }));
