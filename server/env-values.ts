import { z } from 'zod';

/** Readers of environment values that config.ts and the settings beside it share. */

// An empty variable (`SMTP_URL=` in a .env file) means "not set", not "invalid".
export const emptyAsUndefined = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

export const optionalUrl = (what: string) =>
  emptyAsUndefined.pipe(z.url({ message: `${what} must be a URL` }).optional());
