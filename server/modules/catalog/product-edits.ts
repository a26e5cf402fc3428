import { formatPaise, rupeesToPaise } from '../../../shared/money.js';
import { rateToBp } from '../../../shared/schemas/gst-fields.js';
import type { Executor, Transaction } from '../../db/client.js';
import type { StockMovementReason } from '../../db/schema.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { sanitizeRichText } from '../../lib/html.js';
import { freeSlug, toSlug } from '../../lib/slug.js';
import { keepRichText, keepText, mergeTranslations } from '../../lib/translations.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import {
  afterWrite,
  type CatalogAdminContext,
  changes,
  describeChanges,
  loadDetail,
  type ProductDetail,
  type ProductValues,
  sameList,
  snapshotOf,
  snapshotOfDetail,
  storedImages,
  type WriteInput,
} from './catalog-admin-context.js';
import * as repository from './product-writes.repository.js';
import { adjustStockInTransaction, variantForStock } from './stock-adjustments.js';
import * as ledger from './stock-ledger.repository.js';

/**
 * The console's writes of one product: create, edit, archive and restore, and deletion of
 * products nobody ordered. Each records its audit event in the same transaction and then clears
 * the storefront's catalogue cache.
 */

/** Category, brand and colours must exist: a 400 naming the field otherwise. */
async function checkReferences(
  executor: Executor,
  values: { categoryId: string; brandId: string; colorIds: string[] },
) {
  const [category, brand, colorRows] = await Promise.all([
    repository.categoryTitle(executor, values.categoryId),
    repository.brandTitle(executor, values.brandId),
    repository.colorsByIds(executor, values.colorIds),
  ]);
  const fields: Record<string, string> = {};
  if (!category) fields.categoryId = 'That category no longer exists. Choose another.';
  if (!brand) fields.brandId = 'That brand no longer exists. Choose another.';
  const known = new Map(colorRows.map((c) => [c.id, c]));
  if (values.colorIds.some((id) => !known.has(id)))
    fields.colorIds = 'A chosen colour no longer exists. Choose from the list.';
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
  return {
    category: category!,
    brand: brand!,
    colors: values.colorIds.map((id) => known.get(id)!.title),
  };
}

/** A typed-in slug must be free (409); an empty one is made from the title and numbered if taken. */
async function chooseSlug(
  tx: Transaction,
  typed: string,
  title: string,
  current?: { id: string; slug: string },
) {
  if (typed) {
    if (await repository.slugExists(tx, typed, current?.id)) {
      throw conflict(`The slug "${typed}" is already used by another product. Choose another.`);
    }
    return typed;
  }
  const base = toSlug(title, 'product');
  // Keeping its own slug (or its own numbered one) is not a clash.
  if (current && (current.slug === base || new RegExp(`^${base}-\\d+$`).test(current.slug)))
    return current.slug;
  return freeSlug(base, await repository.slugsLike(tx, base));
}

/** The write's translations over `current`'s; the descriptions sanitised as the English is. */
function translationsOf(input: WriteInput, current?: ProductDetail['row']) {
  return mergeTranslations(current?.translations, input.translations, {
    title: keepText,
    description: keepRichText,
  });
}

function valuesOf(ctx: CatalogAdminContext, input: WriteInput): ProductValues {
  return {
    slug: input.slug,
    title: input.title,
    description: sanitizeRichText(input.description),
    pricePaise: rupeesToPaise(input.price),
    mrpPaise: input.mrp === null ? null : rupeesToPaise(input.mrp),
    categoryId: input.categoryId,
    brandId: input.brandId,
    tags: [...new Set(input.tags)],
    images: storedImages(ctx, input.images),
    colorIds: [...new Set(input.colorIds)],
    hsnCode: input.hsnCode ?? null,
    gstRateBp: rateToBp(input.gstRate) ?? null,
    translations: translationsOf(input),
  };
}

/** Creates a product with its opening stock (a movement when above 0); returns its id. */
export async function createProduct(
  ctx: CatalogAdminContext,
  actor: AuditActor,
  input: WriteInput,
  quantity: number,
  reason: StockMovementReason,
): Promise<string> {
  const values = valuesOf(ctx, input);
  return afterWrite(
    ctx,
    ctx.db.transaction(async (tx) => {
      const names = await checkReferences(tx, values);
      const slug = await chooseSlug(tx, values.slug, values.title);
      const { colorIds, ...write } = values;
      const [created] = await repository.insertProducts(tx, [{ ...write, slug, quantity }]);
      const id = created!.id;
      await repository.replaceProductColors(tx, [{ productId: id, colorIds }]);
      if (quantity > 0) {
        await ledger.insertMovements(tx, [
          {
            productId: id,
            variantId: created!.variantId,
            delta: quantity,
            quantityAfter: quantity,
            reason,
            note: '',
            staffId: actor.id,
          },
        ]);
      }
      await recordAudit(tx, actor, {
        action: 'product.create',
        entityType: 'product',
        entityId: id,
        summary: `Created ${values.title} (${formatPaise(values.pricePaise)}, ${quantity} in stock)`,
        after: { ...snapshotOf({ ...values, slug }, names), quantity },
      });
      return id;
    }),
  );
}

