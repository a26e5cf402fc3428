import { createHash } from 'node:crypto';
import type {
  ApiRemittance,
  ApiRemittanceRow,
  ApiRemittanceSummary,
  RemittanceOutcome,
} from '../../shared/api/cod-remittances.schemas.js';
import { formatPaise, formatRupees, paiseToRupees } from '../../shared/money.js';
import type { Database } from '../db/client.js';
import { notFound } from '../lib/errors.js';
import { type AuditActor, recordAudit } from '../modules/audit/index.js';
import { findOrder, type OrderChanges, type OrderLifecycle, type OrderRow } from '../modules/orders/index.js';
import {
  type CourierProvider,
  claimRemittance,
  findRemittance,
  findShipmentByAwb,
  insertRemittanceLine,
  linesOfRemittances,
  listRemittances,
  lockShipment,
  markRemittanceProcessed,
  type RemittanceCsvRow,
  type RemittanceLineRow,
  type RemittanceRow,
  readRemittanceCsv,
  remittedParcels,
  type ShipmentRow,
  settledLines,
} from '../modules/shipments/index.js';
import { settleCodIfComplete } from './cod-settlement.js';

const REMITTANCE_NOT_FOUND = 'There is no remittance with that id.';
const LISTED = 50;

/** The outcome of a row whose parcel was found, judged under its order's lock. */
function judge(
  order: OrderRow,
  parcel: ShipmentRow,
  row: RemittanceCsvRow,
  remittedBefore: boolean,
): RemittanceOutcome {
  if (order.paymentMethod !== 'cod') return 'prepaid';
  if (parcel.status !== 'delivered') return 'not_delivered';
  if (remittedBefore) return 'already_remitted';
  if (order.paymentStatus !== 'unpaid') return 'already_paid';
  if (row.amountPaise !== parcel.codAmountPaise) return 'amount_mismatch';
  return 'applied';
}

/** A row's outcome in words staff act on. */
function messageOf(line: RemittanceLineRow): string {
  const expected = line.expectedPaise === null ? '' : formatPaise(line.expectedPaise);
  switch (line.outcome) {
    case 'applied':
      return `Applied: ${formatPaise(line.amountPaise)} remitted for this parcel.`;
    case 'unknown_awb':
      return 'No parcel of the shop has this AWB. Not applied.';
    case 'amount_mismatch':
      return `The parcel was to collect ${expected}, the report says ${formatPaise(line.amountPaise)}. Not applied: ask the courier.`;
    case 'not_delivered':
      return 'The parcel is not marked delivered, so its cash cannot have been collected. Not applied.';
    case 'prepaid':
      return 'The order was paid online: there was no cash to collect. Not applied.';
    case 'already_remitted':
      return 'This parcel’s cash was already remitted in an earlier report. Not applied again.';
    case 'already_paid':
      return 'The order was already marked paid (its cash recorded by hand). Not applied.';
    case 'repeated_in_file':
      return 'This AWB is on an earlier line of the same file. Not applied twice.';
  }
}

/**
 * COD remittances (crossing shipments and orders): the courier provider's remittance report, as
 * it exports it, is kept once per file with each row's outcome. A row of a delivered cash-on-
 * delivery parcel, for the amount it was to collect, and not remitted before, is applied under its
 * order's lock; the order is marked paid (the lifecycle's cash-collected path, with the references)
 * once all its cash is in. Any other row is a difference, listed and never applied. The same file
 * again changes nothing and says so; one cut short is finished by sending it again.
 */
