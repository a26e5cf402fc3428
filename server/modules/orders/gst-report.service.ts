import { stringify } from 'csv-stringify/sync';
import { type ApiGstSummary, MONTH_PATTERN } from '../../../shared/api/tax-documents.schemas.js';
import { paiseToRupees } from '../../../shared/money.js';
import type { Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import type { Seller } from '../../seller-setting.js';
import { type AuditActor, recordBulkRead } from '../audit/index.js';
import {
  creditNoteRows,
  type DocumentRow,
  invoiceRows,
  placeOfSupplyOf,
  wasIntraState,
} from './tax-document.js';
import * as repository from './tax-documents.repository.js';

const IST_OFFSET_MS = 330 * 60_000;
const MONTHS = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

type Figures = { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number };
const zero = (): Figures => ({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });

function add(into: Figures, row: Figures, sign: 1 | -1) {
  into.taxablePaise += sign * row.taxablePaise;
  into.cgstPaise += sign * row.cgstPaise;
  into.sgstPaise += sign * row.sgstPaise;
  into.igstPaise += sign * row.igstPaise;
}

const rupees = (f: Figures) => {
  const tax = f.cgstPaise + f.sgstPaise + f.igstPaise;
  return {
    taxable: paiseToRupees(f.taxablePaise),
    cgst: paiseToRupees(f.cgstPaise),
    sgst: paiseToRupees(f.sgstPaise),
    igst: paiseToRupees(f.igstPaise),
    tax: paiseToRupees(tax),
  };
};

const totals = (count: number, f: Figures) => ({
  count,
  ...rupees(f),
  total: paiseToRupees(f.taxablePaise + f.cgstPaise + f.sgstPaise + f.igstPaise),
});

/** The India month `YYYY-MM` as the instants [from, to); this month when none is given. */
export function indiaMonth(month: string | undefined, now = new Date()) {
  let key = month;
  if (!key) {
    const india = new Date(now.getTime() + IST_OFFSET_MS);
    key = `${india.getUTCFullYear()}-${String(india.getUTCMonth() + 1).padStart(2, '0')}`;
  }
  const match = MONTH_PATTERN.exec(key);
  if (!match) throw badRequest('Choose a month as YYYY-MM, like 2026-11', { month: 'Choose a month' });
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  return {
    month: key,
    label: MONTHS.format(new Date(Date.UTC(year, index, 1))),
    from: new Date(Date.UTC(year, index, 1) - IST_OFFSET_MS),
    to: new Date(Date.UTC(year, index + 1, 1) - IST_OFFSET_MS),
  };
}

/**
 * The monthly GST summary: taxable value and tax by rate and by place of supply, from
 * the month's tax invoices less the month's credit notes, as GSTR-1 asks for sales to consumers.
 * Each document is read exactly as its PDF prints it (tax-document.ts), so the report is the sum
 * of the invoices and credit notes staff can download, to the paisa.
 */
export function createGstReport(deps: { db: Executor; seller: Seller }) {
  const { db, seller } = deps;

  /** Staff read a month of invoices and credit notes at once: recorded with the month and the count. */
  async function recordRead(actor: AuditActor, report: ApiGstSummary, source: string) {
    await recordBulkRead(db, actor, {
      action: 'report.gst',
      entityType: 'report',
      source,
      query: { month: report.month },
      rows: report.invoices.count + report.creditNotes.count,
    });
  }

  async function summary(monthKey: string | undefined): Promise<ApiGstSummary> {
    const { month, label, from, to } = indiaMonth(monthKey);
    const [invoiced, notes] = await Promise.all([
      repository.ordersInvoicedBetween(db, from, to),
      repository.creditNotesBetween(db, from, to),
    ]);
    const orderIds = [...new Set([...invoiced.map((o) => o.id), ...notes.map((n) => n.order.id)])];
    const lines = await repository.taxedLinesOf(db, orderIds);
    const linesOf = (orderId: string) => lines.filter((l) => l.orderId === orderId);

    const cells = new Map<string, { state: string; code: string; rateBp: number } & Figures>();
    const invoiceTotals = zero();
    const noteTotals = zero();
    const count = (rows: DocumentRow[], place: { name: string; code: string }, sign: 1 | -1) => {
      for (const row of rows) {
        const key = `${place.code}|${row.rateBp}`;
        let cell = cells.get(key);
        if (!cell) {
          cell = { state: place.name, code: place.code, rateBp: row.rateBp, ...zero() };
          cells.set(key, cell);
        }
        add(cell, row, sign);
        add(sign === 1 ? invoiceTotals : noteTotals, row, 1);
      }
    };
    const sellerPlace = { name: seller.state, code: seller.stateCode };
    for (const order of invoiced) {
      const orderLines = linesOf(order.id);
      const intra = wasIntraState(order, orderLines, seller.state);
      count(invoiceRows(order, orderLines, intra), placeOfSupplyOf(order.placeOfSupply) ?? sellerPlace, 1);
    }
    for (const { note, refundLines, order } of notes) {
      const orderLines = linesOf(order.id);
      const intra = wasIntraState(order, orderLines, seller.state);
      const rows = creditNoteRows(
        order,
        orderLines,
        { amountPaise: note.amountPaise, lines: refundLines },
        intra,
      );
      count(rows, placeOfSupplyOf(order.placeOfSupply) ?? sellerPlace, -1);
    }

    const net = zero();
    add(net, invoiceTotals, 1);
    add(net, noteTotals, -1);
    const sorted = [...cells.values()].sort((a, b) => a.state.localeCompare(b.state) || a.rateBp - b.rateBp);
    const byRate = new Map<number, Figures>();
    const byState = new Map<string, { state: string; code: string } & Figures>();
    for (const cell of sorted) {
      if (!byRate.has(cell.rateBp)) byRate.set(cell.rateBp, zero());
      add(byRate.get(cell.rateBp)!, cell, 1);
      if (!byState.has(cell.code)) byState.set(cell.code, { state: cell.state, code: cell.code, ...zero() });
      add(byState.get(cell.code)!, cell, 1);
    }
    return {
      month,
      label,
      invoices: totals(invoiced.length, invoiceTotals),
      creditNotes: totals(notes.length, noteTotals),
      net: totals(invoiced.length + notes.length, net),
      byRate: [...byRate.entries()]
        .sort(([a], [b]) => a - b)
        .map(([rateBp, f]) => ({ rate: rateBp / 100, ...rupees(f) })),
      byState: [...byState.values()].map((s) => ({ state: s.state, code: s.code, ...rupees(s) })),
      rows: sorted.map((c) => ({ state: c.state, code: c.code, rate: c.rateBp / 100, ...rupees(c) })),
    };
  }

  return {
    async summary(actor: AuditActor, monthKey: string | undefined): Promise<ApiGstSummary> {
      const report = await summary(monthKey);
      await recordRead(actor, report, 'the GST summary');
      return report;
    },

    /** The summary as CSV: a row per place of supply and rate, then the month's totals. */
    async csv(actor: AuditActor, monthKey: string | undefined): Promise<{ fileName: string; csv: string }> {
      const report = await summary(monthKey);
      await recordRead(actor, report, 'the GST summary as CSV');
      const money = (value: number) => value.toFixed(2);
      const records = report.rows.map((r) => [
        report.month,
        r.state,
        r.code,
        String(r.rate),
        money(r.taxable),
        money(r.cgst),
        money(r.sgst),
        money(r.igst),
        money(r.tax),
      ]);
      const n = report.net;
      records.push([
        report.month,
        'Total',
        '',
        '',
        money(n.taxable),
        money(n.cgst),
        money(n.sgst),
        money(n.igst),
        money(n.tax),
      ]);
      const csv = stringify(records, {
        header: true,
        bom: true,
        columns: [
          'Month',
          'Place of supply',
          'State code',
          'Rate (%)',
          'Taxable value (INR)',
          'CGST (INR)',
          'SGST/UTGST (INR)',
          'IGST (INR)',
          'Total tax (INR)',
        ],
      });
      return { fileName: `gst-summary-${report.month}.csv`, csv };
    },
  };
}

export type GstReport = ReturnType<typeof createGstReport>;
