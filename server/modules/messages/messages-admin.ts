import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { ApiAdminMessage } from '../../../shared/api/messages.schemas.js';
import type { Database } from '../../db/client.js';
import { type MessageChannel, type MessageStatus, messageOutbox } from '../../db/schema.js';
import { type AuditActor, recordBulkRead } from '../audit/index.js';

const PAGE_SIZE = 50;

/** "9812345678" → "••••••5678": enough for staff to tell numbers apart, not to write to them. */
export function maskMobile(mobile: string): string {
  return `••••••${mobile.slice(-4)}`;
}

/**
 * The console's read-only list of SMS and WhatsApp messages, newest first: what was sent to whom
 * (masked), where it stands, how many attempts, the last error. Every read is in the audit trail.
 */
export function createMessagesAdmin(deps: { db: Database }) {
  const { db } = deps;
  return {
    async list(
      actor: AuditActor,
      query: {
        channel?: MessageChannel | undefined;
        status?: MessageStatus | undefined;
        page?: number | undefined;
      },
    ) {
      const page = query.page ?? 1;
      const filters: SQL[] = [];
      if (query.channel) filters.push(eq(messageOutbox.channel, query.channel));
      if (query.status) filters.push(eq(messageOutbox.status, query.status));
      const where = filters.length ? and(...filters) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(messageOutbox)
          .where(where)
          .orderBy(desc(messageOutbox.createdAt), desc(messageOutbox.id))
          .limit(PAGE_SIZE)
          .offset((page - 1) * PAGE_SIZE),
        db.select({ n: count() }).from(messageOutbox).where(where),
      ]);
      await recordBulkRead(db, actor, {
        action: 'message.list',
        entityType: 'message',
        source: 'the SMS and WhatsApp messages',
        query: { channel: query.channel, status: query.status, page },
        rows: rows.length,
        total: Number(total?.n ?? 0),
      });
      const messages: ApiAdminMessage[] = rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        channel: row.channel,
        kind: row.kind,
        to: maskMobile(row.recipient),
        language: row.language,
        status: row.status,
        statusAt: row.statusAt.toISOString(),
        attempts: row.attempts,
        lastError: row.lastError,
      }));
      return { messages, total: Number(total?.n ?? 0), page, pageSize: PAGE_SIZE };
    },
  };
}

export type MessagesAdmin = ReturnType<typeof createMessagesAdmin>;
