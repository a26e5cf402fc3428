import * as z from 'zod/mini';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const orderIdParams = z.object({ id: z.string().check(z.regex(UUID, 'That is not a valid order id')) });
const creditNoteParams = z.object({
  id: z.string().check(z.regex(UUID, 'That is not a valid order id')),
  noteId: z.string().check(z.regex(UUID, 'That is not a valid credit note id')),
});

/** The answer is application/pdf; the schema documents it as a string. */
const pdf = z.string().check(z.describe('application/pdf'));

export const myInvoice = { params: orderIdParams, response: pdf };
export const myCreditNote = { params: creditNoteParams, response: pdf };
export const adminInvoice = { params: orderIdParams, response: pdf };
export const adminCreditNote = { params: creditNoteParams, response: pdf };

/** A month in India, `2026-11`; left out, the current one. */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const gstReportQuery = z.object({
  month: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.regex(MONTH_PATTERN, 'Choose a month as YYYY-MM, like 2026-11'),
        z.describe('A month in India time, YYYY-MM.'),
      ),
  ),
});

/** Taxable value and tax, in rupees. */
const gstFigures = {
  taxable: z.number(),
  cgst: z.number(),
  /** SGST, or UTGST in a union territory without a legislature. */
  sgst: z.number(),
  igst: z.number(),
  /** cgst + sgst + igst. */
  tax: z.number(),
};
const documentTotals = z.object({
  count: z.number(),
  ...gstFigures,
  /** Taxable value plus tax: what the documents are for, GST included. */
  total: z.number(),
});

export const gstSummaryAnswer = z.object({
  month: z.string(),
  /** "November 2026". */
  label: z.string(),
  invoices: documentTotals,
  creditNotes: documentTotals,
  /** Invoices less credit notes (`count`: the documents, invoices and credit notes together). */
  net: documentTotals,
  byRate: z.array(z.object({ rate: z.number(), ...gstFigures })),
  byState: z.array(z.object({ state: z.string(), code: z.string(), ...gstFigures })),
  rows: z.array(z.object({ state: z.string(), code: z.string(), rate: z.number(), ...gstFigures })),
});
export type ApiGstSummary = z.output<typeof gstSummaryAnswer>;

export const gstSummary = { query: gstReportQuery, response: gstSummaryAnswer };
/** The answer is text/csv; the schema documents it as a string. */
export const gstReportCsv = { query: gstReportQuery, response: z.string() };
