import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import type { ApiImportRejection } from '../../../shared/api/catalog-admin.schemas.js';
import {
  PINCODE_CSV_COLUMNS,
  PINCODE_CSV_MAX_ROWS,
  PINCODE_DELIVERY_DAYS_MAX,
  PINCODE_TEXT_MAX,
} from '../../../shared/api/pincodes.schemas.js';
import { PINCODE_PATTERN } from '../../../shared/india.js';
import { canonicalRegion } from '../../../shared/schemas/address.js';
import { protectCell, unprotectCell } from '../../lib/csv-cells.js';
import { badRequest } from '../../lib/errors.js';
import type { PincodeRow, PincodeValues } from './pincodes.repository.js';

/**
 * Pincodes as CSV, in two layouts told apart by the header:
 * - the shop's own (the export's columns, PINCODE_CSV_COLUMNS), one row per pincode;
 * - the All India Pincode Directory as data.gov.in publishes it (CC0), one row per post office:
 *   `circlename,regionname,divisionname,officename,pincode,officetype,delivery,district,statename,
 *   latitude,longitude`, or the older `officename,pincode,officeType,Deliverystatus,divisionname,
 *   regionname,circlename,Taluk,Districtname,statename,...`. Its offices are merged per pincode.
 * Header names are matched ignoring case, spaces and punctuation. As in the product CSV, a text cell
 * a spreadsheet would run as a formula is written with a leading apostrophe, taken off on import.
 */

type Field =
  | 'pincode'
  | 'city'
  | 'district'
  | 'state'
  | 'serviceable'
  | 'cod'
  | 'deliveryDays'
  | 'officeName'
  | 'officeType'
  | 'delivery';

/** Normalised header name -> field; null for the directory's columns the shop has no use for. */
const HEADERS: Record<string, Field | null> = {
  pincode: 'pincode',
  city: 'city',
  district: 'district',
  districtname: 'district',
  state: 'state',
  statename: 'state',
  serviceable: 'serviceable',
  cod: 'cod',
  deliverydays: 'deliveryDays',
  officename: 'officeName',
  officetype: 'officeType',
  delivery: 'delivery',
  deliverystatus: 'delivery',
  circlename: null,
  regionname: null,
  divisionname: null,
  taluk: null,
  telephone: null,
  relatedsuboffice: null,
  relatedheadoffice: null,
  latitude: null,
  longitude: null,
};
const DIRECTORY_ONLY = new Set(['officename', 'officetype', 'delivery', 'deliverystatus', 'circlename']);
const SHOP_ONLY: readonly Field[] = ['city', 'serviceable', 'cod', 'deliveryDays'];

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

const protect = protectCell;
const unprotect = unprotectCell;

/** The directory's spellings (upper case, `&`, older names) that the address form does not know. */
const DIRECTORY_STATES: Record<string, string> = {
  chattisgarh: 'Chhattisgarh',
  uttaranchal: 'Uttarakhand',
  nctofdelhi: 'Delhi',
  andamanandnicobar: 'Andaman and Nicobar Islands',
  andamanandnicobarislands: 'Andaman and Nicobar Islands',
  dadraandnagarhaveli: 'Dadra and Nagar Haveli and Daman and Diu',
  damananddiu: 'Dadra and Nagar Haveli and Daman and Diu',
  jammuandkashmir: 'Jammu and Kashmir',
};

/** A state or union territory's official name from any spelling the shop or the directory uses. */
export function regionOf(value: string): string | undefined {
  const words = value
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^the /, '');
  return canonicalRegion(words) ?? DIRECTORY_STATES[words.replace(/ /g, '')];
}

const SMALL_WORDS = new Set(['and', 'of', 'the']);

