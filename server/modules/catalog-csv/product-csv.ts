import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import {
  type ApiImportRejection,
  PRODUCT_COLORS_MAX,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_MAX_ROWS,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_IMAGES_MAX,
  PRODUCT_QUANTITY_MAX,
  PRODUCT_SLUG_MAX,
  PRODUCT_TITLE_MAX,
  readRupees,
  SLUG_PATTERN,
} from '../../../shared/api/catalog-admin.schemas.js';
import { PRODUCT_TAGS } from '../../../shared/catalog.js';
import { translatedLocales } from '../../../shared/locales.js';
import { rupeesToPaise } from '../../../shared/money.js';
import { readGstRate, readHsnCode } from '../../../shared/schemas/gst-fields.js';
import type { TranslatedLocale } from '../../../shared/translations.js';
import type { ProductTranslation } from '../../db/schema.js';
import { protectCell, unprotectCell } from '../../lib/csv-cells.js';
import { badRequest } from '../../lib/errors.js';
import type { TranslationsWrite } from '../../lib/translations.js';
import type { ExportRow, Lookups } from '../catalog/index.js';

/**
 * Products as CSV: the export's columns (PRODUCT_CSV_COLUMNS) and the import's reading of each row.
 * Lists inside a cell (colours, tags, picture URLs) are separated by `|`. A text cell that a
 * spreadsheet would run as a formula (starting with = + - @) is written with a leading apostrophe,
 * which the import takes off again, so an exported file can be opened safely and imported back.
 */

export type CsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

const protect = protectCell;
const unprotect = unprotectCell;

const rupees = (paise: number) => (paise / 100).toFixed(2).replace(/\.00$/, '');

/** A CSV stream (header first) of the rows an async source yields, page by page. */
export function productCsvStream(pages: AsyncIterable<ExportRow[]>): Readable {
  const csv = stringify({ header: true, columns: [...PRODUCT_CSV_COLUMNS], bom: true });
  const source = Readable.from(
    (async function* () {
      for await (const page of pages) {
        for (const row of page) {
          yield {
            slug: row.slug,
            title: protect(row.title),
            description: protect(row.description),
            price: rupees(row.pricePaise),
            mrp: row.mrpPaise === null ? '' : rupees(row.mrpPaise),
            category: protect(row.category),
            brand: protect(row.brand),
            colors: row.colors.join('|'),
            tags: row.tags.join('|'),
            quantity: String(row.quantity),
            images: row.images.join('|'),
            hsn_code: row.hsnCode ?? '',
            // Percent, as people write it: 18, 5, 0.25; blank takes the category's.
            gst_rate: row.gstRateBp === null ? '' : String(row.gstRateBp / 100),
            ...translatedCells(row),
          };
        }
      }
    })(),
  );
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}

/** `title_hi`, `description_hi`...: each language's text, blank where it shows the English. */
function translatedCells(row: ExportRow): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const code of translatedLocales) {
    const language = row.translations[code];
    cells[`title_${code}`] = protect(language?.title ?? '');
    cells[`description_${code}`] = protect(language?.description ?? '');
  }
  return cells;
}

export type CsvRecord = { row: number; cells: Partial<Record<CsvColumn, string>> };

/**
 * Reads the file: a header naming known columns (slug or title among them), then at most
 * PRODUCT_CSV_MAX_ROWS rows. A file that cannot be read as CSV at all is a 400; problems in
 * single rows are left to `readRow`, so the report can list them all.
 */
