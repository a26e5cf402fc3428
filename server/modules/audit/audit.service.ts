import type { ApiAuditEvent } from '../../../shared/api/audit.schemas.js';
import { type AuditKind, personalDataReadActions } from '../../../shared/audit-kinds.js';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { type AuditEventRow, listAuditEvents } from './audit.repository.js';

const PAGE = 50;

/** India midnight of a YYYY-MM-DD date, as an instant. */
function indiaMidnight(date: string, plusDays = 0): Date {
  const at = new Date(`${date}T00:00:00+05:30`);
  if (Number.isNaN(at.getTime())) throw badRequest(`${date} is not a date`);
  return new Date(at.getTime() + plusDays * 86_400_000);
}

function present(row: AuditEventRow): ApiAuditEvent {
  return {
    _id: row.id,
    staffId: row.staffId,
    actor: row.actor,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    summary: row.summary,
    before: row.before,
    after: row.after,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
  };
}

function encodeCursor(row: AuditEventRow): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime()))
    throw badRequest('That page link is not valid.');
  return { createdAt, id };
}

export function createAuditService(db: Database) {
  return {
    async list(query: {
      staffId?: string | undefined;
      entityType?: string | undefined;
      entityId?: string | undefined;
      action?: string | undefined;
      kind?: AuditKind | undefined;
      from?: string | undefined;
      to?: string | undefined;
      cursor?: string | undefined;
      limit?: number | undefined;
    }) {
      if (query.staffId && !isUuid(query.staffId)) throw badRequest('staffId is not a staff id.');
      const limit = query.limit ?? PAGE;
      const rows = await listAuditEvents(
        db,
        {
          staffId: query.staffId,
          entityType: query.entityType || undefined,
          entityId: query.entityId || undefined,
          action: query.action || undefined,
          actions: query.kind === 'personal-data' ? personalDataReadActions : undefined,
          from: query.from ? indiaMidnight(query.from) : undefined,
          to: query.to ? indiaMidnight(query.to, 1) : undefined,
          before: query.cursor ? decodeCursor(query.cursor) : undefined,
        },
        limit + 1,
      );
      const page = rows.slice(0, limit);
      return {
        events: page.map(present),
        nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