export function createCodRemittances(deps: {
  db: Database;
  changes: OrderChanges;
  lifecycle: Pick<OrderLifecycle, 'collectCashIn'>;
  courier: CourierProvider;
}) {
  const { db, changes, courier } = deps;

  async function settleRow(
    staff: AuditActor,
    remittanceId: string,
    row: RemittanceCsvRow,
    repeated: boolean,
  ) {
    const base = {
      remittanceId,
      lineNo: row.line,
      awb: row.awb,
      orderRef: row.orderRef,
      amountPaise: row.amountPaise,
      reference: row.reference,
      remittedOn: row.remittedOn,
    };
    const parcel = repeated ? undefined : await findShipmentByAwb(db, courier.name, row.awb);
    if (!parcel) {
      await insertRemittanceLine(db, { ...base, outcome: repeated ? 'repeated_in_file' : 'unknown_awb' });
      return;
    }
    const actor = { kind: 'staff' as const, staff };
    await changes.withOrder(actor, parcel.orderId, async (tx, order) => {
      const locked = (await lockShipment(tx, parcel.id))!;
      const before = (await remittedParcels(tx, [parcel.id])).has(parcel.id);
      const outcome = judge(order, locked, row, before);
      const written = await insertRemittanceLine(tx, {
        ...base,
        shipmentId: parcel.id,
        orderId: order.id,
        expectedPaise: order.paymentMethod === 'cod' ? locked.codAmountPaise : null,
        outcome,
      });
      if (written && outcome === 'applied') await settleCodIfComplete(deps, tx, order, actor);
    });
  }

  async function present(remittance: RemittanceRow, duplicate: boolean): Promise<ApiRemittance> {
    const lines = await linesOfRemittances(db, [remittance.id]);
    const orderIds = [...new Set(lines.flatMap((l) => (l.orderId ? [l.orderId] : [])))];
    const orders = new Map(
      (await Promise.all(orderIds.map((id) => findOrder(db, id)))).flatMap((o) =>
        o ? [[o.id, o] as const] : [],
      ),
    );
    const answerLines: ApiRemittanceRow[] = lines.map((line) => ({
      line: line.lineNo,
      awb: line.awb,
      orderRef: line.orderRef,
      orderId: line.orderId,
      orderNumber: (line.orderId && orders.get(line.orderId)?.orderNumber) || null,
      amount: paiseToRupees(line.amountPaise),
      expected: line.expectedPaise === null ? null : paiseToRupees(line.expectedPaise),
      reference: line.reference,
      remittedOn: line.remittedOn,
      outcome: line.outcome,
      message: messageOf(line),
    }));
    return { ...summaryOf(remittance, lines), duplicate, lines: answerLines };
  }

  function summaryOf(remittance: RemittanceRow, lines: RemittanceLineRow[]): ApiRemittanceSummary {
    const applied = lines.filter((l) => l.outcome === 'applied');
    const differences = lines.filter((l) => l.outcome !== 'applied');
    const sum = (rows: RemittanceLineRow[]) => paiseToRupees(rows.reduce((s, l) => s + l.amountPaise, 0));
    return {
      _id: remittance.id,
      fileName: remittance.fileName,
      uploadedAt: remittance.createdAt.toISOString(),
      uploadedBy: remittance.staffEmail,
      rows: remittance.rowCount,
      applied: { count: applied.length, amount: sum(applied) },
      differences: { count: differences.length, amount: sum(differences) },
      references: [...new Set(lines.map((l) => l.reference))],
    };
  }

  /** Reads the report (a 400 naming the line when it cannot), then settles each row once. */
  async function upload(staff: AuditActor, file: { name: string; bytes: Buffer }): Promise<ApiRemittance> {
    const rows = readRemittanceCsv(file.bytes);
    const { remittance, made } = await claimRemittance(db, {
      fileName: file.name.slice(0, 200) || 'remittance.csv',
      fileSha256: createHash('sha256').update(file.bytes).digest('hex'),
      rowCount: rows.length,
      staffId: staff.id,
      staffEmail: staff.email,
    });
    if (!made && remittance.status === 'processed') return present(remittance, true);
    const done = await settledLines(db, remittance.id);
    const seen = new Set<string>();
    for (const row of rows) {
      const key = row.awb.toUpperCase();
      const repeated = seen.has(key);
      seen.add(key);
      if (!done.has(row.line)) await settleRow(staff, remittance.id, row, repeated);
    }
    await markRemittanceProcessed(db, remittance.id);
    const answer = await present((await findRemittance(db, remittance.id))!, false);
    await recordAudit(db, staff, {
      action: 'cod_remittance.upload',
      entityType: 'cod_remittance',
      entityId: remittance.id,
      summary: `COD remittance ${answer.fileName}: ${answer.applied.count} rows applied (${formatRupees(answer.applied.amount)}), ${answer.differences.count} differences`,
      before: {},
      after: {
        references: answer.references,
        applied: answer.applied,
        differences: answer.lines
          .filter((l) => l.outcome !== 'applied')
          .map((l) => ({ line: l.line, awb: l.awb, outcome: l.outcome })),
      },
    });
    return answer;
  }

  return {
    upload,
    async list() {
      const remittances = await listRemittances(db, LISTED);
      const lines = await linesOfRemittances(
        db,
        remittances.map((r) => r.id),
      );
      return {
        remittances: remittances.map((r) =>
          summaryOf(
            r,
            lines.filter((l) => l.remittanceId === r.id),
          ),
        ),
      };
    },
    async get(id: string) {
      const remittance = await findRemittance(db, id);
      if (!remittance) throw notFound(REMITTANCE_NOT_FOUND);
      return present(remittance, false);
    },
  };
}

export type CodRemittances = ReturnType<typeof createCodRemittances>;
