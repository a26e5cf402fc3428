import type { ApiEnquiry } from '../../../shared/api/enquiries.schemas.js';
import type { ApiEnquiryThread, ApiTicketFacts } from '../../../shared/api/enquiries-admin.schemas.js';
import { ADMIN_PAGE_SIZE } from '../../../shared/api/orders-admin.schemas.js';
import { enquiryStatuses } from '../../../shared/schemas/enquiry.js';
import type { SupportKind } from '../../../shared/schemas/grievance.js';
import type { Executor } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { ServiceDeps } from '../../service-deps.js';
import { customerContact, customerIdByEmail } from '../accounts/index.js';
import { type AuditActor, recordAudit, recordBulkRead } from '../audit/index.js';
import { queueEmail } from '../email-outbox/index.js';
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

/**
 * The ticket's facts and whether it is overdue now (the same rule as the inbox's SQL filter,
 * repository.overdueCondition), for a complaint or data request; null for a contact-form enquiry.
 */
export function ticketFactsOf(row: repository.EnquiryRow, now = new Date()): ApiTicketFacts {
  if (row.kind === 'enquiry' || !row.ticketNumber || !row.acknowledgeBy || !row.respondBy) return null;
  const open = knownStatus(row.status) !== 'Resolved';
  const overdue =
    open && row.respondBy < now
      ? 'respond'
      : open && !row.acknowledgedAt && row.acknowledgeBy < now
        ? 'acknowledge'
        : null;
  return {
    kind: row.kind,
    topic: row.topic ?? 'other',
    ticketNumber: row.ticketNumber,
    orderNumber: row.orderNumber,
    acknowledgeBy: row.acknowledgeBy.toISOString(),
    respondBy: row.respondBy.toISOString(),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    overdue,
  };
}

/** How audit summaries name the record: "the complaint GRV-2026-000012 from …" or "the enquiry from …". */
const describe = (row: repository.EnquiryRow) =>
  row.kind === 'enquiry' || !row.ticketNumber
    ? `enquiry from ${row.name} (${row.email})`
    : `${row.kind === 'grievance' ? 'complaint' : 'data request'} ${row.ticketNumber} from ${row.name} (${row.email})`;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What an audit record keeps of an enquiry: who wrote, and where it stands (not the message). */
const auditView = (row: repository.EnquiryRow) => ({
  name: row.name,
  email: row.email,
  status: knownStatus(row.status),
  ...(row.ticketNumber ? { ticketNumber: row.ticketNumber } : {}),
});

const RESOLVE_NEEDS_WORDS =
  'Before resolving it, e-mail the customer a reply or add a note saying how it was resolved.';

