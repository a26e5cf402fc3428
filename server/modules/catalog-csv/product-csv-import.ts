import type { ApiImportRejection, ApiImportReport } from '../../../shared/api/catalog-admin.schemas.js';
import { IMPORT_REPORT_MAX_REJECTED } from '../../../shared/api/catalog-admin.schemas.js';
import { paiseToRupees } from '../../../shared/money.js';
import { bpToRate } from '../../../shared/schemas/gst-fields.js';
import type { ProductTranslation } from '../../db/schema.js';
import { sanitizeRichText } from '../../lib/html.js';
import {
  keepRichText,
  keepText,
  mergeTranslations,
  sameTranslations,
  type TranslationsWrite,
} from '../../lib/translations.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import {
  buildLookups,
  changes,
  createProducts,
  type ImportTarget,
  type ProductUpdate,
  type ProductValues,
  productsBySlug,
  readTaxonomyNames,
  type Snapshot,
  sameImages,
  sameList,
  storedUrl,
  updateProducts,
  writeCatalogue,
} from '../catalog/index.js';
import type { CatalogCsvDeps } from './catalog-csv-deps.js';
import { readForeignCatalogue } from './csv-formats/foreign-catalogue.js';
import { importForeignProducts } from './foreign-import.js';
import {
  type CsvColumn,
  type CsvRecord,
  parseProductCsv,
  type RowValues,
  readRow,
  validNewSlug,
} from './product-csv.js';

/**
 * The console's CSV import: every row read and checked first, then matched by slug to create or
 * update products, and nothing written unless every row is fine (a dry run writes nothing at all).
 * All of it is one transaction with one audit event; stock changes are movements in the ledger.
 */

type Creation = { row: number; values: ProductValues; quantity: number };
type Update = ProductUpdate & { row: number; slug: string; before: Snapshot; after: Snapshot };

/** What a new product's row must give: the value, its column, and how a message names it. */
const REQUIRED_FOR_NEW: [keyof RowValues, string, string][] = [
  ['title', 'title', 'a title'],
  ['pricePaise', 'price', 'a price'],
  ['categoryId', 'category', 'a category'],
  ['brandId', 'brand', 'a brand'],
  ['colorIds', 'colors', 'at least one colour'],
];

const MRP_BELOW_PRICE = 'MRP must be at least the price (or left empty)';

/** A row's translation cells over what is stored: an empty cell removes, descriptions sanitised. */
const translationsOf = (
  current: ProductValues['translations'],
  cells: TranslationsWrite<ProductTranslation>,
) => mergeTranslations(current, cells, { title: keepText, description: keepRichText });

/** Each record read against the taxonomy; a slug on two rows rejects the later one. */
async function readRecords(ctx: CatalogCsvDeps, file: Buffer) {
  const { columns, records } = parseProductCsv(file);
  const lookups = buildLookups(await readTaxonomyNames(ctx.db));
  const rejections: ApiImportRejection[] = [];
  const rows: { record: CsvRecord; values: RowValues }[] = [];
  const rowOfSlug = new Map<string, number>();
  for (const record of records) {
    const { values, rejections: problems } = readRow(record, columns, lookups, (url) => storedUrl(ctx, url));
    if (values.slug) {
      const earlier = rowOfSlug.get(values.slug);
      if (earlier !== undefined) {
        problems.push({
          row: record.row,
          field: 'slug',
          message: `"${values.slug}" is also on row ${earlier}`,
        });
      } else rowOfSlug.set(values.slug, record.row);
    }
    rejections.push(...problems);
    if (problems.length === 0) rows.push({ record, values });
  }
  return { columns, records, rejections, rows, rowOfSlug };
}

