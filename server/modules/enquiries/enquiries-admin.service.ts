import type { ApiEnquiry } from '../../../shared/api/enquiries.schemas.js';
import type { ApiEnquiryThread } from '../../../shared/api/enquiries-admin.schemas.js';
import { ADMIN_PAGE_SIZE } from '../../../shared/api/orders-admin.schemas.js';
import { enquiryStatuses } from '../../../shared/schemas/enquiry.js';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { ServiceDeps } from '../../service-deps.js';
import { customerIdByEmail } from '../accounts/customers.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';
import { queueEmail } from '../email-outbox/email-outbox.js';
import { enquiryReplyEmail } from './enquiries.emails.js';
import * as repository from './enquiries.repository.js';

/** The contract's lists answer every record when no limit is sent, up to this many. */
const LEGACY_LIST_MAX = 10_000;
const ENQUIRY_NOT_FOUND = 'There is no enquiry with that id.';
type EnquiryStatus = (typeof enquiryStatuses)[number];

/** The original shop stored `submitted`; anything not one of the four reads as Submitted. */
const knownStatus = (status: string): EnquiryStatus =>
  (enquiryStatuses as readonly string[]).includes(status) ? (status as EnquiryStatus) : 'Submitted';

export function presentEnquiry(row: repository.EnquiryRow): ApiEnquiry {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    comment: row.comment,
    status: knownStatus(row.status),
    createdAt: row.createdAt.toISOString(),
  };
}

/** What an audit record keeps of an enquiry: who wrote, and where it stands (not the message). */
const auditView = (row: repository.EnquiryRow) => ({
  name: row.name,
  email: row.email,
  status: knownStatus(row.status),
});

export type ListEnquiriesQuery = {
  status?: EnquiryStatus | undefined;
  q?: string | undefined;
  page?: number | undefined;
  limit?: number | undefined;
};

/**
 * The enquiries inbox. Every write (status, delete, note, reply) is recorded in the audit trail in
 * its own transaction; a reply is e-mailed after the answer through the mail queue (retried if the
 * mail server fails), kept in the thread, and moves a Submitted enquiry to Contacted.
 */
