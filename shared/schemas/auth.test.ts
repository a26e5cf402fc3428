import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { profileFormSchema, profileSchema, registerSchema, resetPasswordFormSchema } from './auth.js';

const profile = { firstname: 'Asha', lastname: 'Rao', email: 'asha@example.in', mobile: '8282326974' };

function errors(schema: z.core.$ZodType, value: unknown) {
  const result = z.safeParse(schema, value);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('mobile as the original client sends it', () => {
  it('accepts a JSON number as the string of its digits, on the profile and on sign-up', () => {
    expect(z.parse(profileSchema, { ...profile, mobile: 8282326974 }).mobile).toBe('8282326974');
    expect(z.parse(profileSchema, { ...profile, mobile: 918282326974 }).mobile).toBe('8282326974');
    expect(
      z.parse(registerSchema, { ...profile, mobile: 9123456789, password: 'correct horse' }).mobile,
    ).toBe('9123456789');
  });

  it('holds a number to the same rule as text', () => {
    const invalid = 'Enter a valid 10-digit Indian mobile number';
    for (const mobile of [12345, 1282326974, 8282326974.5, 1e21]) {
      expect(errors(profileSchema, { ...profile, mobile }), String(mobile)).toEqual({ mobile: invalid });
    }
    expect(errors(profileSchema, { ...profile, mobile: undefined })).toEqual({
      mobile: 'Mobile number is required',
    });
    expect(errors(profileSchema, { ...profile, mobile: true })).toEqual({
      mobile: 'Mobile number is required',
    });
  });
});

describe('profile form', () => {
  it('asks for the current password only when the e-mail changes', () => {
    const schema = profileFormSchema('asha@example.in');
    expect(errors(schema, profile)).toEqual({});
    expect(errors(schema, { ...profile, email: ' ASHA@example.in ' })).toEqual({});
    expect(errors(schema, { ...profile, email: 'new@example.in', currentPassword: '' })).toEqual({
      currentPassword: 'Enter your current password to change your e-mail address',
    });
    expect(errors(schema, { ...profile, email: 'new@example.in', currentPassword: 'secret' })).toEqual({});
  });
});

describe('the reset form', () => {
  /** The first message of each field, as the form shows it (web/lib/form.ts). */
  const firstMessages = (value: unknown) => {
    const result = z.safeParse(resetPasswordFormSchema, value);
    const messages: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) messages[String(issue.path[0])] ??= issue.message;
    return messages;
  };

  it('wants the new password twice, the same both times, and says so under the second', () => {
    const password = 'correct-horse-42';
    expect(firstMessages({ password, confirm: '' })).toEqual({ confirm: 'Please type the password again' });
    expect(firstMessages({ password, confirm: 'correct-horse-43' })).toEqual({
      confirm: 'The passwords do not match',
    });
    expect(firstMessages({ password, confirm: password })).toEqual({});
  });
});