/** A row for a slug not yet in the shop: a new product, or the reasons it cannot be one. */
function planCreation(
  record: CsvRecord,
  values: RowValues,
  columns: Set<CsvColumn>,
): Creation | ApiImportRejection[] {
  if (values.slug && !validNewSlug(values.slug)) {
    return [
      {
        row: record.row,
        field: 'slug',
        message: `"${values.slug.slice(0, 60)}" is not a valid slug for a new product: use a-z, 0-9 and single hyphens`,
      },
    ];
  }
  const missing = REQUIRED_FOR_NEW.filter(([key]) => values[key] === undefined);
  if (missing.length) {
    return missing.map(([, column, what]) => ({
      row: record.row,
      field: column,
      message: `A new product needs ${what}${columns.has(column as never) ? '' : ` (add a "${column}" column)`}`,
    }));
  }
  const mrpPaise = values.mrpPaise ?? null;
  if (mrpPaise !== null && mrpPaise < values.pricePaise!) {
    return [{ row: record.row, field: 'mrp', message: MRP_BELOW_PRICE }];
  }
  return {
    row: record.row,
    quantity: values.quantity ?? 0,
    values: {
      slug: values.slug,
      title: values.title!,
      description: sanitizeRichText(values.description ?? ''),
      pricePaise: values.pricePaise!,
      mrpPaise,
      categoryId: values.categoryId!,
      brandId: values.brandId!,
      tags: values.tags ?? [],
      images: (values.imageUrls ?? []).map((url) => ({ url })),
      colorIds: values.colorIds!,
      hsnCode: values.hsnCode ?? null,
      gstRateBp: values.gstRateBp ?? null,
      translations: translationsOf(undefined, values.translations),
    },
  };
}

/** A product as an import's audit event compares it (ids rather than names, as the file has them). */
function plain(v: ProductValues, quantity: number): Snapshot {
  return {
    title: v.title,
    price: paiseToRupees(v.pricePaise),
    mrp: v.mrpPaise === null ? null : paiseToRupees(v.mrpPaise),
    categoryId: v.categoryId,
    brandId: v.brandId,
    tags: v.tags,
    images: v.images.map((image) => image.url),
    colorIds: v.colorIds,
    description: v.description,
    hsnCode: v.hsnCode,
    gstRate: bpToRate(v.gstRateBp),
    translations: v.translations ?? {},
    quantity,
  };
}

/** A row for an existing product: the cells it has over what is stored; null when nothing changes. */
function planUpdate(
  record: CsvRecord,
  values: RowValues,
  current: ImportTarget,
): Update | ApiImportRejection | null {
  const currentColors = current.colorIds;
  const byUrl = new Map(current.images.map((image) => [image.url, image]));
  const merged: ProductValues = {
    slug: current.slug,
    title: values.title ?? current.title,
    description:
      values.description === undefined ? current.description : sanitizeRichText(values.description),
    pricePaise: values.pricePaise ?? current.pricePaise,
    mrpPaise: values.mrpPaise === undefined ? current.mrpPaise : values.mrpPaise,
    categoryId: values.categoryId ?? current.categoryId,
    brandId: values.brandId ?? current.brandId,
    tags: values.tags ?? current.tags,
    images: values.imageUrls ? values.imageUrls.map((url) => byUrl.get(url) ?? { url }) : current.images,
    colorIds: values.colorIds ?? currentColors,
    hsnCode: values.hsnCode === undefined ? current.hsnCode : values.hsnCode,
    gstRateBp: values.gstRateBp === undefined ? current.gstRateBp : values.gstRateBp,
    translations: translationsOf(current.translations, values.translations),
  };
  if (merged.mrpPaise !== null && merged.mrpPaise < merged.pricePaise) {
    return { row: record.row, field: 'mrp', message: MRP_BELOW_PRICE };
  }
  const fieldsChanged =
    merged.title !== current.title ||
    merged.description !== current.description ||
    merged.pricePaise !== current.pricePaise ||
    merged.mrpPaise !== current.mrpPaise ||
    merged.categoryId !== current.categoryId ||
    merged.brandId !== current.brandId ||
    !sameList(merged.tags, current.tags) ||
    !sameImages(merged.images, current.images) ||
    merged.hsnCode !== current.hsnCode ||
    merged.gstRateBp !== current.gstRateBp ||
    !sameTranslations(merged.translations, current.translations);
  const colorsChanged = !sameList(merged.colorIds, currentColors);
  const quantityChanged = values.quantity !== undefined && values.quantity !== current.quantity;
  // A product sold in sizes or colours has a price and stock per variant: its row holds the lowest
  // price and the total, which a product-level figure would flatten.
  if (current.options.length > 0) {
    const field = quantityChanged
      ? 'quantity'
      : merged.pricePaise !== current.pricePaise || merged.mrpPaise !== current.mrpPaise
        ? 'price'
        : null;
    if (field) {
      return {
        row: record.row,
        field,
        message: `${current.title} has variants: change their ${field === 'quantity' ? 'stock' : 'prices'} in the console's variant grid, or import a Shopify-format file (one row a variant).`,
      };
    }
  }
  if (!fieldsChanged && !colorsChanged && !quantityChanged) return null;
  const before = plain({ ...current, colorIds: currentColors }, current.quantity);
  const after = plain(merged, values.quantity ?? current.quantity);
  const diff = changes(before, after);
  return {
    row: record.row,
    id: current.id,
    slug: current.slug,
    values: fieldsChanged ? merged : null,
    colorIds: colorsChanged ? merged.colorIds : null,
    quantity: quantityChanged ? values.quantity : undefined,
    before: diff.before,
    after: diff.after,
  };
}