/** Saves a product's fields, and its stock when `stock` names a different quantity. */
export async function updateProduct(
  ctx: CatalogAdminContext,
  actor: AuditActor,
  id: string,
  input: WriteInput,
  stock?: { quantity: number; reason: StockMovementReason; note: string },
): Promise<string> {
  const values = valuesOf(ctx, input);
  return afterWrite(
    ctx,
    ctx.db.transaction(async (tx) => {
      const current = await loadDetail(ctx, tx, id, { lock: true });
      // GST fields a writer did not send (older clients know none) stay as they are.
      if (input.hsnCode === undefined) values.hsnCode = current.row.hsnCode;
      if (input.gstRate === undefined) values.gstRateBp = current.row.gstRateBp;
      // Languages and fields the writer did not send (the original client knows none) stay.
      values.translations = translationsOf(input, current.row);
      const names = await checkReferences(tx, values);
      const slug = await chooseSlug(tx, values.slug, values.title, current.row);
      const { colorIds, ...write } = values;
      const before = snapshotOfDetail(current);
      const after = snapshotOf({ ...values, slug }, names);
      const diff = changes(before, after);
      // The row's price and MRP are its cheapest variant's (decision 038): the form sending the
      // same figures back is no change, and must not give every variant the cheapest one's price.
      const { pricePaise, mrpPaise, ...rest } = write;
      const samePrice = pricePaise === current.row.pricePaise && mrpPaise === current.row.mrpPaise;
      await repository.updateProduct(tx, id, {
        ...rest,
        slug,
        ...(samePrice ? {} : { pricePaise, mrpPaise }),
      });
      if (
        !sameList(
          colorIds,
          current.colorRows.map((c) => c.id),
        )
      ) {
        await repository.replaceProductColors(tx, [{ productId: id, colorIds }]);
      }
      await recordAudit(tx, actor, {
        action: 'product.update',
        entityType: 'product',
        entityId: id,
        summary: describeChanges(values.title, diff),
        before: diff.before,
        after: diff.after,
      });
      if (stock && stock.quantity !== current.row.quantity) {
        const target = await variantForStock(tx, { ...current.row, title: values.title }, undefined);
        const delta = stock.quantity - target.quantity;
        if (delta !== 0) await adjustStockInTransaction(tx, actor, target, delta, stock.reason, stock.note);
      }
      return id;
    }),
  );
}

/** Takes a product off the storefront (archive) or puts it back (restore); a 409 if it already is. */
export async function setArchived(
  ctx: CatalogAdminContext,
  actor: AuditActor,
  id: string,
  archive: boolean,
): Promise<string> {
  return afterWrite(
    ctx,
    ctx.db.transaction(async (tx) => {
      const current = await loadDetail(ctx, tx, id, { lock: true });
      const title = current.row.title;
      if (archive === (current.row.archivedAt !== null)) {
        throw conflict(archive ? `${title} is already archived.` : `${title} is not archived.`);
      }
      const at = archive ? new Date() : null;
      await repository.setArchivedAt(tx, id, at);
      await recordAudit(tx, actor, {
        action: archive ? 'product.archive' : 'product.restore',
        entityType: 'product',
        entityId: id,
        summary: archive ? `Archived ${title}: it left the storefront` : `Put ${title} back on sale`,
        before: { archivedAt: current.row.archivedAt?.toISOString() ?? null },
        after: { archivedAt: at?.toISOString() ?? null },
      });
      return id;
    }),
  );
}

/** Deletes a locked product nobody ordered and nobody is paying for; otherwise a 409 saying why. */
export async function removeInTransaction(tx: Transaction, actor: AuditActor, current: ProductDetail) {
  const { row } = current;
  if (current.hasOrders) throw conflict(`${row.title} has orders: archive it instead.`);
  if (row.held > 0) {
    throw conflict(`Shoppers are paying for ${row.title} right now: archive it instead, or try again later.`);
  }
  await repository.deleteProduct(tx, row.id);
  await recordAudit(tx, actor, {
    action: 'product.delete',
    entityType: 'product',
    entityId: row.id,
    summary: `Deleted ${row.title}`,
    before: { ...snapshotOfDetail(current), quantity: row.quantity },
  });
}

export async function removeProduct(
  ctx: CatalogAdminContext,
  actor: AuditActor,
  id: string,
): Promise<{ message: string }> {
  const title = await afterWrite(
    ctx,
    ctx.db.transaction(async (tx) => {
      const current = await loadDetail(ctx, tx, id, { lock: true });
      await removeInTransaction(tx, actor, current);
      return current.row.title;
    }),
  );
  return { message: `${title} was deleted.` };
}
