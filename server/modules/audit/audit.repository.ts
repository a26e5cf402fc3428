import { and, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { auditEvents } from '../../db/schema.js';

export type AuditEventRow = typeof auditEvents.$inferSelect;
export type NewAuditEvent = typeof auditEvents.$inferInsert;

export async function insertAuditEvent(db: Executor, values: NewAuditEvent): Promise<void> {
  await db.insert(auditEvents).values(values);
}

export type AuditFilter = {
  staffId?: string | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  /** Any of these actions (a kind of entry, such as the reads of personal data). */
  actions?: readonly string[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Keyset: events older than this one (createdAt, id). */
  before?: { createdAt: Date; id: string } | undefined;
};

/** Newest first, `limit` rows, walking the created_at index from the cursor. */
export async function listAuditEvents(
  db: Executor,
  filter: AuditFilter,
  limit: number,
): Promise<AuditEventRow[]> {
  const conditions: (SQL | undefined)[] = [
    filter.staffId ? eq(auditEvents.staffId, filter.staffId) : undefined,
    filter.entityType ? eq(auditEvents.entityType, filter.entityType) : undefined,
    filter.entityId ? eq(auditEvents.entityId, filter.entityId) : undefined,
    filter.action ? eq(auditEvents.action, filter.action) : undefined,
    filter.actions ? inArray(auditEvents.action, [...filter.actions]) : undefined,
    filter.from ? sql`${auditEvents.createdAt} >= ${filter.from}` : undefined,
    filter.to ? sql`${auditEvents.createdAt} < ${filter.to}` : undefined,
    filter.before
      ? or(
          lt(auditEvents.createdAt, filter.before.createdAt),
          and(eq(auditEvents.createdAt, filter.before.createdAt), lt(auditEvents.id, filter.before.id)),
        )
      : undefined,
  ];
  return db
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(limit);
}

export async function findAuditEvent(db: Executor, id: string): Promise<AuditEventRow | undefined> {
  const [row] = await db.select().from(auditEvents).where(eq(auditEvents.id, id)).limit(1);
  return row;
}

/**
 * Replaces each of `words` (an erased customer's name, e-mail, mobile) with "[erased]" wherever the
 * trail wrote it: the summaries and the before/after records. Case-insensitive.
 */
export async function redactAuditEvents(db: Executor, words: string[]): Promise<number> {
  const literally = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
  let changed = 0;
  for (const word of words.filter((w) => w.trim().length >= 3)) {
    const inText = literally(word);
    // As it is written inside the JSON of before/after (quotes and backslashes escaped).
    const inJson = literally(JSON.stringify(word).slice(1, -1));
    const rows = await queryRows<{ id: string }>(
      db,
      sql`update audit_events set
            summary = regexp_replace(summary, ${inText}, '[erased]', 'gi'),
            before = case when before is null then null
                          else regexp_replace(before::text, ${inJson}, '[erased]', 'gi')::jsonb end,
            after = case when after is null then null
                         else regexp_replace(after::text, ${inJson}, '[erased]', 'gi')::jsonb end
          where position(lower(${word}) in lower(summary || coalesce(before::text, '') || coalesce(after::text, ''))) > 0
          returning id`,
    );
    changed += rows.length;
  }
  return changed;
}

/**
 * When an action with exactly this summary was last recorded since `since`, or undefined. Waits
 * for, then holds, a transaction-level lock on the action, so two requests asking at once are
 * answered one after the other (the second sees the first's entry).
 */
export async function lastRecordedSince(
  db: Executor,
  action: string,
  summary: string,
  since: Date,
): Promise<Date | undefined> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`audit:${action}`}))`);
  const [row] = await db
    .select({ createdAt: auditEvents.createdAt })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, action),
        eq(auditEvents.summary, summary),
        sql`${auditEvents.createdAt} >= ${since.toISOString()}`,
      ),
    )
    .orderBy(desc(auditEvents.createdAt))
    .limit(1);
  return row?.createdAt;
}