export function parseProductCsv(input: Buffer | string): { columns: Set<CsvColumn>; records: CsvRecord[] } {
  let header: string[] = [];
  let parsed: { record: Record<string, string>; info: { records: number; empty_lines: number } }[];
  try {
    parsed = parse(input, {
      bom: true,
      columns: (names: string[]) => {
        header = names.map((name) => name.trim().toLowerCase());
        return header;
      },
      skip_empty_lines: true,
      info: true,
      trim: false,
      max_record_size: 1_000_000,
    });
  } catch (error) {
    const reason = (error as Error).message.replace(/^Invalid [^:]*: /, '');
    throw badRequest(`The file could not be read as CSV: ${reason}`);
  }
  if (header.length === 0) throw badRequest('The file is empty: it needs a header row and products.');
  const unknown = header.filter((name) => !(PRODUCT_CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown.length) {
    throw badRequest(
      `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `"${n}"`).join(', ')}. The columns are: ${PRODUCT_CSV_COLUMNS.join(', ')}.`,
    );
  }
  const duplicate = header.find((name, i) => header.indexOf(name) !== i);
  if (duplicate) throw badRequest(`The column "${duplicate}" appears twice in the header.`);
  const columns = new Set(header as CsvColumn[]);
  if (!columns.has('slug') && !columns.has('title')) {
    throw badRequest(
      'The header needs a "slug" column (to update products) or a "title" column (to create them).',
    );
  }
  if (parsed.length === 0) throw badRequest('The file has a header but no products.');
  if (parsed.length > PRODUCT_CSV_MAX_ROWS) {
    throw badRequest(
      `The file has ${parsed.length.toLocaleString('en-IN')} rows; import at most ${PRODUCT_CSV_MAX_ROWS.toLocaleString('en-IN')} at a time.`,
    );
  }
  return {
    columns,
    records: parsed.map(({ record, info }) => ({
      // As a spreadsheet numbers it: the header is row 1, blank lines count.
      row: info.records + 1 + info.empty_lines,
      cells: record as Partial<Record<CsvColumn, string>>,
    })),
  };
}

/** What one row asks for. Fields whose column is not in the file are absent (left as they are). */
export type RowValues = {
  slug: string;
  title?: string;
  description?: string;
  pricePaise?: number;
  mrpPaise?: number | null;
  categoryId?: string;
  brandId?: string;
  colorIds?: string[];
  tags?: string[];
  imageUrls?: string[];
  /** Absent also when the cell is empty: the stock stays as it is. */
  quantity?: number;
  /** GST: an empty cell is null, the category's applies. */
  hsnCode?: string | null;
  gstRateBp?: number | null;
  /** The languages' columns in the file; an empty cell is '' (the field removed). */
  translations?: TranslationsWrite<ProductTranslation>;
};

const splitList = (cell: string) =>
  cell
    .split(/[|,]/)
    .map((part) => part.trim())
    .filter(Boolean);

const IMAGE_URL = /^(https?:\/\/\S+|\/media\/\S+)$/i;

/**
 * Checks one row against the catalogue's names and the form's rules; `storedUrl` turns the shop's
 * own absolute picture URLs back into the `/media/...` paths products keep.
 */
export function readRow(
  record: CsvRecord,
  columns: Set<CsvColumn>,
  lookups: Lookups,
  storedUrl: (url: string) => string,
): { values: RowValues; rejections: ApiImportRejection[] } {
  const rejections: ApiImportRejection[] = [];
  const reject = (field: string, message: string) => rejections.push({ row: record.row, field, message });
  const cell = (column: CsvColumn) => unprotect(record.cells[column] ?? '').trim();
  const values: RowValues = { slug: '' };

  if (columns.has('slug')) {
    // Checked against the slug rules only for a new product: an existing one matches as it is.
    const slug = cell('slug').toLowerCase();
    if (slug.length > 300) reject('slug', 'Slug is too long');
    else values.slug = slug;
  }
  if (columns.has('title')) {
    const title = cell('title');
    if (!title) reject('title', 'Title is required');
    else if (title.length > PRODUCT_TITLE_MAX)
      reject('title', `Title must be at most ${PRODUCT_TITLE_MAX} characters`);
    else values.title = title;
  }
  if (columns.has('description')) {
    const description = unprotect(record.cells.description ?? '');
    if (description.length > PRODUCT_DESCRIPTION_MAX) {
      reject(
        'description',
        `Description must be at most ${PRODUCT_DESCRIPTION_MAX.toLocaleString('en-IN')} characters`,
      );
    } else values.description = description;
  }
  if (columns.has('price')) {
    const price = readRupees(cell('price'), 'Price');
    if (typeof price === 'number') values.pricePaise = rupeesToPaise(price);
    else reject('price', price.message);
  }
  if (columns.has('mrp')) {
    const text = cell('mrp');
    if (!text) values.mrpPaise = null;
    else {
      const mrp = readRupees(text, 'MRP');
      if (typeof mrp === 'number') values.mrpPaise = rupeesToPaise(mrp);
      else reject('mrp', mrp.message);
    }
  }
  if (columns.has('category')) {
    const name = cell('category');
    const id = lookups.categories.get(name.toLowerCase());
    if (!name) reject('category', 'Category is required');
    else if (!id)
      reject('category', `Unknown category "${name.slice(0, 80)}": create it first, or correct the name`);
    else values.categoryId = id;
  }
  if (columns.has('brand')) {
    const name = cell('brand');
    const id = lookups.brands.get(name.toLowerCase());
    if (!name) reject('brand', 'Brand is required');
    else if (!id)
      reject('brand', `Unknown brand "${name.slice(0, 80)}": create it first, or correct the name`);
    else values.brandId = id;
  }
  if (columns.has('colors')) {
    const names = splitList(cell('colors'));
    const ids: string[] = [];
    if (names.length === 0) reject('colors', 'At least one colour is required');
    else if (names.length > PRODUCT_COLORS_MAX) reject('colors', `At most ${PRODUCT_COLORS_MAX} colours`);
    for (const name of names.slice(0, PRODUCT_COLORS_MAX)) {
      const key = name.toLowerCase();
      const byValue = lookups.colorsByValue.get(key);
      const byName = lookups.colorsByName.get(key);
      if (byValue) ids.push(byValue);
      else if (byName?.length === 1) ids.push(byName[0]!);
      else if (byName && byName.length > 1)
        reject('colors', `Several colours are called "${name.slice(0, 40)}": use its value, such as #1f2937`);
      else
        reject('colors', `Unknown colour "${name.slice(0, 40)}": use a colour's value (#rrggbb) or its name`);
    }
    values.colorIds = [...new Set(ids)];
  }
  if (columns.has('tags')) {
    const tags = [...new Set(splitList(cell('tags')).map((t) => t.toLowerCase()))];
    const bad = tags.find((tag) => !(PRODUCT_TAGS as readonly string[]).includes(tag));
    if (bad) reject('tags', `Unknown tag "${bad.slice(0, 40)}": use ${PRODUCT_TAGS.join(', ')}`);
    else values.tags = tags;
  }
  if (columns.has('images')) {
    const urls = cell('images')
      .split('|')
      .map((u) => u.trim())
      .filter(Boolean);
    const bad = urls.find((url) => url.length > 2000 || !IMAGE_URL.test(url));
    if (bad) reject('images', `"${bad.slice(0, 80)}" is not a picture URL (https://…)`);
    else if (urls.length > PRODUCT_IMAGES_MAX) reject('images', `At most ${PRODUCT_IMAGES_MAX} pictures`);
    else values.imageUrls = urls.map(storedUrl);
  }
  if (columns.has('quantity')) {
    const text = cell('quantity');
    if (text) {
      if (!/^\d{1,9}$/.test(text)) reject('quantity', 'Quantity must be a whole number, 0 or more');
      else if (Number(text) > PRODUCT_QUANTITY_MAX)
        reject('quantity', `Quantity must be at most ${PRODUCT_QUANTITY_MAX.toLocaleString('en-IN')}`);
      else values.quantity = Number(text);
    }
  }
  if (columns.has('hsn_code')) {
    const hsn = readHsnCode(cell('hsn_code'));
    if (hsn !== null && typeof hsn === 'object') reject('hsn_code', hsn.message);
    else values.hsnCode = hsn;
  }
  if (columns.has('gst_rate')) {
    const bp = readGstRate(cell('gst_rate'));
    if (bp !== null && typeof bp === 'object') reject('gst_rate', bp.message);
    else values.gstRateBp = bp;
  }
  readTranslations(record, columns, values, reject);
  return { values, rejections };
}

/** The `title_<code>` and `description_<code>` cells the file has, checked as the form checks them. */
function readTranslations(
  record: CsvRecord,
  columns: Set<CsvColumn>,
  values: RowValues,
  reject: (field: string, message: string) => void,
) {
  for (const code of translatedLocales) {
    const fields: { title?: string; description?: string } = {};
    const titleColumn = `title_${code}` as CsvColumn;
    const descriptionColumn = `description_${code}` as CsvColumn;
    if (columns.has(titleColumn)) {
      const title = unprotect(record.cells[titleColumn] ?? '').trim();
      if (title.length > PRODUCT_TITLE_MAX)
        reject(titleColumn, `Title must be at most ${PRODUCT_TITLE_MAX} characters`);
      else fields.title = title;
    }
    if (columns.has(descriptionColumn)) {
      const description = unprotect(record.cells[descriptionColumn] ?? '');
      if (description.length > PRODUCT_DESCRIPTION_MAX) {
        reject(
          descriptionColumn,
          `Description must be at most ${PRODUCT_DESCRIPTION_MAX.toLocaleString('en-IN')} characters`,
        );
      } else fields.description = description;
    }
    if (Object.keys(fields).length > 0) {
      values.translations = { ...values.translations, [code as TranslatedLocale]: fields };
    }
  }
}

/** Whether a new product may take this slug (an existing product matches whatever its slug is). */
export function validNewSlug(slug: string): boolean {
  return slug.length <= PRODUCT_SLUG_MAX && SLUG_PATTERN.test(slug);
}
