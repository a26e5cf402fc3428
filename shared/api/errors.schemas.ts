import * as z from 'zod/mini';

/** Every failure's body: a sentence to show, and on a 400 each field's problem. */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.string())),
});
