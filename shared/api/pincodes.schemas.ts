import * as z from 'zod/mini';
import { INDIAN_REGION_NAMES, PINCODE_PATTERN } from '../india.js';
import { importQuery, importReport } from './catalog-admin.schemas.js';

/*
 * Where the shop delivers: the storefront's pincode check and the console's table,
 * export and import of serviceable pincodes. The import's report is the product import's.
 */

export const PINCODE_MESSAGE = 'Enter a valid 6-digit PIN code';

export const pincodeField = z
  .string({ error: PINCODE_MESSAGE })
  .check(z.trim(), z.regex(PINCODE_PATTERN, PINCODE_MESSAGE));

/** What a shopper learns about one pincode. */
export const pincodeAnswer = z.object({
  pincode: z.string(),
  /** Whether the shop delivers there. */
  serviceable: z.boolean(),
  /** Whether cash on delivery is offered there (always false where the shop does not deliver). */
  cod: z.boolean(),
  /** Null when the shop's list does not name the place (an unknown pincode, or no list at all). */
  city: z.nullable(z.string()),
  state: z.nullable(z.string()),
  /** The estimated delivery day, `YYYY-MM-DD` in India; null where the shop does not deliver. */
  deliveryBy: z.nullable(z.string()),
});
export type ApiPincode = z.output<typeof pincodeAnswer>;

export const getPincode = {
  params: z.object({ pin: pincodeField }),
  response: pincodeAnswer,
};

// ---------------------------------------------------------------------------------------------
// The console.

export const PINCODE_DELIVERY_DAYS_MAX = 60;
export const PINCODE_TEXT_MAX = 80;
export const PINCODE_TABLE_PAGE = 50;
/** The whole All India Pincode Directory (about 1,65,000 post offices) fits in one file. */
export const PINCODE_CSV_MAX_ROWS = 200_000;
export const PINCODE_CSV_MAX_BYTES = 50 * 1024 * 1024;

/** The export's columns, in order; the import reads them (or the directory's own) by header name. */
export const PINCODE_CSV_COLUMNS = [
  'pincode',
  'city',
  'district',
  'state',
  'serviceable',
  'cod',
  'deliveryDays',
] as const;

export const pincodeRow = z.object({
  pincode: z.string(),
  city: z.string(),
  district: z.string(),
  state: z.string(),
  serviceable: z.boolean(),
  cod: z.boolean(),
  deliveryDays: z.number(),
  updatedAt: z.string(),
});
export type ApiPincodeRow = z.output<typeof pincodeRow>;

export const pincodeStatuses = ['serviceable', 'unserviceable', 'no-cod'] as const;
export type PincodeStatus = (typeof pincodeStatuses)[number];

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

export const pincodeFilters = z.object({
  /** Digits: pincodes starting with them; words: city or district containing them. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(PINCODE_TEXT_MAX, 'Please keep the search short'))),
  state: z.optional(
    z.pipe(
      z.transform(emptyAsUndefined),
      z.optional(z.enum(INDIAN_REGION_NAMES as [string, ...string[]], { error: 'Choose a state' })),
    ),
  ),
  status: z.optional(
    z.pipe(
      z.transform(emptyAsUndefined),
      z.optional(z.enum(pincodeStatuses, { error: `status must be one of ${pincodeStatuses.join(', ')}` })),
    ),
  ),
});
export type PincodeFilters = z.output<typeof pincodeFilters>;

export const pincodeTableQuery = z.extend(pincodeFilters, {
  page: z.optional(
    z.pipe(
      z.transform((value: unknown) => (value === '' || value === undefined ? 1 : Number(value))),
      z
        .number({ error: 'page must be a whole number' })
        .check(z.int('page must be a whole number'), z.minimum(1, 'page starts at 1'), z.maximum(10_000)),
    ),
  ),
});
export type PincodeTableQuery = z.output<typeof pincodeTableQuery>;

export const pincodesTable = {
  query: pincodeTableQuery,
  response: z.object({
    items: z.array(pincodeRow),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    /** Every pincode in the list, whatever the filters: 0 means the shop delivers everywhere. */
    listed: z.number(),
  }),
};

/** The answer is text/csv; the schema documents it as a string. */
export const exportPincodes = { query: pincodeFilters, response: z.string() };
/** The body is multipart/form-data (a `file` part), read by the handler. */
export const importPincodes = { query: importQuery, response: importReport };
