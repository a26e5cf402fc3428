import type { ApiImportReport } from '../../../shared/api/catalog-admin.schemas.js';
import { IMPORT_REPORT_MAX_REJECTED } from '../../../shared/api/catalog-admin.schemas.js';
import type { Transaction } from '../../db/client.js';
import type { ProductOption } from '../../db/schema.js';
import { sanitizeRichText } from '../../lib/html.js';
import { toSlug } from '../../lib/slug.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import {
  type ImportedVariantValues,
  productsBySlug,
  saveProductWithVariants,
  storedUrl,
  writeCatalogue,
} from '../catalog/index.js';
import type { CatalogCsvDeps } from './catalog-csv-deps.js';
import type { ImportedProduct, ImportRejection, ReadProducts } from './csv-formats/imported-product.js';
import { foreignNames } from './foreign-names.js';

/**
 * Writes a Shopify or WooCommerce export read by csv-formats/: new products by handle, the ones
 * the shop has updated (fields, variants matched by SKU or values, stock through the ledger).
 * Unknown brands, categories and colours are added (a colour gets a swatch from its name). All of
 * it is one transaction; a dry run rolls it back, so its report is exactly what a run would do.
 */

class DryRun extends Error {}

type Counts = { created: number; updated: number; unchanged: number };

export async function importForeignProducts(
  ctx: CatalogCsvDeps,
  actor: AuditActor,
  read: ReadProducts & { format: 'shopify' | 'woocommerce' },
  dryRun: boolean,
): Promise<ApiImportReport> {
  const rows = read.products.reduce((sum, p) => sum + p.variants.length, 0);
  const elsewhere = read.products.reduce(
    (sum, p) => sum + p.images.filter((image) => !isOwnPicture(ctx, image.url)).length,
    0,
  );
  const warnings =
    elsewhere > 0
      ? [
          `${elsewhere.toLocaleString('en-IN')} pictures are at another shop's address (such as Shopify's) and were left out: upload them on each product's page.`,
        ]
      : [];
  const report = (written: boolean, counts: Counts, rejected: ImportRejection[]): ApiImportReport => ({
    dryRun,
    written,
    rows,
    ...counts,
    rejectedRows: new Set(rejected.map((r) => r.row)).size,
    rejected: rejected.slice(0, IMPORT_REPORT_MAX_REJECTED),
    ...(rejected.length === 0 && warnings.length > 0 ? { warnings } : {}),
  });
  const none = { created: 0, updated: 0, unchanged: 0 };
  if (read.rejections.length > 0) return report(false, none, read.rejections);
  let counts = none;
  try {
    await writeCatalogue(ctx, async (tx) => {
      counts = await writeAll(ctx, tx, actor, read.products);
      const name = read.format === 'shopify' ? 'Shopify' : 'WooCommerce';
      await recordAudit(tx, actor, {
        action: 'product.import',
        entityType: 'product',
        summary: `Imported a ${name} export of ${read.products.length} products: ${counts.created} created, ${counts.updated} updated`,
        after: { created: counts.created, updated: counts.updated, rows },
      });
      if (dryRun) throw new DryRun();
    });
  } catch (error) {
    if (error instanceof DryRun) return report(false, counts, []);
    if (error instanceof RowProblem) return report(false, none, [error.rejection]);
    throw error;
  }
  return report(true, counts, []);
}

/** A product the shop cannot take as written: its row, and the whole import is refused. */
class RowProblem extends Error {
  constructor(readonly rejection: ImportRejection) {
    super(rejection.message);
  }
}

/** A picture this shop serves: its own media path, or under its public or media address. */
function isOwnPicture(ctx: CatalogCsvDeps, url: string): boolean {
  return storedUrl(ctx, url).startsWith('/media/');
}

async function writeAll(
  ctx: CatalogCsvDeps,
  tx: Transaction,
  actor: AuditActor,
  imported: ImportedProduct[],
): Promise<Counts> {
  const names = await foreignNames(tx, actor);
  const existing = await productsBySlug(
    tx,
    imported.map((p) => p.slug),
  );
  const counts: Counts = { created: 0, updated: 0, unchanged: 0 };
  for (const product of imported) {
    const brandId = await names.brand(product.brand || 'Unbranded');
    const categoryId = await names.category(product.categories[0] || 'Uncategorised');
    const { options, colorIds } = await optionsOf(names, product);
    const fields = {
      slug: product.slug || toSlug(product.title, 'product'),
      title: product.title,
      description: sanitizeRichText(product.descriptionHtml),
      categoryId,
      brandId,
      tags: product.tags.filter((t) => ['featured', 'special', 'popular'].includes(t)),
      // Pictures at another shop's address are not shown from there (the storefront loads only its
      // own): the merchant uploads them in the console. The count is in the report.
      images: product.images
        .filter((image) => isOwnPicture(ctx, image.url))
        .map((image) => ({ url: storedUrl(ctx, image.url), ...(image.alt ? { alt: image.alt } : {}) })),
    };
    const saved = await saveProductWithVariants(
      tx,
      actor,
      existing.get(fields.slug),
      { fields, options, colorIds, variants: variantsOf(product, options) },
      'Product import',
    );
    if ('refused' in saved)
      throw new RowProblem({ row: product.row, field: 'variants', message: saved.refused });
    if (saved.created) counts.created++;
    else counts.updated++;
  }
  return counts;
}

/** The file's options as the shop keeps them: a Color/Colour option's values become colour ids. */
async function optionsOf(
  names: Awaited<ReturnType<typeof foreignNames>>,
  product: ImportedProduct,
): Promise<{ options: ProductOption[]; colorIds: string[] }> {
  const options: ProductOption[] = [];
  let colorIds: string[] = [];
  for (const option of product.options) {
    if (/^colou?r$/i.test(option.name) && !options.some((o) => o.kind === 'color')) {
      const ids = [];
      for (const value of option.values) ids.push(await names.color(value));
      colorIds = ids;
      options.push({ name: option.name, kind: 'color', values: ids });
    } else {
      options.push({ name: option.name, kind: 'text', values: option.values });
    }
  }
  // Every product is sold in some colour (the original clients choose one): "As shown" if none.
  if (colorIds.length === 0) colorIds = [await names.color('As shown')];
  return { options, colorIds };
}

/**
 * The file's variants in the shop's terms: colour values as colour ids, and a SKU left blank made
 * from the handle. Catalog matches them to the product's variants by SKU or values.
 */
function variantsOf(product: ImportedProduct, options: ProductOption[]): ImportedVariantValues[] {
  return product.variants.map((variant, i) => ({
    sku: variant.sku || `${product.slug.toUpperCase().slice(0, 50)}-${i + 1}`,
    barcode: variant.barcode,
    values: variant.optionValues.map((value, o) =>
      options[o]?.kind === 'color' ? options[o]!.values[product.options[o]!.values.indexOf(value)]! : value,
    ),
    pricePaise: variant.pricePaise,
    mrpPaise: variant.mrpPaise,
    weightGrams: variant.weightGrams,
    quantity: variant.quantity,
  }));
}
