import {
  forgotPasswordSchema,
  loginSchema,
  profileFormSchema,
  registerSchema,
  resetPasswordFormSchema,
} from '../../../shared/schemas/auth';
import { zodResolver } from '../../lib/form';

export type { ResetPasswordFormInput as ResetPasswordInput } from '../../../shared/schemas/auth';

/**
 * The account forms' rules: the shared schemas the server checks them with (and most of zod with
 * them), loaded when a form is first used (`lazyRules`, web/lib/form.ts), not with its page. Their
 * messages are English; web/i18n/messages/<locale>/errors.json has them in the other languages.
 */
export const loginRules = zodResolver(loginSchema);
export const registerRules = zodResolver(registerSchema);
export const forgotPasswordRules = zodResolver(forgotPasswordSchema);

/** The profile form: the current password is asked for once the e-mail differs from `email`. */
export const profileRules = (email: string) => zodResolver(profileFormSchema(email));

/** The new password, typed twice. */
export const resetPasswordRules = zodResolver(resetPasswordFormSchema);
