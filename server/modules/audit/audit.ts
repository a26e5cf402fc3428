import type { PersonalDataReadAction } from '../../../shared/audit-kinds.js';
import type { Executor } from '../../db/client.js';
import { insertAuditEvent, lastRecordedSince, redactAuditEvents } from './audit.repository.js';

/**
 * Who did something, for the audit trail: a staff member (the request's `currentStaff`), or an
 * e-mail typed at a sign-in that matched nobody (`id` null).
 */
export type AuditActor = {
  id: string | null;
  email: string;
  ip?: string | null | undefined;
  /** Set once something was recorded for this request (a staff write without one is logged). */
  audited?: boolean;
};

export type AuditEntry = {
  /** `<entity>.<verb>`, e.g. `product.update`, `staff.login_failed`. */
  action: string;
  entityType: string;
  entityId?: string | null | undefined;
  /** One line for people: "Changed price of Galaxy S24 from ₹79,999.00 to ₹74,999.00". */
  summary?: string;
  before?: unknown;
  after?: unknown;
};

/** Fields never copied into the trail, whatever record is being described. */
const SECRET_FIELDS = new Set(['passwordHash', 'password', 'totpSecret', 'tokenHash', 'token', 'codeHash']);

function withoutSecrets(value: unknown): unknown {
  if (value === undefined || value === null) return value ?? null;
  return JSON.parse(
    JSON.stringify(value, (key, inner: unknown) => (SECRET_FIELDS.has(key) ? '[hidden]' : inner)),
  );
}

/**
 * Records one staff action. Pass the transaction that makes the change, so the trail and the change
 * commit (or roll back) together: nothing a staff member does is invisible.
 */
export async function recordAudit(db: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await insertAuditEvent(db, {
    staffId: actor.id,
    actor: actor.email,
    ip: actor.ip ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    summary: entry.summary ?? '',
    before: withoutSecrets(entry.before),
    after: withoutSecrets(entry.after),
  });
  actor.audited = true;
}

/** A list, search, export or report of customers' personal data that staff read at once. */
export type BulkRead = {
  action: PersonalDataReadAction;
  entityType: string;
  /** What was read, in staff's words: "the customer list (console)". */
  source: string;
  /** The filters, search, sort and page as asked; empty ones are left out. */
  query: Record<string, unknown>;
  /** Records in the answer. */
  rows: number;
  /** Records matching, when the answer is one page of them. */
  total?: number | undefined;
};

/**
 * Records who read what in bulk: the query and how many records it returned, never the records
 * (the trail must not become a second copy of the data it watches). A search term is kept, as it
 * says whom staff looked for; erasing that customer redacts it like any other mention.
 */
export async function recordBulkRead(db: Executor, actor: AuditActor, read: BulkRead): Promise<void> {
  const asked = Object.fromEntries(
    Object.entries(read.query).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
  const terms = Object.entries(asked)
    .map(([key, value]) => `${key} ${JSON.stringify(value)}`)
    .join(', ');
  const count = read.total === undefined ? `${read.rows}` : `${read.rows} of ${read.total}`;
  await recordAudit(db, actor, {
    action: read.action,
    entityType: read.entityType,
    summary: `Read ${read.source}${terms ? ` (${terms})` : ''}: ${count} ${read.rows === 1 && read.total === undefined ? 'record' : 'records'}`,
    after: {
      source: read.source,
      query: asked,
      rows: read.rows,
      ...(read.total === undefined ? {} : { total: read.total }),
    },
  });
}

/**
 * Erasure (decision 021): the trail keeps every entry (who did what, when) but not the erased
 * customer's name, e-mail or mobile, which become "[erased]" where staff actions wrote them.
 */
export async function redactPersonFromAudit(
  tx: Executor,
  person: { firstname: string; lastname: string; email: string; mobile: string },
): Promise<number> {
  const fullName = `${person.firstname} ${person.lastname}`.trim();
  return redactAuditEvents(tx, [fullName, person.email, person.mobile, person.firstname, person.lastname]);
}

/**
 * For actions that must not happen twice by accident (a double click on "Send the offer"): when
 * the same action with the same summary was recorded since `since`. Call inside the transaction
 * that will record the action: concurrent callers are serialised until it commits.
 */
export function sameActionSince(tx: Executor, action: string, summary: string, since: Date) {
  return lastRecordedSince(tx, action, summary, since);
}
