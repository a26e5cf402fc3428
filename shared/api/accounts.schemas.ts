import * as z from 'zod/mini';
import { locales } from '../locales.js';
import {
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
} from '../schemas/auth.js';

/** The only shape a customer's account leaves the server in: never the hash, role or tokens. */
export const userAnswer = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  mobile: z.string(),
  /** Whether the e-mail address and the mobile number were proved by a link or code sent to them. */
  emailVerified: z.boolean(),
  mobileVerified: z.boolean(),
  /** The language the shop writes to the customer in: every e-mail (shared/locales.ts). */
  language: z.enum(locales),
  createdAt: z.string(),
});
export type ApiUser = z.output<typeof userAnswer>;

/**
 * The original clients' sign-in answer: the account without `createdAt`, and the bearer token of
 * the new session (also the original admin client's, for a staff member).
 */
export const legacySignedInAnswer = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  mobile: z.string(),
  token: z.string(),
});
export type ApiLegacySignedIn = z.output<typeof legacySignedInAnswer>;

/**
 * Login's answer: that, whether the e-mail and mobile are confirmed (the storefront's reminder), and
 * the account's language.
 */
export const signedInAnswer = z.extend(legacySignedInAnswer, {
  emailVerified: z.boolean(),
  mobileVerified: z.boolean(),
  language: z.enum(locales),
});
export type ApiSignedIn = z.output<typeof signedInAnswer>;

/** Answers that only confirm something happened: a sentence to show. */
export const messageAnswer = z.object({ message: z.string() });
export type ApiMessage = z.output<typeof messageAnswer>;

/** A token from an e-mailed link; its format is checked by the service, with the link's message. */
const tokenParams = z.object({ token: z.string() });

export const register = { body: registerSchema, response: userAnswer };
export const login = { body: loginSchema, response: signedInAnswer };
export const logout = { response: messageAnswer };
export const me = { response: userAnswer };
export const editProfile = { body: profileSchema, response: userAnswer };
export const restoreEmail = { params: tokenParams, response: messageAnswer };
export const forgotPassword = { body: forgotPasswordSchema, response: messageAnswer };
/** A 6-digit code (spaces allowed), checked by the service with its own messages. */
export const mobileCodeBody = z.object({ code: z.string().check(z.maxLength(20)) });
/** Where a code went, masked ("pr•••@example.com" while codes go by e-mail). */
export const codeSentAnswer = z.object({ message: z.string(), sentTo: z.string() });

export const resendEmailVerification = { response: messageAnswer };
export const verifyEmail = { params: tokenParams, response: messageAnswer };
export const sendMobileCode = { response: codeSentAnswer };
export const verifyMobile = { body: mobileCodeBody, response: messageAnswer };
export const resetPassword = { params: tokenParams, body: resetPasswordSchema, response: messageAnswer };