export function createEnquiriesAdminService(deps: ServiceDeps) {
  const { db } = deps;

  async function thread(executor: Executor, enquiry: repository.EnquiryRow): Promise<ApiEnquiryThread> {
    const [notes, customerId] = await Promise.all([
      repository.notesOf(executor, enquiry.id),
      customerIdByEmail(executor, enquiry.email),
    ]);
    return {
      enquiry: presentEnquiry(enquiry),
      notes: notes.map((note) => ({
        _id: note.id,
        kind: note.kind,
        body: note.body,
        author: note.author && {
          _id: note.author.id,
          name: `${note.author.firstname} ${note.author.lastname}`.trim() || note.author.email,
          email: note.author.email,
        },
        createdAt: note.createdAt.toISOString(),
      })),
      customerId: customerId ?? null,
    };
  }

  async function requireEnquiry(executor: Executor, id: string, lock = false) {
    const row = await repository.findEnquiry(executor, id, { lock });
    if (!row) throw notFound(ENQUIRY_NOT_FOUND);
    return row;
  }

  return {
    /** GET enquiry/: newest first, up to 10,000. */
    async legacyList(): Promise<ApiEnquiry[]> {
      return (await repository.newestEnquiries(db, LEGACY_LIST_MAX)).map(presentEnquiry);
    },

    async legacyGet(id: string): Promise<ApiEnquiry> {
      return presentEnquiry(await requireEnquiry(db, id));
    },

    /** PUT enquiry/:id: only the status is written (the original wrote the whole body). */
    async setStatus(actor: AuditActor, id: string, status: EnquiryStatus): Promise<ApiEnquiry> {
      return db.transaction(async (tx) => {
        const before = await requireEnquiry(tx, id, true);
        const after = await repository.setEnquiryStatus(tx, id, status);
        await recordAudit(tx, actor, {
          action: 'enquiry.status',
          entityType: 'enquiry',
          entityId: id,
          summary: `Enquiry from ${before.name} (${before.email}): ${knownStatus(before.status)} → ${status}`,
          before: auditView(before),
          after: auditView(after),
        });
        return presentEnquiry(after);
      });
    },

    /** DELETE enquiry/:id: answers the deleted enquiry; its notes go with it. */
    async remove(actor: AuditActor, id: string): Promise<ApiEnquiry> {
      return db.transaction(async (tx) => {
        const deleted = await repository.deleteEnquiry(tx, id);
        if (!deleted) throw notFound(ENQUIRY_NOT_FOUND);
        await recordAudit(tx, actor, {
          action: 'enquiry.delete',
          entityType: 'enquiry',
          entityId: id,
          summary: `Deleted the enquiry from ${deleted.name} (${deleted.email})`,
          before: { ...auditView(deleted), comment: deleted.comment, createdAt: deleted.createdAt },
          after: null,
        });
        return presentEnquiry(deleted);
      });
    },

    async list(query: ListEnquiriesQuery) {
      const page = query.page ?? 1;
      const pageSize = query.limit ?? ADMIN_PAGE_SIZE;
      const q = query.q || undefined;
      const [rows, byStatus] = await Promise.all([
        repository.listEnquiries(db, { status: query.status, q }, (page - 1) * pageSize, pageSize),
        repository.countByStatus(db, q),
      ]);
      const counts = { all: 0, Submitted: 0, Contacted: 0, 'In Progress': 0, Resolved: 0 };
      for (const [status, n] of byStatus) {
        counts[knownStatus(status)] += n;
        counts.all += n;
      }
      return {
        enquiries: rows.map((row) => ({ ...presentEnquiry(row), noteCount: row.noteCount })),
        total: query.status ? counts[query.status] : counts.all,
        page,
        pageSize,
        counts,
      };
    },

    async get(id: string): Promise<ApiEnquiryThread> {
      return thread(db, await requireEnquiry(db, id));
    },

    async addNote(actor: AuditActor & { id: string }, id: string, body: string): Promise<ApiEnquiryThread> {
      return db.transaction(async (tx) => {
        const enquiry = await requireEnquiry(tx, id, true);
        const note = await repository.insertNote(tx, {
          enquiryId: id,
          staffId: actor.id,
          kind: 'note',
          body,
        });
        await recordAudit(tx, actor, {
          action: 'enquiry.note',
          entityType: 'enquiry',
          entityId: id,
          summary: `Added a note to the enquiry from ${enquiry.name} (${enquiry.email})`,
          after: { noteId: note.id, body },
        });
        return thread(tx, enquiry);
      });
    },

    /**
     * E-mails the reply (after the transaction commits, through the queue: a slow mail server
     * never fails or delays the request) and keeps it in the thread as a `reply`.
     */
    async reply(actor: AuditActor & { id: string }, id: string, message: string): Promise<ApiEnquiryThread> {
      const result = await db.transaction(async (tx) => {
        const enquiry = await requireEnquiry(tx, id, true);
        const note = await repository.insertNote(tx, {
          enquiryId: id,
          staffId: actor.id,
          kind: 'reply',
          body: message,
        });
        const current = knownStatus(enquiry.status);
        const updated =
          current === 'Submitted' ? await repository.setEnquiryStatus(tx, id, 'Contacted') : enquiry;
        await recordAudit(tx, actor, {
          action: 'enquiry.reply',
          entityType: 'enquiry',
          entityId: id,
          summary: `E-mailed a reply to ${enquiry.name} (${enquiry.email})${current === 'Submitted' ? '; now Contacted' : ''}`,
          before: auditView(enquiry),
          after: { ...auditView(updated), noteId: note.id, message },
        });
        // The reply's e-mail commits with the note that records it.
        await queueEmail(
          tx,
          enquiryReplyEmail({
            to: enquiry.email,
            name: enquiry.name,
            message,
            enquiry,
            contactUrl: `${deps.config.publicUrl}/contact`,
          }),
          'enquiry reply',
        );
        return { enquiry, updated };
      });
      return thread(db, result.updated);
    },
  };
}

export type EnquiriesAdminService = ReturnType<typeof createEnquiriesAdminService>;
