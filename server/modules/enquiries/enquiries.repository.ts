import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { SupportKind } from '../../../shared/schemas/grievance.js';
import type { Executor } from '../../db/client.js';
import { enquiries, enquiryNotes, staff } from '../../db/schema.js';

export type EnquiryRow = typeof enquiries.$inferSelect;
export type EnquiryStatus = EnquiryRow['status'];
export type EnquiryNoteRow = typeof enquiryNotes.$inferSelect & {
  author: { id: string; firstname: string; lastname: string; email: string } | null;
};

/** `%` and `_` typed by staff are letters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The original shop stored `submitted` (lower case) by default: such rows count as Submitted.
 * Everything this shop writes uses the four statuses as spelt.
 */
function statusIs(status: EnquiryStatus): SQL {
  return status === 'Submitted'
    ? inArray(enquiries.status, ['Submitted', 'submitted' as EnquiryStatus])
    : eq(enquiries.status, status);
}

function searchCondition(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const like = `%${escapeLike(text.toLowerCase())}%`;
  const digits = text.replace(/\D/g, '');
  return sql`(lower(${enquiries.name}) like ${like} or lower(${enquiries.email}) like ${like}
    or lower(${enquiries.comment}) like ${like}${digits.length >= 3 ? sql` or ${enquiries.mobile} like ${`%${digits.slice(-10)}%`}` : sql``})`;
}

export async function newestEnquiries(db: Executor, limit: number): Promise<EnquiryRow[]> {
  return db.select().from(enquiries).orderBy(desc(enquiries.createdAt), desc(enquiries.id)).limit(limit);
}

export async function findEnquiry(
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<EnquiryRow | undefined> {
  const query = db.select().from(enquiries).where(eq(enquiries.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The status, and when it was resolved (cleared again if it is reopened). */
export async function setEnquiryStatus(db: Executor, id: string, status: EnquiryStatus): Promise<EnquiryRow> {
  const [row] = await db
    .update(enquiries)
    .set({
      status,
      resolvedAt: status === 'Resolved' ? sql`coalesce(${enquiries.resolvedAt}, now())` : null,
    })
    .where(eq(enquiries.id, id))
    .returning();
  return row!;
}

export async function deleteEnquiry(db: Executor, id: string): Promise<EnquiryRow | undefined> {
  const [row] = await db.delete(enquiries).where(eq(enquiries.id, id)).returning();
  return row;
}

export type EnquiryListRow = EnquiryRow & { noteCount: number };

/**
 * Past its time limit: not resolved and past `respond_by`, or not acknowledged by `acknowledge_by`.
 * Contact-form enquiries have no deadlines, so they are never overdue. `now` is the database's.
 */
export const overdueCondition: SQL = sql`(${enquiries.status} <> 'Resolved' and (${enquiries.respondBy} < now()
  or (${enquiries.acknowledgedAt} is null and ${enquiries.acknowledgeBy} < now())))`;

/**
 * Most urgent first: overdue rows, then open tickets by their nearest deadline, then everything
 * else newest first (the inbox as it always read for contact-form messages).
 */
const urgency = [
  sql`case when ${overdueCondition} then 0 when ${enquiries.status} <> 'Resolved' and ${enquiries.respondBy} is not null then 1 else 2 end`,
  sql`case when ${enquiries.status} <> 'Resolved' then least(${enquiries.respondBy}, case when ${enquiries.acknowledgedAt} is null then ${enquiries.acknowledgeBy} end) end asc nulls last`,
  desc(enquiries.createdAt),
  desc(enquiries.id),
];

export type InboxFilters = {
  status?: EnquiryStatus | undefined;
  q?: string | undefined;
  kind?: SupportKind | undefined;
  overdue?: boolean | undefined;
};

function inboxCondition(filters: Omit<InboxFilters, 'status'>): SQL | undefined {
  return and(
    searchCondition(filters.q),
    filters.kind ? eq(enquiries.kind, filters.kind) : undefined,
    filters.overdue ? overdueCondition : undefined,
  );
}

export async function listEnquiries(
  db: Executor,
  filters: InboxFilters,
  offset: number,
  limit: number,
): Promise<EnquiryListRow[]> {
  const rows = await db
    .select({
      enquiry: enquiries,
      // Qualified in full: in a single-table query drizzle leaves "id" bare, which would be the note's.
      noteCount: sql<number>`(select count(*)::int from ${enquiryNotes} n where n.enquiry_id = "enquiries"."id")`,
    })
    .from(enquiries)
    .where(and(filters.status ? statusIs(filters.status) : undefined, inboxCondition(filters)))
    .orderBy(...urgency)
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({ ...row.enquiry, noteCount: Number(row.noteCount) }));
}

/** How many enquiries match the filters, per stored status (one pass for every tab). */
export async function countByStatus(
  db: Executor,
  filters: Omit<InboxFilters, 'status'>,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: enquiries.status, n: sql<number>`count(*)::int` })
    .from(enquiries)
    .where(inboxCondition(filters))
    .groupBy(enquiries.status);
  return new Map(rows.map((row) => [row.status, Number(row.n)]));
}

/** For the kind buttons and the Overdue button: how many match the search, per kind, and overdue. */
export async function countByKind(
  db: Executor,
  q: string | undefined,
): Promise<{ kinds: Map<string, number>; overdue: number }> {
  const rows = await db
    .select({
      kind: enquiries.kind,
      n: sql<number>`count(*)::int`,
      overdue: sql<number>`(count(*) filter (where ${overdueCondition}))::int`,
    })
    .from(enquiries)
    .where(searchCondition(q))
    .groupBy(enquiries.kind);
  return {
    kinds: new Map(rows.map((row) => [row.kind, Number(row.n)])),
    overdue: rows.reduce((sum, row) => sum + Number(row.overdue), 0),
  };
}

export async function countOverdue(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(enquiries).where(overdueCondition);
  return Number(row?.n ?? 0);
}

/**
 * Stores a ticket numbered `<prefix>-<year>-<serial>`, the serial from `support_ticket_seq` in the
 * same statement: a sequence never hands the same value out twice, whatever runs at once.
 */
export async function insertTicket(
  db: Executor,
  values: Omit<typeof enquiries.$inferInsert, 'ticketNumber'>,
  ticket: { prefix: string; year: number },
): Promise<EnquiryRow> {
  const [row] = await db
    .insert(enquiries)
    .values({
      ...values,
      ticketNumber: sql`${`${ticket.prefix}-${ticket.year}-`} || lpad(nextval('support_ticket_seq')::text, 6, '0')`,
    })
    .returning();
  return row!;
}

export async function setAcknowledged(db: Executor, id: string, at: Date): Promise<EnquiryRow | undefined> {
  const [row] = await db
    .update(enquiries)
    .set({ acknowledgedAt: at })
    .where(and(eq(enquiries.id, id), sql`${enquiries.acknowledgedAt} is null`))
    .returning();
  return row;
}

/** Tickets a signed-in customer filed, newest first. */
export async function ticketsOfUser(db: Executor, userId: string, limit: number): Promise<EnquiryRow[]> {
  return db
    .select()
    .from(enquiries)
    .where(and(eq(enquiries.userId, userId), sql`${enquiries.kind} <> 'enquiry'`))
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
    .limit(limit);
}

/** Whether staff have written anything on it yet (a reply or a note): resolving needs one. */
export async function hasNotes(db: Executor, enquiryId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: enquiryNotes.id })
    .from(enquiryNotes)
    .where(eq(enquiryNotes.enquiryId, enquiryId))
    .limit(1);
  return Boolean(row);
}

