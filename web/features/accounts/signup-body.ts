import type { register } from '../../../shared/api/accounts';
import type { BodyOf } from '../../../shared/api/endpoint';
import type { Locale } from '../../../shared/locales';
import type { RegisterInput } from '../../../shared/schemas/auth';

/**
 * What the sign-up form sends: its values and the page's language, so that the shop writes to the
 * new customer in the language they signed up in (their account's `language`).
 */
export function signupBody(values: RegisterInput, locale: Locale): BodyOf<typeof register> {
  return { ...values, language: locale };
}
