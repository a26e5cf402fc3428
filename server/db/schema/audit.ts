import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { staff } from './staff.js';

/** The audit trail of staff actions. */

/**
 * The audit trail: every staff write (and sign-in) with who, what, when, and the record before and
 * after. Rows are only ever inserted; the console shows them to owners.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    // The actor's e-mail as it was, so the trail reads true after a staff member leaves.
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_created_idx').on(t.createdAt),
    index('audit_events_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    index('audit_events_staff_idx').on(t.staffId, t.createdAt),
  ],
);
