import * as z from 'zod/mini';

/**
 * Every failure's body: a sentence to show, on a 400 each field's problem, and the request's id
 * (also in X-Request-Id and in every log line of the request) for tracing a customer's report.
 */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.string())),
  requestId: z.optional(z.string()),
});
