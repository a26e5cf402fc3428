import type { ApiImportReport } from '../../../shared/api/catalog-admin.schemas.js';
import { IMPORT_REPORT_MAX_REJECTED } from '../../../shared/api/catalog-admin.schemas.js';
import type { VariantInput } from '../../../shared/api/catalog-variants.schemas.js';
import type { Transaction } from '../../db/client.js';
import type { ProductOption } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { sanitizeRichText } from '../../lib/html.js';
import { toSlug } from '../../lib/slug.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { afterWrite, type CatalogAdminContext, storedUrl } from './catalog-admin-context.js';
import type { ImportedProduct, ImportRejection, ReadProducts } from './csv-formats/imported-product.js';
import { foreignNames } from './foreign-names.js';
import * as products from './product-writes.repository.js';
import * as ledger from './stock-ledger.repository.js';
import { checkVariants, writeVariants } from './variant-edits.js';
import * as variants from './variants.repository.js';

/**
 * Writes a Shopify or WooCommerce export read by csv-formats/: new products by handle, the ones
 * the shop has updated (fields, variants matched by SKU or values, stock through the ledger).
 * Unknown brands, categories and colours are added (a colour gets a swatch from its name). All of
 * it is one transaction; a dry run rolls it back, so its report is exactly what a run would do.
 */

class DryRun extends Error {}

type Counts = { created: number; updated: number; unchanged: number };

export async function importForeignProducts(
  ctx: CatalogAdminContext,
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
    await afterWrite(
      ctx,
      ctx.db.transaction(async (tx) => {
        counts = await writeAll(ctx, tx, actor, read.products);
        const name = read.format === 'shopify' ? 'Shopify' : 'WooCommerce';
        await recordAudit(tx, actor, {
          action: 'product.import',
          entityType: 'product',
          summary: `Imported a ${name} export of ${read.products.length} products: ${counts.created} created, ${counts.updated} updated`,
          after: { created: counts.created, updated: counts.updated, rows },
        });
        if (dryRun) throw new DryRun();
      }),
    );
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
function isOwnPicture(ctx: CatalogAdminContext, url: string): boolean {
  return storedUrl(ctx, url).startsWith('/media/');
}

async function writeAll(
  ctx: CatalogAdminContext,
  tx: Transaction,
  actor: AuditActor,
  imported: ImportedProduct[],
): Promise<Counts> {
  const names = await foreignNames(tx, actor);
  const existing = new Map(
    (
      await products.productsBySlugs(
        tx,
        imported.map((p) => p.slug),
      )
    ).map((p) => [p.slug, p]),
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
      hsnCode: null,
      gstRateBp: null,
    };
    const first = product.variants[0]!;
    const current = existing.get(fields.slug);
    let productId: string;
    if (current) {
      productId = current.id;
      await products.lockProducts(tx, [productId]);
      await products.updateProduct(tx, productId, {
        ...fields,
        hsnCode: current.hsnCode,
        gstRateBp: current.gstRateBp,
      });
      counts.updated++;
    } else {
      const [created] = await products.insertProducts(tx, [
        { ...fields, pricePaise: first.pricePaise, mrpPaise: first.mrpPaise, quantity: 0 },
      ]);
      productId = created!.id;
      // Its variants come from the file: the one made with the product gives way.
      await variants.deleteVariants(tx, [created!.variantId]);
      counts.created++;
    }
    await products.replaceProductColors(tx, [{ productId, colorIds }]);
    const inputs = await variantInputs(tx, productId, product, options);
    try {
      checkVariants(options, inputs);
    } catch (error) {
      if (error instanceof AppError)
        throw new RowProblem({ row: product.row, field: 'variants', message: error.message });
      throw error;
    }
    await writeVariants(tx, actor, productId, options, inputs, {
      reason: 'import',
      note: () => 'Product import',
    });
    await setStatedStock(tx, actor, productId, product, inputs);
    await variants.setProductOptions(tx, productId, options);
  }
  return counts;
}

/** Stock the file states for variants the shop already had: set through the ledger. */
async function setStatedStock(
  tx: Transaction,
  actor: AuditActor,
  productId: string,
  product: ImportedProduct,
  inputs: VariantInput[],
) {
  const stock = new Map((await variants.variantsOfProducts(tx, [productId])).map((v) => [v.id, v.quantity]));
  for (const [i, input] of inputs.entries()) {
    const stated = product.variants[i]!.quantity;
    if (!input._id || stated === null) continue;
    const delta = stated - (stock.get(input._id) ?? 0);
    if (delta === 0) continue;
    const after = await ledger.changeQuantity(tx, input._id, delta);
    await ledger.insertMovements(tx, [
      {
        productId,
        variantId: input._id,
        delta,
        quantityAfter: after ?? stated,
        reason: 'import',
        note: 'Product import',
        staffId: actor.id,
      },
    ]);
  }
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
 * The file's variants as the grid would send them: an existing variant keeps its id when its SKU
 * (or its values) match, a SKU left blank is made from the handle, and stock the file states is
 * set through the ledger after the write.
 */
async function variantInputs(
  tx: Transaction,
  productId: string,
  product: ImportedProduct,
  options: ProductOption[],
): Promise<VariantInput[]> {
  const current = await variants.variantsOfProducts(tx, [productId], { archived: true });
  return product.variants.map((variant, i) => {
    const values = variant.optionValues.map((value, o) =>
      options[o]?.kind === 'color' ? options[o]!.values[product.options[o]!.values.indexOf(value)]! : value,
    );
    const sku = variant.sku || `${product.slug.toUpperCase().slice(0, 50)}-${i + 1}`;
    const match =
      current.find((c) => c.sku.toLowerCase() === sku.toLowerCase()) ??
      current.find((c) => JSON.stringify(c.optionValues) === JSON.stringify(values));
    return {
      ...(match ? { _id: match.id } : {}),
      sku,
      barcode: variant.barcode,
      values,
      price: variant.pricePaise / 100,
      mrp: variant.mrpPaise === null || variant.mrpPaise < variant.pricePaise ? null : variant.mrpPaise / 100,
      weight: variant.weightGrams,
      length: null,
      width: null,
      height: null,
      images: [],
      quantity: variant.quantity ?? 0,
    };
  });
}