export type ListEnquiriesQuery = {
  kind?: SupportKind | undefined;
  overdue?: 'true' | 'false' | undefined;
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
export class EnquiriesAdminService {
  private readonly db: ServiceDeps['db'];

  constructor(private readonly deps: ServiceDeps) {
    this.db = deps.db;
  }

  private async thread(executor: Executor, enquiry: repository.EnquiryRow): Promise<ApiEnquiryThread> {
    const [notes, customerId] = await Promise.all([
      repository.notesOf(executor, enquiry.id),
      customerIdByEmail(executor, enquiry.email),
    ]);
    return {
      enquiry: presentEnquiry(enquiry),
      ticket: ticketFactsOf(enquiry),
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

  private async requireEnquiry(executor: Executor, id: string, lock = false) {
    const row = await repository.findEnquiry(executor, id, { lock });
    if (!row) throw notFound(ENQUIRY_NOT_FOUND);
    return row;
  }

  /** GET enquiry/: newest first, up to 10,000 (names, e-mails, mobiles, messages): recorded. */
  async legacyList(actor: AuditActor): Promise<ApiEnquiry[]> {
    const rows = await repository.newestEnquiries(this.db, LEGACY_LIST_MAX);
    await recordBulkRead(this.db, actor, {
      action: 'enquiry.list',
      entityType: 'enquiry',
      source: 'every enquiry (the original admin client, GET /api/enquiry)',
      query: {},
      rows: rows.length,
    });
    return rows.map(presentEnquiry);
  }

  async legacyGet(id: string): Promise<ApiEnquiry> {
    return presentEnquiry(await this.requireEnquiry(this.db, id));
  }

  /** PUT enquiry/:id: only the status is written (the original wrote the whole body). */
  async setStatus(actor: AuditActor, id: string, status: EnquiryStatus): Promise<ApiEnquiry> {
    return this.db.transaction(async (tx) => {
      const before = await this.requireEnquiry(tx, id, true);
      // A complaint or data request is answered, not just closed: the rules ask for a
      // resolution, so the thread must say what it was (the contact form keeps its old freedom).
      if (
        status === 'Resolved' &&
        before.kind !== 'enquiry' &&
        knownStatus(before.status) !== 'Resolved' &&
        !(await repository.hasNotes(tx, id))
      ) {
        throw new AppError(400, RESOLVE_NEEDS_WORDS);
      }
      const after = await repository.setEnquiryStatus(tx, id, status);
      await recordAudit(tx, actor, {
        action: 'enquiry.status',
        entityType: 'enquiry',
        entityId: id,
        summary: `${capitalised(describe(before))}: ${knownStatus(before.status)} → ${status}`,
        before: auditView(before),
        after: auditView(after),
      });
      return presentEnquiry(after);
    });
  }

  /** DELETE enquiry/:id: answers the deleted enquiry; its notes go with it. */
  async remove(actor: AuditActor, id: string): Promise<ApiEnquiry> {
    return this.db.transaction(async (tx) => {
      const deleted = await repository.deleteEnquiry(tx, id);
      if (!deleted) throw notFound(ENQUIRY_NOT_FOUND);
      await recordAudit(tx, actor, {
        action: 'enquiry.delete',
        entityType: 'enquiry',
        entityId: id,
        summary: `Deleted the ${describe(deleted)}`,
        before: { ...auditView(deleted), comment: deleted.comment, createdAt: deleted.createdAt },
        after: null,
      });
      return presentEnquiry(deleted);
    });
  }

  /** The console's inbox and its search: recorded as `enquiry.list` with the query. */
  async list(actor: AuditActor, query: ListEnquiriesQuery) {
    const page = query.page ?? 1;
    const pageSize = query.limit ?? ADMIN_PAGE_SIZE;
    const q = query.q || undefined;
    const filters = { q, kind: query.kind, overdue: query.overdue === 'true' };
    const [rows, byStatus, byKind] = await Promise.all([
      repository.listEnquiries(
        this.db,
        { ...filters, status: query.status },
        (page - 1) * pageSize,
        pageSize,
      ),
      repository.countByStatus(this.db, filters),
      repository.countByKind(this.db, q),
    ]);
    const counts = { all: 0, Submitted: 0, Contacted: 0, 'In Progress': 0, Resolved: 0 };
    for (const [status, n] of byStatus) {
      counts[knownStatus(status)] += n;
      counts.all += n;
    }
    const kindCounts = { all: 0, enquiry: 0, grievance: 0, 'rights-request': 0, overdue: byKind.overdue };
    for (const [kind, n] of byKind.kinds) {
      if (kind in kindCounts) kindCounts[kind as SupportKind] += n;
      kindCounts.all += n;
    }
    const total = query.status ? counts[query.status] : counts.all;
    await recordBulkRead(this.db, actor, {
      action: 'enquiry.list',
      entityType: 'enquiry',
      source: 'the support inbox',
      query: {
        search: q,
        kind: query.kind,
        status: query.status,
        overdue: query.overdue,
        page,
        pageSize,
      },
      rows: rows.length,
      total,
    });
    const now = new Date();
    return {
      enquiries: rows.map((row) => ({
        ...presentEnquiry(row),
        noteCount: row.noteCount,
        ticket: ticketFactsOf(row, now),
      })),
      total,
      page,
      pageSize,
      counts,
      kindCounts,
    };
  }

  async get(id: string): Promise<ApiEnquiryThread> {
    return this.thread(this.db, await this.requireEnquiry(this.db, id));
  }

  async addNote(actor: AuditActor & { id: string }, id: string, body: string): Promise<ApiEnquiryThread> {
    return this.db.transaction(async (tx) => {
      const enquiry = await this.requireEnquiry(tx, id, true);
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
        summary: `Added a note to the ${describe(enquiry)}`,
        after: { noteId: note.id, body },
      });
      return this.thread(tx, enquiry);
    });
  }

  /**
   * E-mails the reply (after the transaction commits, through the queue: a slow mail server
   * never fails or delays the request) and keeps it in the thread as a `reply`.
   */
  async reply(actor: AuditActor & { id: string }, id: string, message: string): Promise<ApiEnquiryThread> {
    const result = await this.db.transaction(async (tx) => {
      const enquiry = await this.requireEnquiry(tx, id, true);
      const note = await repository.insertNote(tx, {
        enquiryId: id,
        staffId: actor.id,
        kind: 'reply',
        body: message,
      });
      const current = knownStatus(enquiry.status);
      let updated =
        current === 'Submitted' ? await repository.setEnquiryStatus(tx, id, 'Contacted') : enquiry;
      // A reply from staff acknowledges a ticket whose automatic acknowledgement never went out.
      if (updated.kind !== 'enquiry' && !updated.acknowledgedAt) {
        updated = (await repository.setAcknowledged(tx, id, new Date())) ?? updated;
      }
      await recordAudit(tx, actor, {
        action: 'enquiry.reply',
        entityType: 'enquiry',
        entityId: id,
        summary: `E-mailed a reply to ${enquiry.name} (${enquiry.email})${enquiry.ticketNumber ? ` on ${enquiry.ticketNumber}` : ''}${current === 'Submitted' ? '; now Contacted' : ''}`,
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
          ticketNumber: enquiry.ticketNumber,
          // A ticket's customer follows it up on the complaints page; an enquirer writes again.
          contactUrl: `${this.deps.config.publicUrl}${enquiry.ticketNumber ? '/grievances' : '/contact'}`,
          // The customer's account's language; someone without one, in the language they wrote in.
          locale:
            (enquiry.userId && (await customerContact(tx, enquiry.userId))?.language) || enquiry.language,
        }),
        'enquiry reply',
      );
      return { enquiry, updated };
    });
    return this.thread(this.db, result.updated);
  }
}

export function createEnquiriesAdminService(deps: ServiceDeps): EnquiriesAdminService {
  return new EnquiriesAdminService(deps);
}
