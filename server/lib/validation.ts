import type { z } from 'zod';
import { badRequest } from './errors.js';

/**
 * Parses input with a shared schema; the first problem becomes the message and every problem a
 * field error, so a form can show each message under its field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = result.error.issues[0];
  throw badRequest(first?.message ?? 'Invalid request.', fields);
}
