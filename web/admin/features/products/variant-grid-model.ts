import type { ApiAdminVariant, ApiAdminVariants } from '../../../../shared/api/catalog-variants.schemas';
import {
  OPTION_VALUES_MAX,
  PRODUCT_OPTIONS_MAX,
  PRODUCT_VARIANTS_MAX,
  variantInput,
} from '../../../../shared/api/catalog-variants.schemas';

/**
 * The variant grid's state as typed, and the rules that turn it into the PUT .../variants body:
 * every combination of the options, SKU suggestions, the server's answers mapped back onto rows.
 * Pure, so the grid's behaviour is tested without a browser.
 */

export type OptionKind = 'color' | 'text';

/** An option as the merchant edits it: colour ids picked in order, or values typed with commas. */
export type OptionDraft = {
  key: string;
  name: string;
  kind: OptionKind;
  colorIds: string[];
  text: string;
};

export const ROW_FIELDS = [
  'sku',
  'barcode',
  'price',
  'mrp',
  'weight',
  'length',
  'width',
  'height',
  'quantity',
] as const;
export type RowField = (typeof ROW_FIELDS)[number];

/** One variant as typed: every figure a string, as its text box holds it. */
export type VariantRow = { key: string; _id?: string; values: string[]; images: number[] } & Record<
  RowField,
  string
>;
export type RowErrors = Partial<Record<RowField | 'images' | 'values', string>>;

/** A colour id's name ("Navy"), for labels and SKUs. */
export type ColourNames = ReadonlyMap<string, string>;

export { OPTION_VALUES_MAX, PRODUCT_OPTIONS_MAX, PRODUCT_VARIANTS_MAX };

let nextKey = 0;
export const newKey = (prefix: string) => `${prefix}-${++nextKey}`;

/** A text option's values: split on commas, trimmed, each once, in the merchant's order. */
export function textValues(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean),
    ),
  ];
}

export const optionValues = (option: OptionDraft): string[] =>
  option.kind === 'color' ? option.colorIds : textValues(option.text);

export function valueLabel(option: OptionDraft | undefined, value: string, colours: ColourNames): string {
  return option?.kind === 'color' ? (colours.get(value) ?? value) : value;
}

/** "Navy / L"; a product without options is one variant, called "the product". */
export function rowLabel(values: readonly string[], options: readonly OptionDraft[], colours: ColourNames) {
  return values.length === 0
    ? 'the product'
    : values.map((value, i) => valueLabel(options[i], value, colours)).join(' / ');
}

/** Every combination of the options' values, first option slowest ([[]] without options). */
export function combinations(options: readonly OptionDraft[]): string[][] {
  return options.reduce<string[][]>(
    (rows, option) => rows.flatMap((row) => optionValues(option).map((value) => [...row, value])),
    [[]],
  );
}

const rowIdentity = (values: readonly string[]) => values.join('\u0000');

/** "crew-tee" and Navy / L: "CREW-TEE-NAVY-L", within the SKU's 64 characters and pattern. */
export function suggestSku(slug: string, labels: readonly string[]): string {
  const words = [slug, ...labels]
    .join('-')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return (words || 'SKU').slice(0, 64).replace(/-+$/, '');
}

export type RowDefaults = { slug: string; price: string; mrp: string };

function blankRow(values: string[], sku: string, defaults: RowDefaults): VariantRow {
  return {
    key: newKey('new'),
    values,
    images: [],
    sku,
    barcode: '',
    price: defaults.price,
    mrp: defaults.mrp,
    weight: '',
    length: '',
    width: '',
    height: '',
    quantity: '0',
  };
}

/**
 * The grid for the options as they are now: a row per combination, keeping the rows (and their
 * ids, stock and typed figures) whose values still exist; new rows get a suggested SKU (made
 * unique within the grid) and the product's price and MRP.
 */
export function generateRows(
  options: readonly OptionDraft[],
  rows: readonly VariantRow[],
  defaults: RowDefaults,
  colours: ColourNames,
): VariantRow[] {
  const existing = new Map(rows.map((row) => [rowIdentity(row.values), row]));
  const taken = new Set(rows.map((row) => row.sku.toUpperCase()));
  return combinations(options).map((values) => {
    const kept = existing.get(rowIdentity(values));
    if (kept) return kept;
    const base = suggestSku(
      defaults.slug,
      values.map((value, i) => valueLabel(options[i], value, colours)),
    );
    let sku = base;
    for (let n = 2; taken.has(sku); n++) sku = `${base.slice(0, 60)}-${n}`;
    taken.add(sku);
    return blankRow(values, sku, defaults);
  });
}

const figure = (value: number | null) => (value === null ? '' : String(value));

