import type { ApiProduct } from '../../../shared/api/catalog.schemas.js';
import type { LegacyProductInput, LegacyProductUpdate } from '../../../shared/api/catalog-admin.schemas.js';
import { paiseToRupees } from '../../../shared/money.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { afterWrite, type CatalogAdminContext, loadDetail, NOT_FOUND } from './catalog-admin-context.js';
import { createProduct, removeInTransaction, updateProduct } from './product-edits.js';
import * as repository from './product-writes.repository.js';
import { buildLookups } from './taxonomy-lookups.js';

/**
 * The original admin client's product writes, translated to the console's: it names brand and
 * category by title, knows no MRP, archive or stock reasons, and reads the storefront's answer.
 */

async function storefrontProduct(ctx: CatalogAdminContext, id: string): Promise<ApiProduct> {
  const product = (await ctx.catalog.productsByIds([id])).get(id);
  if (!product) throw notFound(NOT_FOUND);
  return product;
}

/** The original admin client names brand and category by title and colours by id. */
async function legacyReferences(
  ctx: CatalogAdminContext,
  input: { brand?: string; category?: string; color?: string[] },
) {
  const names = await repository.taxonomyNames(ctx.db);
  const lookups = buildLookups(names);
  const fields: Record<string, string> = {};
  const brandId =
    input.brand === undefined ? undefined : lookups.brands.get(input.brand.trim().toLowerCase());
  const categoryId =
    input.category === undefined ? undefined : lookups.categories.get(input.category.trim().toLowerCase());
  if (input.brand !== undefined && !brandId) fields.brand = `Unknown brand "${input.brand.slice(0, 80)}"`;
  if (input.category !== undefined && !categoryId)
    fields.category = `Unknown category "${input.category.slice(0, 80)}"`;
  const colorIds = new Set(names.colors.map((c) => c.id));
  if (input.color?.some((id) => !colorIds.has(id))) fields.color = 'Unknown colour id';
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
  return { brandId, categoryId };
}

export async function legacyCreate(
  ctx: CatalogAdminContext,
  actor: AuditActor,
  input: LegacyProductInput,
): Promise<{ newProduct: ApiProduct }> {
  const { brandId, categoryId } = await legacyReferences(ctx, input);
  const id = await createProduct(
    ctx,
    actor,
    {
      title: input.title,
      slug: '',
      description: input.description,
      price: input.price,
      mrp: null,
      categoryId: categoryId!,
      brandId: brandId!,
      colorIds: input.color,
      tags: input.tags ? [input.tags] : [],
      images: input.images,
      hsnCode: input.hsnCode,
      gstRate: input.gstRate,
    },
    input.quantity,
    'created',
  );
  return { newProduct: await storefrontProduct(ctx, id) };
}

export async function legacyUpdate(
  ctx: CatalogAdminContext,
  actor: AuditActor,
  id: string,
  input: LegacyProductUpdate,
): Promise<ApiProduct> {
  const { brandId, categoryId } = await legacyReferences(ctx, input);
  const current = await loadDetail(ctx, ctx.db, id);
  const { row } = current;
  const price = input.price ?? paiseToRupees(row.pricePaise);
  const mrp = row.mrpPaise === null ? null : paiseToRupees(row.mrpPaise);
  await updateProduct(
    ctx,
    actor,
    id,
    {
      title: input.title ?? row.title,
      slug: row.slug,
      description: input.description ?? row.description,
      price,
      // That client knows no MRP: one below a new price is dropped rather than refused.
      mrp: mrp !== null && mrp >= price ? mrp : null,
      categoryId: categoryId ?? row.categoryId,
      brandId: brandId ?? row.brandId,
      colorIds: input.color ?? current.colorRows.map((c) => c.id),
      tags: input.tags === undefined ? row.tags : input.tags ? [input.tags] : [],
      images: input.images ?? row.images,
      hsnCode: input.hsnCode,
      gstRate: input.gstRate,
    },
    input.quantity === undefined
      ? undefined
      : { quantity: input.quantity, reason: 'correction', note: 'Set through the original admin client' },
  );
  return storefrontProduct(ctx, id);
}

/** Deletes, or archives a product that has orders (the original client has no archive). */
export async function legacyDelete(
  ctx: CatalogAdminContext,
  actor: AuditActor,
  id: string,
): Promise<ApiProduct> {
  const answer = await storefrontProduct(ctx, id);
  await afterWrite(
    ctx,
    ctx.db.transaction(async (tx) => {
      const current = await loadDetail(ctx, tx, id, { lock: true });
      if (!current.hasOrders && current.row.held === 0) return removeInTransaction(tx, actor, current);
      if (current.row.archivedAt) {
        await recordAudit(tx, actor, {
          action: 'product.delete_refused',
          entityType: 'product',
          entityId: id,
          summary: `${current.row.title} has orders and stays archived (deleted from the original admin client)`,
        });
        return;
      }
      await repository.setArchivedAt(tx, id, new Date());
      await recordAudit(tx, actor, {
        action: 'product.archive',
        entityType: 'product',
        entityId: id,
        summary: `Archived ${current.row.title} instead of deleting it: it has orders (the original admin client's delete)`,
        before: { archivedAt: null },
        after: { archivedAt: new Date().toISOString() },
      });
    }),
  );
  return answer;
}
