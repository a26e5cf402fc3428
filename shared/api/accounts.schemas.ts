import * as z from 'zod/mini';
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
  createdAt: z.string(),
});
export type ApiUser = z.output<typeof userAnswer>;

/** Login's answer: the account without `createdAt`, and the bearer token of the new session. */
export const signedInAnswer = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  mobile: z.string(),
  token: z.string(),
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
export const resetPassword = { params: tokenParams, body: resetPasswordSchema, response: messageAnswer };
