import { z } from 'zod';
import { normalizeIndianMobile } from '../india.js';

/**
 * Field rules shared by forms (messages under each field) and the API (400 with field errors).
 * Messages are the spec's (section 5) where it gives one.
 */
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters`);

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Invalid email address')
  .pipe(z.email('Invalid email address'))
  .transform((email) => email.toLowerCase());

export const mobileField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(20, 'Enter a valid 10-digit Indian mobile number')
    .transform((value, ctx) => {
      const normalized = normalizeIndianMobile(value);
      if (!normalized) {
        ctx.addIssue({ code: 'custom', message: 'Enter a valid 10-digit Indian mobile number' });
        return z.NEVER;
      }
      return normalized;
    });
