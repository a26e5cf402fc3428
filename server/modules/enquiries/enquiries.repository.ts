import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
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

export async function setEnquiryStatus(db: Executor, id: string, status: EnquiryStatus): Promise<EnquiryRow> {
  const [row] = await db.update(enquiries).set({ status }).where(eq(enquiries.id, id)).returning();
  return row!;
}

export async function deleteEnquiry(db: Executor, id: string): Promise<EnquiryRow | undefined> {
  const [row] = await db.delete(enquiries).where(eq(enquiries.id, id)).returning();
  return row;
}

export type EnquiryListRow = EnquiryRow & { noteCount: number };

export async function listEnquiries(
  db: Executor,
  filters: { status?: EnquiryStatus | undefined; q?: string | undefined },
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
    .where(and(filters.status ? statusIs(filters.status) : undefined, searchCondition(filters.q)))
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({ ...row.enquiry, noteCount: Number(row.noteCount) }));
}

/** How many enquiries match the search, per stored status (one pass for every tab). */
export async function countByStatus(db: Executor, q: string | undefined): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: enquiries.status, n: sql<number>`count(*)::int` })
    .from(enquiries)
    .where(searchCondition(q))
    .groupBy(enquiries.status);
  return new Map(rows.map((row) => [row.status, Number(row.n)]));
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

/** Enquiries sent with this e-mail address (stored as typed: compared case aside), newest first. */
export async function enquiriesByEmail(db: Executor, email: string): Promise<EnquiryRow[]> {
  return db
    .select()
    .from(enquiries)
    .where(sql`lower(${enquiries.email}) = ${email.toLowerCase()}`)
    .orderBy(desc(enquiries.createdAt));
}

/**
 * Erasure (issue 17): the enquiries sent with this address, and staff's notes and replies on them,
 * keep only that they existed, when and their status (the inbox's counts stay true).
 */
export async function eraseEnquiriesByEmail(db: Executor, email: string): Promise<number> {
  const erased = await db
    .update(enquiries)
    .set({
      name: 'Former customer',
      email: 'erased@erased.invalid',
      mobile: '',
      comment: '(erased at the customer’s request)',
      updatedAt: new Date(),
    })
    .where(sql`lower(${enquiries.email}) = ${email.toLowerCase()}`)
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
  return erased.length;
}
