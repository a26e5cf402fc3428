import * as z from 'zod/mini';
import { badRequest } from './errors.js';

/**
 * Parses input with a shared schema; the first problem becomes the message and every problem a
 * field error, so a form can show each message under its field.
 */
export function parseInput<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  // Classic and mini zod schemas alike (shared/ uses mini so the browser ships less).
  const result = z.safeParse(schema, input ?? {});
  if (result.success) return result.data;
  throw validationError(result.error.issues);
}

/** The 400 for a failed parse: the first problem is the message, every problem a field error. */
export function validationError(issues: readonly z.core.$ZodIssue[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return badRequest(issues[0]?.message ?? 'Invalid request.', fields);
}
