import * as z from 'zod/mini';
import {
  forgotPasswordSchema,
  loginSchema,
  passwordField,
  profileFormSchema,
  registerSchema,
} from '../../../shared/schemas/auth';
import { zodResolver } from '../../lib/form';

/**
 * The account forms' rules: the shared schemas the server checks them with (and most of zod with
 * them), loaded when a form is first used (`lazyRules`, web/lib/form.ts), not with its page.
 */
export const loginRules = zodResolver(loginSchema);
export const registerRules = zodResolver(registerSchema);
export const forgotPasswordRules = zodResolver(forgotPasswordSchema);

/** The profile form: the current password is asked for once the e-mail differs from `email`. */
export const profileRules = (email: string) => zodResolver(profileFormSchema(email));

/** The new password, typed twice. */
const resetFormSchema = z
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
export type ResetPasswordInput = z.input<typeof resetFormSchema>;
export const resetPasswordRules = zodResolver(resetFormSchema);
