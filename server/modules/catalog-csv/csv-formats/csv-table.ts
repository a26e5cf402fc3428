import { parse } from 'csv-parse/sync';
import { PRODUCT_CSV_MAX_ROWS } from '../../../../shared/api/catalog-admin.schemas.js';
import { unprotectCell } from '../../../lib/csv-cells.js';
import { badRequest } from '../../../lib/errors.js';

/** A CSV file as its header (names as written) and rows of cells by lowercased header name. */
export type CsvTable = {
  header: string[];
  rows: { row: number; cell(name: string): string }[];
};

/**
 * Reads a CSV file whatever its columns: a file that is not CSV, or has no header or no rows, is a
 * 400 with a message; each row keeps its spreadsheet number (the header is row 1, blank lines count).
 */
export function readCsvTable(input: Buffer | string): CsvTable {
  let header: string[] = [];
  let parsed: { record: string[]; info: { records: number; empty_lines: number } }[];
  try {
    // With `info`, each record comes with where it was read (the typings miss that shape).
    parsed = parse(input, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      max_record_size: 1_000_000,
    }) as unknown as typeof parsed;
  } catch (error) {
    const reason = (error as Error).message.replace(/^Invalid [^:]*: /, '');
    throw badRequest(`The file could not be read as CSV: ${reason}`);
  }
  const [first, ...rest] = parsed;
  if (!first) throw badRequest('The file is empty: it needs a header row and products.');
  header = first.record.map((name) => name.trim());
  if (rest.length === 0) throw badRequest('The file has a header but no products.');
  if (rest.length > PRODUCT_CSV_MAX_ROWS) {
    throw badRequest(
      `The file has ${rest.length.toLocaleString('en-IN')} rows; import at most ${PRODUCT_CSV_MAX_ROWS.toLocaleString('en-IN')} at a time.`,
    );
  }
  const columns = new Map(header.map((name, i) => [name.toLowerCase(), i] as const));
  return {
    header,
    rows: rest.map(({ record, info }) => ({
      row: info.records + info.empty_lines,
      cell(name: string) {
        const at = columns.get(name.toLowerCase());
        return at === undefined ? '' : unprotectCell(record[at] ?? '');
      },
    })),
  };
}

/** The first of `names` the header has (exports rename columns between versions), else the first. */
export function columnOf(table: CsvTable, ...names: string[]): string {
  const present = new Set(table.header.map((name) => name.toLowerCase()));
  return names.find((name) => present.has(name.toLowerCase())) ?? names[0]!;
}
