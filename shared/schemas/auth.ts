import * as z from 'zod/mini';
import { emailField, languageField, mobileField, requiredText } from './fields.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-limits.js';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

export const passwordField = z
  .string({ error: 'Password is required' })
  .check(
    z.minLength(1, 'Password is required'),
    z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
    z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  );

const nameFields = {
  firstname: requiredText('First name is required', 60),
  lastname: requiredText('Last name is required', 60),
};

export const registerSchema = z.object({
  ...nameFields,
  email: emailField,
  mobile: mobileField('Mobile number is required'),
  password: passwordField,
  /** The separate, unticked "offers by e-mail" box; absent means no. */
  marketingEmails: z.optional(z.boolean({ error: 'marketingEmails must be true or false' })),
  /** The language of every e-mail to the account: the page's; English when left out. */
  language: languageField,
});

/** Login checks presence only: a length rule here would reveal which accounts predate it. */
export const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: 'Password is required' })
    .check(z.minLength(1, 'Password is required'), z.maxLength(PASSWORD_MAX_LENGTH, 'Invalid Credentials')),
});

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z.object({ password: passwordField });

/** The reset form: the new password, typed twice (only `password` is sent). */
export const resetPasswordFormSchema = z
  .object({
    password: passwordField,
    confirm: z
      .string({ error: 'Please type the password again' })
      .check(z.minLength(1, 'Please type the password again')),
  })
  .check(
    z.refine((values) => values.password === values.confirm, {
      path: ['confirm'],
      message: 'The passwords do not match',
    }),
  );

export const CURRENT_PASSWORD_MESSAGES = {
  required: 'Enter your current password to change your e-mail address',
  wrong: 'Your current password is not correct',
} as const;

/**
 * `currentPassword` matters only when the e-mail changes, which the schema alone cannot tell (the
 * server compares with the stored address; the form uses profileFormSchema).
 */
export const profileSchema = z.object({
  ...nameFields,
  email: emailField,
  mobile: mobileField('Mobile number is required'),
  currentPassword: z.optional(
    z
      .string({ error: CURRENT_PASSWORD_MESSAGES.required })
      .check(z.maxLength(PASSWORD_MAX_LENGTH, CURRENT_PASSWORD_MESSAGES.wrong)),
  ),
  /** The language of every e-mail from now on; left out, it stays as it is. */
  language: languageField,
});

/** The profile form: the current password is required once the e-mail differs from `currentEmail`. */
export function profileFormSchema(currentEmail: string) {
  return profileSchema.check(
    z.refine((values) => values.email === currentEmail || Boolean(values.currentPassword), {
      path: ['currentPassword'],
      message: CURRENT_PASSWORD_MESSAGES.required,
    }),
  );
}

export type RegisterInput = z.input<typeof registerSchema>;
export type LoginInput = z.input<typeof loginSchema>;
export type ProfileInput = z.input<typeof profileSchema>;
export type Registration = z.output<typeof registerSchema>;
export type Credentials = z.output<typeof loginSchema>;
export type ProfileChange = z.output<typeof profileSchema>;
export type PasswordResetRequest = z.output<typeof forgotPasswordSchema>;
export type NewPassword = z.output<typeof resetPasswordSchema>;
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;