/** The directory writes names in capitals: "BENGALURU URBAN" reads "Bengaluru Urban". */
function placeName(text: string): string {
  const name = text.trim().replace(/\s+/g, ' ');
  if (name !== name.toUpperCase()) return name;
  return name
    .toLowerCase()
    .split(' ')
    .map((word, i) =>
      i > 0 && SMALL_WORDS.has(word)
        ? word
        : word.replace(/(^|[-(.])([a-z])/g, (_, a, b) => a + b.toUpperCase()),
    )
    .join(' ');
}

/** "Koramangala S.O", "Bangalore G.P.O." -> "Koramangala", "Bangalore". */
const officePlace = (office: string) =>
  office.replace(/\s+(B\.?O|S\.?O|H\.?O|G\.?P\.?O)\.?(\s*\(.*\))?$/i, '').trim();

const missing = (cell: string) => cell === '' || /^n\.?a\.?$/i.test(cell);

export type PincodeEntry = {
  /** The row named in a problem: the pincode's row, or its first post office's in the directory. */
  row: number;
  pincode: string;
  /** Fields the file sets, on new and existing pincodes alike. */
  set: Partial<Omit<PincodeValues, 'pincode'>>;
  /** Fields that apply only to a pincode not yet listed (the directory's delivery status). */
  whenNew: Partial<Pick<PincodeValues, 'serviceable'>>;
};

export type PincodeCsv = {
  layout: 'shop' | 'directory';
  /** Rows read (post offices, for the directory). */
  rows: number;
  entries: PincodeEntry[];
  rejections: ApiImportRejection[];
};

type CsvRecord = { row: number; cells: Partial<Record<Field, string>> };

/**
 * Reads the file. A file that is not CSV, has an unknown column, or too many rows is a 400; problems
 * in single rows become rejections, so the report lists them all.
 */
export function readPincodeCsv(input: Buffer | string): PincodeCsv {
  let header: string[] = [];
  let parsed: { record: Record<string, string>; info: { records: number; empty_lines: number } }[];
  try {
    parsed = parse(input, {
      bom: true,
      columns: (names: string[]) => {
        header = names.map((name) => name.trim());
        return header.map((name) => HEADERS[normalise(name)] ?? `ignored:${name}`);
      },
      skip_empty_lines: true,
      info: true,
      trim: false,
      relax_column_count: false,
      max_record_size: 100_000,
    });
  } catch (error) {
    const reason = (error as Error).message.replace(/^Invalid [^:]*: /, '');
    throw badRequest(`The file could not be read as CSV: ${reason}`);
  }
  if (header.length === 0) throw badRequest('The file is empty: it needs a header row and pincodes.');
  const unknown = header.filter((name) => !(normalise(name) in HEADERS));
  if (unknown.length) {
    throw badRequest(
      `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `"${n.slice(0, 40)}"`).join(', ')}. ` +
        `Use the columns ${PINCODE_CSV_COLUMNS.join(', ')}, or the All India Pincode Directory's own.`,
    );
  }
  const fields = header.map((name) => HEADERS[normalise(name)]).filter((f): f is Field => f !== null);
  const duplicate = fields.find((field, i) => fields.indexOf(field) !== i);
  if (duplicate) throw badRequest(`Two columns of the header both give the ${duplicate}.`);
  const columns = new Set(fields);
  if (!columns.has('pincode')) throw badRequest('The header needs a "pincode" column.');
  const directory = header.some((name) => DIRECTORY_ONLY.has(normalise(name)));
  if (directory) {
    const mixed = SHOP_ONLY.filter((field) => columns.has(field));
    if (mixed.length) {
      throw badRequest(
        `The file has the All India Pincode Directory's columns and the shop's own ${mixed.join(', ')}: ` +
          'import the directory as published, then the shop’s columns in a file of their own.',
      );
    }
  }
  if (parsed.length === 0) throw badRequest('The file has a header but no pincodes.');
  if (parsed.length > PINCODE_CSV_MAX_ROWS) {
    throw badRequest(
      `The file has ${parsed.length.toLocaleString('en-IN')} rows; import at most ${PINCODE_CSV_MAX_ROWS.toLocaleString('en-IN')} at a time.`,
    );
  }
  const records: CsvRecord[] = parsed.map(({ record, info }) => ({
    // As a spreadsheet numbers it: the header is row 1, blank lines count.
    row: info.records + 1 + info.empty_lines,
    cells: record as Partial<Record<Field, string>>,
  }));
  // Problems name the column as the file spells it.
  const columnName = (field: Field) => header.find((name) => HEADERS[normalise(name)] === field) ?? field;
  return directory ? readDirectory(records, columns, columnName) : readShopRows(records, columns, columnName);
}

function readBoolean(text: string): boolean | undefined | 'bad' {
  if (text === '') return undefined;
  const word = text.toLowerCase();
  if (['yes', 'y', 'true', '1'].includes(word)) return true;
  if (['no', 'n', 'false', '0'].includes(word)) return false;
  return 'bad';
}

function readShopRows(
  records: CsvRecord[],
  columns: Set<Field>,
  columnName: (field: Field) => string,
): PincodeCsv {
  const rejections: ApiImportRejection[] = [];
  const entries: PincodeEntry[] = [];
  const rowOf = new Map<string, number>();
  for (const record of records) {
    const problems: ApiImportRejection[] = [];
    const reject = (field: Field, message: string) =>
      problems.push({ row: record.row, field: columnName(field), message });
    const cell = (field: Field) => unprotect(record.cells[field] ?? '').trim();
    const set: PincodeEntry['set'] = {};

    const pincode = cell('pincode');
    if (!PINCODE_PATTERN.test(pincode)) {
      reject(
        'pincode',
        pincode ? `"${pincode.slice(0, 20)}" is not a valid 6-digit PIN code` : 'Pincode is required',
      );
    } else {
      const earlier = rowOf.get(pincode);
      if (earlier !== undefined) reject('pincode', `${pincode} is also on row ${earlier}`);
      else rowOf.set(pincode, record.row);
    }
    for (const field of ['city', 'district'] as const) {
      if (!columns.has(field)) continue;
      const text = cell(field).replace(/\s+/g, ' ');
      if (text.length > PINCODE_TEXT_MAX)
        reject(field, `Keep the ${field} under ${PINCODE_TEXT_MAX} characters`);
      else if (text) set[field] = text;
    }
    if (columns.has('state')) {
      const text = cell('state');
      if (text) {
        const state = regionOf(text);
        if (state) set.state = state;
        else reject('state', `Unknown state "${text.slice(0, 60)}": use a state or union territory's name`);
      }
    }
    for (const field of ['serviceable', 'cod'] as const) {
      if (!columns.has(field)) continue;
      const value = readBoolean(cell(field));
      if (value === 'bad') reject(field, `${field === 'cod' ? 'COD' : 'Serviceable'} must be yes or no`);
      else if (value !== undefined) set[field] = value;
    }
    if (columns.has('deliveryDays')) {
      const text = cell('deliveryDays');
      if (text) {
        if (!/^\d{1,3}$/.test(text) || Number(text) > PINCODE_DELIVERY_DAYS_MAX) {
          reject(
            'deliveryDays',
            `Delivery days must be a whole number from 0 to ${PINCODE_DELIVERY_DAYS_MAX}`,
          );
        } else set.deliveryDays = Number(text);
      }
    }
    rejections.push(...problems);
    if (problems.length === 0) entries.push({ row: record.row, pincode, set, whenNew: {} });
  }
  return { layout: 'shop', rows: records.length, entries, rejections };
}

/** The most frequent value (the first seen among equals). */
function mostCommon(values: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | undefined;
  for (const [value, n] of counts) if (best === undefined || n > counts.get(best)!) best = value;
  return best;
}

function readDirectory(
  records: CsvRecord[],
  columns: Set<Field>,
  columnName: (field: Field) => string,
): PincodeCsv {
  const rejections: ApiImportRejection[] = [];
  type Office = {
    row: number;
    state: string;
    rawState: string;
    district: string;
    office: string;
    delivers: boolean;
  };
  const offices = new Map<string, Office[]>();
  for (const record of records) {
    const cell = (field: Field) => unprotect(record.cells[field] ?? '').trim();
    const pincode = cell('pincode');
    if (!PINCODE_PATTERN.test(pincode)) {
      rejections.push({
        row: record.row,
        field: columnName('pincode'),
        message: pincode
          ? `"${pincode.slice(0, 20)}" is not a valid 6-digit PIN code`
          : 'Pincode is required',
      });
      continue;
    }
    const rawState = cell('state');
    const delivery = cell('delivery').toLowerCase();
    const list = offices.get(pincode) ?? [];
    list.push({
      row: record.row,
      rawState,
      state: missing(rawState) ? '' : (regionOf(rawState) ?? ''),
      district: missing(cell('district')) ? '' : placeName(cell('district')),
      office: officePlace(cell('officeName')),
      // "Delivery" against "Non Delivery" / "Non-Delivery"; a file without the column delivers.
      delivers: !columns.has('delivery') || delivery === 'delivery',
    });
    offices.set(pincode, list);
  }
  const entries: PincodeEntry[] = [];
  for (const [pincode, list] of offices) {
    const first = list[0]!;
    const state = mostCommon(list.map((o) => o.state).filter(Boolean));
    if (!state) {
      const named = list.find((o) => !missing(o.rawState));
      rejections.push({
        row: (named ?? first).row,
        field: columnName('state'),
        message: named
          ? `Unknown state "${named.rawState.slice(0, 60)}" for ${pincode}`
          : `No office of ${pincode} names its state`,
      });
      continue;
    }
    const district = mostCommon(list.map((o) => o.district).filter(Boolean)) ?? '';
    // The directory has no city: the district names the place, else the head office's locality.
    const city = (district || mostCommon(list.map((o) => o.office).filter(Boolean)) || '').slice(
      0,
      PINCODE_TEXT_MAX,
    );
    if (!city) {
      rejections.push({
        row: first.row,
        field: columnName('district'),
        message: `No district for ${pincode}`,
      });
      continue;
    }
    entries.push({
      row: first.row,
      pincode,
      set: { city, district: district.slice(0, PINCODE_TEXT_MAX), state },
      whenNew: { serviceable: list.some((o) => o.delivers) },
    });
  }
  return { layout: 'directory', rows: records.length, entries, rejections };
}

/** A CSV stream (header first) of the pincodes an async source yields, page by page. */
export function pincodeCsvStream(pages: AsyncIterable<PincodeRow[]>): Readable {
  const csv = stringify({ header: true, columns: [...PINCODE_CSV_COLUMNS], bom: true });
  const source = Readable.from(
    (async function* () {
      for await (const page of pages) {
        for (const row of page) {
          yield {
            pincode: row.pincode,
            city: protect(row.city),
            district: protect(row.district),
            state: row.state,
            serviceable: row.serviceable ? 'yes' : 'no',
            cod: row.cod ? 'yes' : 'no',
            deliveryDays: String(row.deliveryDays),
          };
        }
      }
    })(),
  );
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
