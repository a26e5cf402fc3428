import * as z from 'zod/mini';
import { idParams } from './orders-admin.schemas.js';

/**
 * Cash on delivery remitted by the courier provider: its remittance report (CSV, as the provider
 * exports it) marks the COD orders it covers as paid; every row that does not match what the shop
 * expected is listed, never applied.
 */

/** At most this large a file, and this many rows (a provider's weekly report is a few hundred). */
export const REMITTANCE_CSV_MAX_BYTES = 5 * 1024 * 1024;
export const REMITTANCE_CSV_MAX_ROWS = 5_000;

/**
 * What became of a row: `applied` (the parcel's cash counted as remitted; the order marked paid once
 * all its delivered parcels' cash is in), or the difference that kept it out:
 * - `unknown_awb`: no parcel of the shop has that AWB;
 * - `amount_mismatch`: the amount is not what the parcel was to collect;
 * - `not_delivered`: the parcel has not been delivered (or came back);
 * - `prepaid`: the parcel's order was paid online, there was no cash to collect;
 * - `already_remitted`: an earlier remittance already paid this parcel's cash;
 * - `already_paid`: the order was marked paid another way (staff recorded the cash by hand);
 * - `repeated_in_file`: the AWB is on an earlier row of the same file.
 */
export const remittanceOutcomes = [
  'applied',
  'unknown_awb',
  'amount_mismatch',
  'not_delivered',
  'prepaid',
  'already_remitted',
  'already_paid',
  'repeated_in_file',
] as const;
export type RemittanceOutcome = (typeof remittanceOutcomes)[number];

export const remittanceRowAnswer = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number(),
  awb: z.string(),
  /** The order id as the file gives it (the provider's channel order id), if any. */
  orderRef: z.nullable(z.string()),
  orderId: z.nullable(z.string()),
  orderNumber: z.nullable(z.string()),
  /** The COD amount the row says was collected, rupees. */
  amount: z.number(),
  /** What the parcel was to collect, rupees; null when no parcel matched. */
  expected: z.nullable(z.number()),
  /** The remittance's reference (UTR, else the provider's remittance id). */
  reference: z.string(),
  remittedOn: z.nullable(z.string()),
  outcome: z.enum(remittanceOutcomes),
  /** The outcome in words staff act on. */
  message: z.string(),
});
export type ApiRemittanceRow = z.output<typeof remittanceRowAnswer>;

const remittanceSummary = z.object({
  _id: z.string(),
  fileName: z.string(),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
  rows: z.number(),
  /** Rows applied and the cash they brought in, rupees. */
  applied: z.object({ count: z.number(), amount: z.number() }),
  /** Rows listed as differences (not applied) and their amounts, rupees. */
  differences: z.object({ count: z.number(), amount: z.number() }),
  /** The references (UTRs) the file names. */
  references: z.array(z.string()),
});
export type ApiRemittanceSummary = z.output<typeof remittanceSummary>;

export const remittanceAnswer = z.extend(remittanceSummary, {
  /** This file had been uploaded before: nothing changed, this is what it did then. */
  duplicate: z.boolean(),
  lines: z.array(remittanceRowAnswer),
});
export type ApiRemittance = z.output<typeof remittanceAnswer>;

/** The body is multipart/form-data (a `file` part), read by the handler. */
export const uploadCodRemittance = { response: remittanceAnswer };

export const listCodRemittances = {
  response: z.object({ remittances: z.array(remittanceSummary) }),
};

export const getCodRemittance = { params: idParams('remittance'), response: remittanceAnswer };
