import * as z from 'zod/mini';
import { auditKinds } from '../audit-kinds.js';

export const auditEventAnswer = z.object({
  _id: z.string(),
  staffId: z.nullable(z.string()),
  actor: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.nullable(z.string()),
  summary: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ApiAuditEvent = z.output<typeof auditEventAnswer>;

const optionalText = z.optional(z.string().check(z.trim(), z.maxLength(100)));
const optionalDate = z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD')));

export const listAuditEvents = {
  query: z.object({
    staffId: optionalText,
    entityType: optionalText,
    entityId: optionalText,
    action: optionalText,
    kind: z.optional(
      z.enum(Object.keys(auditKinds) as [keyof typeof auditKinds], {
        error: 'kind is personal-data or absent',
      }),
    ),
    /** India dates, inclusive. */
    from: optionalDate,
    to: optionalDate,
    /** The `nextCursor` of the page before. */
    cursor: z.optional(z.string().check(z.maxLength(200))),
    limit: z.optional(
      z.pipe(
        z.transform((value: unknown) => Number(value)),
        z.number().check(z.int('limit must be a whole number'), z.minimum(1), z.maximum(200)),
      ),
    ),
  }),
  response: z.object({ events: z.array(auditEventAnswer), nextCursor: z.nullable(z.string()) }),
};
