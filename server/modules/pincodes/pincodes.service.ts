import type { Readable } from 'node:stream';
import {
  type ApiImportRejection,
  type ApiImportReport,
  IMPORT_REPORT_MAX_REJECTED,
} from '../../../shared/api/catalog-admin.schemas.js';
import {
  type ApiPincode,
  type ApiPincodeRow,
  PINCODE_TABLE_PAGE,
  type PincodeFilters,
  type PincodeTableQuery,
} from '../../../shared/api/pincodes.schemas.js';
import type { Database, Executor } from '../../db/client.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { DEFAULT_DELIVERY_DAYS, deliveryBy, estimatedDeliveryDays } from './delivery-days.js';
import { type PincodeCsv, pincodeCsvStream, readPincodeCsv } from './pincode-csv.js';
import * as repository from './pincodes.repository.js';

/** How many changed pincodes an import's audit record names (the counts cover them all). */
const AUDIT_SAMPLE = 100;

export function presentPincodeRow(row: repository.PincodeRow): ApiPincodeRow {
  return {
    pincode: row.pincode,
    city: row.city,
    district: row.district,
    state: row.state,
    serviceable: row.serviceable,
    cod: row.cod,
    deliveryDays: row.deliveryDays,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const valuesOf = (row: repository.PincodeValues): repository.PincodeValues => ({
  pincode: row.pincode,
  city: row.city,
  district: row.district,
  state: row.state,
  serviceable: row.serviceable,
  cod: row.cod,
  deliveryDays: row.deliveryDays,
});

const EDITABLE = ['city', 'district', 'state', 'serviceable', 'cod', 'deliveryDays'] as const;

/** Only the fields that differ, for the audit record. */
function changes(before: repository.PincodeValues, after: repository.PincodeValues) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of EDITABLE) {
    if (before[key] !== after[key]) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  return { was, now };
}

/**
 * Where the shop delivers. A listed pincode is served as its row says; an unlisted one is not served,
 * unless the list is empty: a shop that never loaded pincodes delivers everywhere (in
 * DEFAULT_DELIVERY_DAYS), so a fresh install sells before anyone thinks of courier coverage.
 */
export function createPincodesService(deps: { db: Database }) {
  const { db } = deps;

  /** Compares the file with the list as it stands: what would be created, changed, refused. */
  async function plan(executor: Executor, csv: PincodeCsv) {
    const rejections: ApiImportRejection[] = [...csv.rejections];
    const existing = new Map(
      (
        await repository.pincodesIn(
          executor,
          csv.entries.map((entry) => entry.pincode),
        )
      ).map((row) => [row.pincode, row]),
    );
    const creations: repository.PincodeValues[] = [];
    const updates: { before: repository.PincodeValues; after: repository.PincodeValues }[] = [];
    let unchanged = 0;
    for (const { row, pincode, set, whenNew } of csv.entries) {
      const current = existing.get(pincode);
      if (!current) {
        const needed = (['city', 'state'] as const).filter((field) => set[field] === undefined);
        for (const field of needed) {
          rejections.push({ row, field, message: `${pincode} is new: it needs a ${field}` });
        }
        if (needed.length) continue;
        const state = set.state!;
        creations.push({
          pincode,
          city: set.city!,
          district: set.district ?? '',
          state,
          serviceable: set.serviceable ?? whenNew.serviceable ?? true,
          cod: set.cod ?? true,
          deliveryDays: set.deliveryDays ?? estimatedDeliveryDays(state),
        });
        continue;
      }
      const before = valuesOf(current);
      const after = { ...before, ...set };
      if (EDITABLE.every((key) => before[key] === after[key])) unchanged++;
      else updates.push({ before, after });
    }
    rejections.sort((a, b) => a.row - b.row);
    return { rejections, creations, updates, unchanged };
  }

  return {
    /** GET /api/pincode/:pin, for the product page and the checkout. */
    async lookup(pincode: string, now = Date.now()): Promise<ApiPincode> {
      const row = await repository.findPincode(db, pincode);
      if (row) {
        return {
          pincode,
          serviceable: row.serviceable,
          cod: row.serviceable && row.cod,
          city: row.city,
          state: row.state,
          deliveryBy: row.serviceable ? deliveryBy(now, row.deliveryDays) : null,
        };
      }
      if (await repository.listIsEmpty(db)) {
        return {
          pincode,
          serviceable: true,
          cod: false,
          city: null,
          state: null,
          deliveryBy: deliveryBy(now, DEFAULT_DELIVERY_DAYS),
        };
      }
      return { pincode, serviceable: false, cod: false, city: null, state: null, deliveryBy: null };
    },

    async table(query: PincodeTableQuery) {
      const page = query.page ?? 1;
      const { rows, total, listed } = await repository.page(
        db,
        { q: query.q ?? '', state: query.state, status: query.status },
        { limit: PINCODE_TABLE_PAGE, offset: (page - 1) * PINCODE_TABLE_PAGE },
      );
      return { items: rows.map(presentPincodeRow), total, page, pageSize: PINCODE_TABLE_PAGE, listed };
    },

    exportCsv(filters: PincodeFilters): Readable {
      return pincodeCsvStream(
        repository.allPages(db, { q: filters.q ?? '', state: filters.state, status: filters.status }),
      );
    },

    /**
     * Checks every row first; when any is refused nothing is written (all or nothing), and a dry run
     * writes nothing either. The write re-reads the list under a lock, so two imports at once apply
     * one after the other, and records one audit entry with the counts and a sample of the changes.
     */
    async importCsv(actor: AuditActor, file: Buffer | string, dryRun: boolean): Promise<ApiImportReport> {
      const csv = readPincodeCsv(file);
      const report = (written: boolean, result: Awaited<ReturnType<typeof plan>>): ApiImportReport => ({
        dryRun,
        written,
        rows: csv.rows,
        created: result.creations.length,
        updated: result.updates.length,
        unchanged: result.unchanged,
        rejectedRows: new Set(result.rejections.map((r) => r.row)).size,
        rejected: result.rejections.slice(0, IMPORT_REPORT_MAX_REJECTED),
      });
      const checked = await plan(db, csv);
      if (dryRun || checked.rejections.length > 0) return report(false, checked);

      return db.transaction(async (tx) => {
        await repository.lockPincodes(tx);
        const result = await plan(tx, csv);
        if (result.rejections.length > 0) return report(false, result);
        const writes = [...result.creations, ...result.updates.map((u) => u.after)];
        await repository.upsertPincodes(tx, writes);
        const source = csv.layout === 'directory' ? ' (All India Pincode Directory layout)' : '';
        const rows = csv.rows.toLocaleString('en-IN');
        await recordAudit(tx, actor, {
          action: 'pincode.import',
          entityType: 'pincode',
          summary:
            writes.length === 0
              ? `Imported a CSV of ${rows} rows${source}: nothing to change`
              : `Imported a CSV of ${rows} rows${source}: ${result.creations.length} pincodes added, ${result.updates.length} changed, ${result.unchanged} unchanged`,
          after: {
            added: result.creations.slice(0, AUDIT_SAMPLE),
            changed: result.updates.slice(0, AUDIT_SAMPLE).map(({ before, after }) => {
              const { was, now } = changes(before, after);
              return { pincode: before.pincode, before: was, after: now };
            }),
          },
        });
        return report(writes.length > 0, result);
      });
    },
  };
}

export type PincodesService = ReturnType<typeof createPincodesService>;