export async function importProductsCsv(
  ctx: CatalogCsvDeps,
  actor: AuditActor,
  file: Buffer,
  dryRun: boolean,
): Promise<ApiImportReport> {
  const foreign = readForeignCatalogue(file);
  if (foreign) return importForeignProducts(ctx, actor, foreign, dryRun);
  const { columns, records, rejections, rows, rowOfSlug } = await readRecords(ctx, file);
  const existing = await productsBySlug(ctx.db, [...rowOfSlug.keys()]);
  const creations: Creation[] = [];
  const updates: Update[] = [];
  let unchanged = 0;
  for (const { record, values } of rows) {
    const current = values.slug ? existing.get(values.slug) : undefined;
    if (!current) {
      const creation = planCreation(record, values, columns);
      if (Array.isArray(creation)) rejections.push(...creation);
      else creations.push(creation);
      continue;
    }
    const update = planUpdate(record, values, current);
    if (update === null) unchanged++;
    else if ('message' in update) rejections.push(update);
    else updates.push(update);
  }

  rejections.sort((a, b) => a.row - b.row);
  const rejectedRows = new Set(rejections.map((r) => r.row)).size;
  const report = (written: boolean): ApiImportReport => ({
    dryRun,
    written,
    rows: records.length,
    created: creations.length,
    updated: updates.length,
    unchanged,
    rejectedRows,
    rejected: rejections.slice(0, IMPORT_REPORT_MAX_REJECTED),
  });
  if (rejections.length > 0 || dryRun || creations.length + updates.length === 0) {
    if (rejections.length === 0 && !dryRun) {
      await recordAudit(ctx.db, actor, {
        action: 'product.import',
        entityType: 'product',
        summary: `Imported a CSV of ${records.length} products: nothing to change`,
      });
    }
    return report(false);
  }

  await writeCatalogue(ctx, async (tx) => {
    const created = await createProducts(tx, actor, creations, {
      // New products without a slug get one from their title, numbered past those taken.
      reservedSlugs: rowOfSlug.keys(),
      note: 'CSV import: new product',
    });
    await updateProducts(tx, actor, updates, 'CSV import');
    await recordAudit(tx, actor, {
      action: 'product.import',
      entityType: 'product',
      summary: `Imported a CSV of ${records.length} products: ${creations.length} created, ${updates.length} updated, ${unchanged} unchanged`,
      before: Object.fromEntries(updates.map((u) => [u.slug, u.before])),
      after: {
        created,
        updated: Object.fromEntries(updates.map((u) => [u.slug, u.after])),
      },
    });
  });
  return report(true);
}