export async function countWithStatus(db: Executor, status: EnquiryStatus): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(enquiries).where(statusIs(status));
  return Number(row?.n ?? 0);
}

/**
 * The thread, oldest first, with each author's name. The author comes from `staff` in the same
 * statement (a read; the staff module owns the table and the note keeps only the id).
 */
export async function notesOf(db: Executor, enquiryId: string): Promise<EnquiryNoteRow[]> {
  const rows = await db
    .select({
      note: enquiryNotes,
      authorId: staff.id,
      firstname: staff.firstname,
      lastname: staff.lastname,
      email: staff.email,
    })
    .from(enquiryNotes)
    .leftJoin(staff, eq(staff.id, enquiryNotes.staffId))
    .where(eq(enquiryNotes.enquiryId, enquiryId))
    .orderBy(asc(enquiryNotes.createdAt), asc(enquiryNotes.id));
  return rows.map((row) => ({
    ...row.note,
    author:
      row.authorId === null
        ? null
        : { id: row.authorId, firstname: row.firstname!, lastname: row.lastname!, email: row.email! },
  }));
}

export async function insertNote(
  db: Executor,
  values: { enquiryId: string; staffId: string | null; kind: 'note' | 'reply'; body: string },
): Promise<typeof enquiryNotes.$inferSelect> {
  const [row] = await db.insert(enquiryNotes).values(values).returning();
  return row!;
}

/** Whose enquiries and tickets are asked for: the account, its address and when that was proved. */
export type TicketOwner = { userId: string; email: string; emailVerifiedAt: Date | null };

/**
 * Filed from the account, or sent with its address (stored as typed: compared case aside) since the
 * address was proved.
 */
function ownedBy(owner: TicketOwner) {
  const byAddress = owner.emailVerifiedAt
    ? sql` or (lower(${enquiries.email}) = ${owner.email.toLowerCase()} and ${enquiries.createdAt} >= ${owner.emailVerifiedAt})`
    : sql``;
  return sql`(${enquiries.userId} = ${owner.userId}${byAddress})`;
}

/** The owner's enquiries and tickets, newest first. */
export async function ticketsOfOwner(db: Executor, owner: TicketOwner): Promise<EnquiryRow[]> {
  return db.select().from(enquiries).where(ownedBy(owner)).orderBy(desc(enquiries.createdAt));
}

/**
 * Erasure: the enquiries, complaints and data requests of the owner (ownedBy), and
 * staff's notes and replies on them, keep only that they existed, their ticket number, when and
 * their status (the inbox's counts and deadlines stay true).
 */
export async function eraseEnquiriesOf(db: Executor, owner: TicketOwner): Promise<string[]> {
  // The addresses they were sent from (a ticket may give another one): their e-mails go too.
  const addresses = await db.selectDistinct({ email: enquiries.email }).from(enquiries).where(ownedBy(owner));
  const erased = await db
    .update(enquiries)
    .set({
      name: 'Former customer',
      email: 'erased@erased.invalid',
      mobile: '',
      comment: '(erased at the customer’s request)',
      updatedAt: new Date(),
    })
    .where(ownedBy(owner))
    .returning({ id: enquiries.id });
  if (erased.length > 0) {
    await db
      .update(enquiryNotes)
      .set({ body: '(erased at the customer’s request)' })
      .where(
        inArray(
          enquiryNotes.enquiryId,
          erased.map((row) => row.id),
        ),
      );
  }
  return addresses.map((row) => row.email);
}