/** The server's variants as rows of text boxes. */
export function rowsFromAnswer(variants: readonly ApiAdminVariant[]): VariantRow[] {
  return variants.map((variant) => ({
    key: variant._id,
    _id: variant._id,
    values: [...variant.values],
    images: [...variant.images],
    sku: variant.sku,
    barcode: variant.barcode ?? '',
    price: String(variant.price),
    mrp: figure(variant.mrp),
    weight: figure(variant.weight),
    length: figure(variant.length),
    width: figure(variant.width),
    height: figure(variant.height),
    quantity: String(variant.quantity),
  }));
}

export function optionsFromAnswer(options: ApiAdminVariants['options']): OptionDraft[] {
  return options.map((option) => ({
    key: newKey('option'),
    name: option.name,
    kind: option.kind,
    colorIds: option.kind === 'color' ? [...option.values] : [],
    text: option.kind === 'color' ? '' : option.values.join(', '),
  }));
}

/** Whether the rows were generated from these options (values in place, each still offered). */
export function rowsMatchOptions(options: readonly OptionDraft[], rows: readonly VariantRow[]): boolean {
  const offered = options.map((option) => new Set(optionValues(option)));
  return rows.every(
    (row) => row.values.length === options.length && row.values.every((value, i) => offered[i]!.has(value)),
  );
}

/** Blank is null; anything else a number (NaN for text, which the schema names). */
const measure = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(/,/g, '')));

type SaveBody = {
  options: { name: string; kind: OptionKind; values: string[] }[];
  variants: {
    _id?: string;
    sku: string;
    barcode: string | null;
    values: string[];
    price: string;
    mrp: string;
    weight: number | null;
    length: number | null;
    width: number | null;
    height: number | null;
    images: number[];
    quantity: number;
  }[];
};

export type BuildResult =
  | { body: SaveBody; errors?: undefined }
  | { body?: undefined; errors: Record<string, RowErrors>; message: string };

/** The body to PUT, checked with the API's own rules per row; or each row's messages. */
export function buildSaveBody(options: readonly OptionDraft[], rows: readonly VariantRow[]): BuildResult {
  const body: SaveBody = {
    options: options.map((option) => ({
      name: option.name.trim(),
      kind: option.kind,
      values: optionValues(option),
    })),
    variants: rows.map((row) => ({
      ...(row._id ? { _id: row._id } : {}),
      sku: row.sku.trim(),
      barcode: row.barcode.trim() || null,
      values: row.values,
      price: row.price.trim(),
      mrp: row.mrp.trim(),
      weight: measure(row.weight),
      length: measure(row.length),
      width: measure(row.width),
      height: measure(row.height),
      images: row.images,
      quantity: row._id ? 0 : (measure(row.quantity) ?? 0),
    })),
  };
  const errors: Record<string, RowErrors> = {};
  body.variants.forEach((variant, i) => {
    const result = variantInput['~standard'].validate(variant);
    if (result instanceof Promise || !result.issues) return;
    const found: RowErrors = {};
    for (const issue of result.issues) {
      const field = String(issue.path?.[0] ?? 'sku') as keyof RowErrors;
      found[field] ??= issue.message;
    }
    errors[rows[i]!.key] = found;
  });
  const count = Object.keys(errors).length;
  if (count === 0) return { body };
  return {
    errors,
    message: `${count === 1 ? 'One variant has' : `${count} variants have`} a problem: see the marked cells.`,
  };
}

/**
 * The server's 400 or 409 pinned to the row it names ("LEV-NVY-L: ..." or "The SKU LEV-NVY-L is
 * already used by ..."), and to the SKU cell when it is about the SKU.
 */
export function rowErrorFromMessage(
  rows: readonly VariantRow[],
  message: string,
): { key: string; errors: RowErrors } | undefined {
  const upper = message.toUpperCase();
  const row = rows.find((candidate) => {
    const sku = candidate.sku.trim().toUpperCase();
    return sku !== '' && (upper.startsWith(`${sku}:`) || upper.includes(`SKU ${sku} `));
  });
  if (!row) return undefined;
  const field: RowField = /barcode/i.test(message) ? 'barcode' : 'sku';
  return { key: row.key, errors: { [field]: message } };
}

/** A 400's field errors ("variants.3.price") pinned to their rows' cells. */
export function rowErrorsFromFields(
  rows: readonly VariantRow[],
  fields: Record<string, string> | undefined,
): Record<string, RowErrors> {
  const found: Record<string, RowErrors> = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const match = /^variants\.(\d+)\.(\w+)/.exec(path);
    const row = match ? rows[Number(match[1])] : undefined;
    if (!row) continue;
    const field = match![2] as keyof RowErrors;
    found[row.key] = { ...found[row.key], [field]: message };
  }
  return found;
}
