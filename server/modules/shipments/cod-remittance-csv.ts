import { parse } from 'csv-parse/sync';
import { REMITTANCE_CSV_MAX_ROWS } from '../../../shared/api/cod-remittances.schemas.js';
import { unprotectCell } from '../../lib/csv-cells.js';
import { badRequest } from '../../lib/errors.js';

/**
 * A courier provider's COD remittance report, as it exports it (CSV). Shiprocket's remittance
 * statement lists, per remitted parcel, its AWB, the (channel) order id, the COD amount collected,
 * the remittance's references (the bank transfer's UTR, Shiprocket's CRF id) and the remittance
 * date; other aggregators name the same facts a little differently. Header names are matched
 * ignoring case, spaces and punctuation, each field by the first of its names the file has; the
 * columns the shop has no use for (courier, freight deducted, net remitted...) are ignored.
 */

type Field = 'awb' | 'orderRef' | 'amount' | 'reference' | 'remittedOn';

/** Each field's header names (normalised), the preferred first. */
const NAMES: Record<Field, string[]> = {
  awb: [
    'awb',
    'awbcode',
    'awbno',
    'awbnumber',
    'airwaybill',
    'airwaybillnumber',
    'waybill',
    'trackingnumber',
  ],
  orderRef: ['channelorderid', 'orderid', 'ordernumber', 'orderno', 'referenceorderid'],
  amount: [
    'codamount',
    'codvalue',
    'codcollected',
    'codamountcollected',
    'collectedamount',
    'amountcollected',
    'collectableamount',
  ],
  reference: [
    'utr',
    'utrno',
    'utrnumber',
    'bankutr',
    'crfid',
    'remittanceid',
    'remittancereference',
    'remittanceref',
    'referencenumber',
  ],
  remittedOn: ['remittancedate', 'remittedon', 'remitteddate', 'dateofremittance', 'paymentdate', 'date'],
};

const LABEL: Record<Field, string> = {
  awb: 'AWB',
  orderRef: 'order id',
  amount: 'COD amount',
  reference: 'remittance reference (UTR or CRF ID)',
  remittedOn: 'remittance date',
};

const REQUIRED: Field[] = ['awb', 'amount', 'reference'];

export type RemittanceCsvRow = {
  /** The row's line in the file (the header is line 1). */
  line: number;
  awb: string;
  orderRef: string | null;
  amountPaise: number;
  reference: string;
  remittedOn: string | null;
};

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** "₹1,234.50", "Rs. 1234", "1234.5" -> paise; undefined for anything else. */
export function amountPaiseOf(cell: string): number | undefined {
  const text = cell
    .replace(/^(₹|rs\.?|inr)\s*/i, '')
    .replace(/,/g, '')
    .trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return undefined;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Which column (by index) gives each field: the first of its names in the header. */
function columnsOf(header: string[]): Partial<Record<Field, number>> {
  const names = header.map(normalise);
  const columns: Partial<Record<Field, number>> = {};
  for (const field of Object.keys(NAMES) as Field[]) {
    for (const name of NAMES[field]) {
      const index = names.indexOf(name);
      if (index >= 0) {
        columns[field] = index;
        break;
      }
    }
  }
  const missing = REQUIRED.filter((field) => columns[field] === undefined);
  if (missing.length) {
    throw badRequest(
      `The file has no ${missing.map((f) => LABEL[f]).join(', no ')} column. A remittance report needs the AWB, ` +
        'the COD amount and the remittance reference (UTR or CRF ID), with the header in its first line.',
    );
  }
  return columns;
}

function readRecords(input: Buffer | string) {
  try {
    return parse(input, {
      bom: true,
      skip_empty_lines: true,
      info: true,
      trim: true,
      relax_column_count: false,
      max_record_size: 100_000,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    const reason = (error as Error).message.replace(/^Invalid [^:]*: /, '').replace(/ on line \d+$/, '');
    throw badRequest(`The file could not be read as CSV${line ? ` (line ${line})` : ''}: ${reason}`);
  }
}

/**
 * Reads the report: the header, then one row per remitted parcel. A file that is not CSV, lacks a
 * needed column, or has a row without an AWB or reference or with an amount that is not one, is a
 * 400 naming the line, so nothing is applied from a file the shop cannot read whole.
 */
export function readRemittanceCsv(input: Buffer | string): RemittanceCsvRow[] {
  const records = readRecords(input);
  if (records.length === 0)
    throw badRequest('The file is empty: it needs a header line and the remitted parcels.');
  const columns = columnsOf(records[0]!.record);
  const body = records.slice(1);
  if (body.length === 0) throw badRequest('The file has a header but no remitted parcels.');
  if (body.length > REMITTANCE_CSV_MAX_ROWS) {
    throw badRequest(
      `The file has ${body.length.toLocaleString('en-IN')} rows; upload at most ${REMITTANCE_CSV_MAX_ROWS.toLocaleString('en-IN')} at a time.`,
    );
  }
  return body.map(({ record, info }) => {
    const cell = (field: Field) => {
      const index = columns[field];
      return index === undefined ? '' : unprotectCell(record[index] ?? '').trim();
    };
    const line = info.lines;
    const awb = cell('awb');
    if (!awb) throw badRequest(`Line ${line}: the AWB is empty.`);
    const amountPaise = amountPaiseOf(cell('amount'));
    if (amountPaise === undefined)
      throw badRequest(`Line ${line}: "${cell('amount').slice(0, 40)}" is not an amount in rupees.`);
    const reference = cell('reference');
    if (!reference) throw badRequest(`Line ${line}: the remittance reference (UTR or CRF ID) is empty.`);
    return {
      line,
      awb: awb.slice(0, 80),
      orderRef: cell('orderRef').slice(0, 80) || null,
      amountPaise,
      reference: reference.slice(0, 80),
      remittedOn: cell('remittedOn').slice(0, 40) || null,
    };
  });
}
