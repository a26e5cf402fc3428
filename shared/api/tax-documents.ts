import { endpoint } from './endpoint.js';
import type * as schemas from './tax-documents.schemas.js';

/**
 * Tax invoices, credit notes and the monthly GST summary. The documents answer PDFs and
 * the report's download CSV; their schemas document them as strings.
 */

/** The file a document downloads as: BB/26-27/000123 -> BB-26-27-000123.pdf. */
export function taxDocumentFileName(number: string): string {
  return `${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

export const myInvoice = endpoint<typeof schemas.myInvoice>({
  method: 'GET',
  path: '/api/user/orders/:id/invoice',
  access: 'customer',
  tag: 'Orders',
  summary: 'The tax invoice of my order, as a PDF',
  description:
    'application/pdf, downloaded as `<invoice number>.pdf` (BB/26-27/000123 -> BB-26-27-000123.pdf): the ' +
    'tax invoice of CGST rule 46 (seller and GSTIN, number and date, billing and delivery address with state ' +
    'and code, HSN, quantity, taxable value, rate and amount of each tax per line, totals in figures and ' +
    'words, place of supply, reverse charge, signature). 404 for an order that is not the caller’s, or one ' +
    'placed before invoices were issued (with a message saying so).',
  errors: [400, 404],
});

export const myCreditNote = endpoint<typeof schemas.myCreditNote>({
  method: 'GET',
  path: '/api/user/orders/:id/credit-notes/:noteId',
  access: 'customer',
  tag: 'Orders',
  summary: 'A credit note of my order (a processed refund), as a PDF',
  description:
    'application/pdf: the credit note (its own number series) against the order’s tax invoice, with the ' +
    'taxable value and tax the refund reverses. The order detail lists them as `creditNotes`. 404 for ' +
    'anyone else’s order or a note of another order.',
  errors: [400, 404],
});

const staffTag = 'Orders (staff)';

export const adminInvoice = endpoint<typeof schemas.adminInvoice>({
  method: 'GET',
  path: '/api/admin/orders/:id/invoice',
  access: 'staff',
  permission: 'orders.read',
  tag: staffTag,
  summary: 'The tax invoice of an order, as a PDF',
  description: 'The same PDF the customer downloads. 404 for an unknown order or one without an invoice.',
  errors: [400, 404],
});

export const adminCreditNote = endpoint<typeof schemas.adminCreditNote>({
  method: 'GET',
  path: '/api/admin/orders/:id/credit-notes/:noteId',
  access: 'staff',
  permission: 'orders.read',
  tag: staffTag,
  summary: 'A credit note of an order, as a PDF',
  errors: [400, 404],
});

const reportTag = 'Reports (staff)';

export const gstSummary = endpoint<typeof schemas.gstSummary>({
  method: 'GET',
  path: '/api/admin/reports/gst/summary',
  access: 'staff',
  permission: 'orders.read',
  tag: reportTag,
  summary: 'GST summary of a month: taxable value and tax by rate and by state',
  description:
    '`month` is `YYYY-MM` in India time (this month when left out). Invoices dated in the month less credit ' +
    'notes dated in the month (refunds processed then), as GSTR-1 reports them; every invoice counts, ' +
    'cancelled orders too (their refund’s credit note takes them back out). Rupees. `rows` break the net ' +
    'figures down by place of supply and rate (GSTR-1 B2C small), `byRate` and `byState` sum them.',
  errors: [400],
});

export const gstReportCsv = endpoint<typeof schemas.gstReportCsv>({
  method: 'GET',
  path: '/api/admin/reports/gst',
  access: 'staff',
  permission: 'orders.read',
  tag: reportTag,
  summary: 'GST summary of a month as CSV',
  description:
    'text/csv, `gst-summary-YYYY-MM.csv`: one row per place of supply and rate with the taxable value, CGST, ' +
    'SGST/UTGST, IGST and total tax (rupees, invoices less credit notes), then the month’s totals.',
  errors: [400],
});
