import type { Readable } from 'node:stream';
import type { ApiProduct } from '../../../shared/api/catalog.schemas.js';
import type {
  AdminProductFilters,
  AdminProductListQuery,
  ApiAdminProduct,
  ApiAdminProductList,
  ApiAdminProductRow,
  ApiImportRejection,
  ApiImportReport,
  ApiStockAdjustment,
  ApiStockMovements,
  LegacyProductInput,
  LegacyProductUpdate,
  NewProductInput,
  ProductImageInput,
  ProductInput,
  StockAdjustmentInput,
} from '../../../shared/api/catalog-admin.schemas.js';
import {
  ADMIN_PRODUCTS_COUNT_CAP,
  ADMIN_PRODUCTS_DEFAULT_LIMIT,
  ADMIN_PRODUCTS_SEARCH_COUNT_CAP,
  IMPORT_REPORT_MAX_REJECTED,
  STOCK_MOVEMENTS_PAGE,
} from '../../../shared/api/catalog-admin.schemas.js';
import { formatPaise, paiseToRupees, rupeesToPaise } from '../../../shared/money.js';
import { bpToRate, rateToBp } from '../../../shared/schemas/gst-fields.js';
import type { Executor, Transaction } from '../../db/client.js';
import type { ImageRef, StockMovementReason } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { sanitizeRichText } from '../../lib/html.js';
import { isUuid } from '../../lib/ids.js';
import { freeSlug, toSlug } from '../../lib/slug.js';
import type { ServiceDeps } from '../../service-deps.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import * as repository from './catalog-admin.repository.js';
import {
  buildLookups,
  type CsvRecord,
  parseProductCsv,
  productCsvStream,
  type RowValues,
  readRow,
  validNewSlug,
} from './product-csv.js';
import { lockProducts } from './stock.repository.js';
import * as ledger from './stock-ledger.repository.js';

const NOT_FOUND = 'This product does not exist. It may have been deleted.';

const isUniqueViolation = (error: unknown, constraint?: string) => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const name = e.constraint ?? e.cause?.constraint;
  return code === '23505' && (!constraint || name === undefined || name === constraint);
};

/** What the form (or the original client, translated) asks to write; tags read from rows are plain strings. */
type WriteInput = Omit<ProductInput, 'tags'> & { tags: readonly string[] };

/** The product fields the console writes (stock apart), as stored. */
type ProductValues = repository.ProductWrite & { colorIds: string[] };

/** A product as the audit trail keeps it: rupees, names rather than ids, picture URLs. */
type Snapshot = Record<string, unknown>;

function snapshotOf(
  values: {
    slug: string;
    title: string;
    description: string;
    pricePaise: number;
    mrpPaise: number | null;
    tags: string[];
    images: ImageRef[];
    hsnCode: string | null;
    gstRateBp: number | null;
  },
  names: { category: string; brand: string; colors: string[] },
): Snapshot {
  return {
    slug: values.slug,
    title: values.title,
    description: values.description,
    price: paiseToRupees(values.pricePaise),
    mrp: values.mrpPaise === null ? null : paiseToRupees(values.mrpPaise),
    category: names.category,
    brand: names.brand,
    colors: names.colors,
    tags: values.tags,
    images: values.images.map((image) => image.url),
    hsnCode: values.hsnCode,
    gstRate: bpToRate(values.gstRateBp),
  };
}

/** The keys whose values differ, each side holding only those. */
function changes(before: Snapshot, after: Snapshot): { before: Snapshot; after: Snapshot; keys: string[] } {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
    keys,
  };
}

function describeChanges(title: string, diff: { before: Snapshot; after: Snapshot; keys: string[] }): string {
  if (diff.keys.length === 1 && diff.keys[0] === 'price') {
    const from = formatPaise(rupeesToPaise(diff.before.price as number));
    const to = formatPaise(rupeesToPaise(diff.after.price as number));
    return `Changed the price of ${title} from ${from} to ${to}`;
  }
  return diff.keys.length ? `Edited ${title}: ${diff.keys.join(', ')}` : `Saved ${title} without changes`;
}

const sameImages = (a: ImageRef[], b: ImageRef[]) => JSON.stringify(a) === JSON.stringify(b);
const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * The console's products: the table, the edit form's reads and writes, archive and restore,
 * deletion of products nobody ordered, stock adjustments kept in the ledger, CSV export and import,
 * and the original admin client's product writes. Every write records its audit event in the same
 * transaction and then clears the storefront's catalogue cache.
 */
export function createCatalogAdminService(
  deps: ServiceDeps & {
    /**
     * Which of these products some order refers to (the orders module knows): those are archived
     * rather than deleted, so that every order keeps showing what was bought.
     */
    productsWithOrders: (db: Executor, productIds: string[]) => Promise<Set<string>>;
  },
) {
  const { db, catalog, imageUrls, config, productsWithOrders } = deps;

  /** The shop's own absolute picture URLs go back to the `/media/...` paths products keep. */
  function storedUrl(url: string): string {
    for (const base of [`${config.mediaUrl}/`, `${config.publicUrl}/media/`]) {
      if (url.startsWith(base)) return `/media/${url.slice(base.length)}`;
    }
    return url;
  }

  function storedImages(images: ProductImageInput[]): ImageRef[] {
    return images.map((image) => {
      const ref: ImageRef = { url: storedUrl(image.url) };
      if (image.public_id) ref.public_id = image.public_id;
      if (image.width) ref.width = image.width;
      if (image.height) ref.height = image.height;
      if (image.alt) ref.alt = image.alt;
      return ref;
    });
  }

  function presentRow(row: repository.AdminProductRow): ApiAdminProductRow {
    return {
      _id: row.id,
      slug: row.slug,
      title: row.title,
      price: paiseToRupees(row.pricePaise),
      mrp: row.mrpPaise === null ? null : paiseToRupees(row.mrpPaise),
      brand: { _id: row.brandId, title: row.brand },
      category: { _id: row.categoryId, title: row.category },
      tags: row.tags,
      quantity: row.quantity,
      sold: row.sold,
      image: row.image?.url ? imageUrls.url(row.image.url) : null,
      archivedAt: row.archivedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function loadDetail(executor: Executor, id: string, options: { lock?: boolean } = {}) {
    if (!isUuid(id)) throw notFound(NOT_FOUND);
    const row = await repository.findAdminProduct(executor, id, options);
    if (!row) throw notFound(NOT_FOUND);
    const colorRows = await repository.colorsOfProducts(executor, [id]);
    const ordered = await productsWithOrders(executor, [id]);
    return { row, colorRows, hasOrders: ordered.has(id) };
  }

  function presentDetail({
    row,
    colorRows,
    hasOrders,
  }: Awaited<ReturnType<typeof loadDetail>>): ApiAdminProduct {
    return {
      _id: row.id,
      slug: row.slug,
      title: row.title,
      description: sanitizeRichText(row.description),
      price: paiseToRupees(row.pricePaise),
      mrp: row.mrpPaise === null ? null : paiseToRupees(row.mrpPaise),
      brand: { _id: row.brandId, title: row.brand },
      category: { _id: row.categoryId, title: row.category },
      colors: colorRows.map((c) => ({ _id: c.id, title: c.title, name: c.name })),
      tags: row.tags,
      images: imageUrls.images(row.images),
      quantity: row.quantity,
      held: row.held,
      sold: row.sold,
      totalrating: Math.round(row.totalRating * 10) / 10,
      ratingCount: row.ratingCount,
      hasOrders,
      hsnCode: row.hsnCode,
      gstRate: bpToRate(row.gstRateBp),
      categoryTax: { hsnCode: row.categoryHsnCode, gstRate: bpToRate(row.categoryGstRateBp) },
      archivedAt: row.archivedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  function snapshotOfDetail(detail: Awaited<ReturnType<typeof loadDetail>>): Snapshot {
    return snapshotOf(detail.row, {
      category: detail.row.category,
      brand: detail.row.brand,
      colors: detail.colorRows.map((c) => c.title),
    });
  }

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

  function valuesOf(input: WriteInput): ProductValues {
    return {
      slug: input.slug,
      title: input.title,
      description: sanitizeRichText(input.description),
      pricePaise: rupeesToPaise(input.price),
      mrpPaise: input.mrp === null ? null : rupeesToPaise(input.mrp),
      categoryId: input.categoryId,
      brandId: input.brandId,
      tags: [...new Set(input.tags)],
      images: storedImages(input.images),
      colorIds: [...new Set(input.colorIds)],
      hsnCode: input.hsnCode ?? null,
      gstRateBp: rateToBp(input.gstRate) ?? null,
    };
  }

  async function afterWrite<T>(write: Promise<T>): Promise<T> {
    try {
      const result = await write;
      catalog.invalidate();
      return result;
    } catch (error) {
      if (isUniqueViolation(error, 'products_slug_key')) {
        throw conflict('That slug was just taken by another product. Choose another.');
      }
      throw error;
    }
  }

  async function create(actor: AuditActor, input: WriteInput, quantity: number, reason: StockMovementReason) {
    const values = valuesOf(input);
    return afterWrite(
      db.transaction(async (tx) => {
        const names = await checkReferences(tx, values);
        const slug = await chooseSlug(tx, values.slug, values.title);
        const { colorIds, ...write } = values;
        const [created] = await repository.insertProducts(tx, [{ ...write, slug, quantity }]);
        const id = created!.id;
        await repository.replaceProductColors(tx, [{ productId: id, colorIds }]);
        if (quantity > 0) {
          await ledger.insertMovements(tx, [
            { productId: id, delta: quantity, quantityAfter: quantity, reason, note: '', staffId: actor.id },
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

  async function update(
    actor: AuditActor,
    id: string,
    input: WriteInput,
    stock?: { quantity: number; reason: StockMovementReason; note: string },
  ) {
    const values = valuesOf(input);
    return afterWrite(
      db.transaction(async (tx) => {
        const current = await loadDetail(tx, id, { lock: true });
        // GST fields a writer did not send (older clients know none) stay as they are.
        if (input.hsnCode === undefined) values.hsnCode = current.row.hsnCode;
        if (input.gstRate === undefined) values.gstRateBp = current.row.gstRateBp;
        const names = await checkReferences(tx, values);
        const slug = await chooseSlug(tx, values.slug, values.title, current.row);
        const { colorIds, ...write } = values;
        const before = snapshotOfDetail(current);
        const after = snapshotOf({ ...values, slug }, names);
        const diff = changes(before, after);
        await repository.updateProduct(tx, id, { ...write, slug });
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
          const delta = stock.quantity - current.row.quantity;
          await adjust(tx, actor, { ...current.row, title: values.title }, delta, stock.reason, stock.note);
        }
        return id;
      }),
    );
  }

  async function adjust(
    tx: Transaction,
    actor: AuditActor,
    product: { id: string; title: string; quantity: number },
    delta: number,
    reason: StockMovementReason,
    note: string,
  ) {
    const after = await ledger.changeQuantity(tx, product.id, delta);
    if (after === undefined) {
      throw conflict(
        `${product.title} has ${product.quantity} in stock: removing ${-delta} would take it below 0.`,
      );
    }
    const [movement] = await ledger.insertMovements(tx, [
      { productId: product.id, delta, quantityAfter: after, reason, note, staffId: actor.id },
    ]);
    await recordAudit(tx, actor, {
      action: 'product.stock',
      entityType: 'product',
      entityId: product.id,
      summary: `Stock of ${product.title}: ${product.quantity} → ${after} (${reason}${note ? `: ${note}` : ''})`,
      before: { quantity: product.quantity },
      after: { quantity: after, delta, reason, note },
    });
    return { after, movement: movement! };
  }

  async function setArchived(actor: AuditActor, id: string, archive: boolean) {
    return afterWrite(
      db.transaction(async (tx) => {
        const current = await loadDetail(tx, id, { lock: true });
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

  /** Deletes a product nobody ordered and nobody is paying for; otherwise a 409 saying why. */
  async function remove(tx: Transaction, actor: AuditActor, current: Awaited<ReturnType<typeof loadDetail>>) {
    const { row } = current;
    if (current.hasOrders) throw conflict(`${row.title} has orders: archive it instead.`);
    if (row.held > 0) {
      throw conflict(
        `Shoppers are paying for ${row.title} right now: archive it instead, or try again later.`,
      );
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

  async function storefrontProduct(id: string): Promise<ApiProduct> {
    const product = (await catalog.productsByIds([id])).get(id);
    if (!product) throw notFound(NOT_FOUND);
    return product;
  }

  /** The original admin client names brand and category by title and colours by id. */
  async function legacyReferences(input: { brand?: string; category?: string; color?: string[] }) {
    const names = await repository.taxonomyNames(db);
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

  return {
    async list(query: AdminProductListQuery): Promise<ApiAdminProductList> {
      const filters = filtersOf(query);
      const page = query.page ?? 1;
      const limit = query.limit ?? ADMIN_PRODUCTS_DEFAULT_LIMIT;
      const sort = query.sort ?? '-updated';
      if (filters.q) {
        // A search is counted up to a lower cap: past it, a word that common is better narrowed,
        // and reading every match of "samsung" would cost more than the page.
        const searched = await repository.searchAdminProducts(
          db,
          filters,
          sort,
          page,
          limit,
          ADMIN_PRODUCTS_SEARCH_COUNT_CAP,
        );
        if (searched) {
          return {
            products: searched.rows.map(presentRow),
            total: searched.total,
            totalExact: true,
            page,
            limit,
          };
        }
        const rows = await repository.listAdminProducts(db, filters, sort, page, limit);
        return {
          products: rows.map(presentRow),
          total: ADMIN_PRODUCTS_SEARCH_COUNT_CAP,
          totalExact: false,
          page,
          limit,
        };
      }
      const [rows, counted] = await Promise.all([
        repository.listAdminProducts(db, filters, sort, page, limit),
        repository.countAdminProducts(db, filters, ADMIN_PRODUCTS_COUNT_CAP),
      ]);
      return {
        products: rows.map(presentRow),
        total: Math.min(counted, ADMIN_PRODUCTS_COUNT_CAP),
        totalExact: counted <= ADMIN_PRODUCTS_COUNT_CAP,
        page,
        limit,
      };
    },

    async get(id: string): Promise<ApiAdminProduct> {
      return presentDetail(await loadDetail(db, id));
    },

    async create(actor: AuditActor, input: NewProductInput): Promise<ApiAdminProduct> {
      const id = await create(actor, input, input.quantity, 'created');
      return presentDetail(await loadDetail(db, id));
    },

    async update(actor: AuditActor, id: string, input: ProductInput): Promise<ApiAdminProduct> {
      await update(actor, id, input);
      return presentDetail(await loadDetail(db, id));
    },

    async archive(actor: AuditActor, id: string): Promise<ApiAdminProduct> {
      await setArchived(actor, id, true);
      return presentDetail(await loadDetail(db, id));
    },

    async restore(actor: AuditActor, id: string): Promise<ApiAdminProduct> {
      await setArchived(actor, id, false);
      return presentDetail(await loadDetail(db, id));
    },

    async remove(actor: AuditActor, id: string): Promise<{ message: string }> {
      const title = await afterWrite(
        db.transaction(async (tx) => {
          const current = await loadDetail(tx, id, { lock: true });
          await remove(tx, actor, current);
          return current.row.title;
        }),
      );
      return { message: `${title} was deleted.` };
    },

    async adjustStock(
      actor: AuditActor,
      id: string,
      input: StockAdjustmentInput,
    ): Promise<ApiStockAdjustment> {
      const result = await afterWrite(
        db.transaction(async (tx) => {
          const { row } = await loadDetail(tx, id, { lock: true });
          const delta = input.set !== undefined ? input.set - row.quantity : input.change!;
          if (delta === 0) throw badRequest(`The stock is already ${row.quantity}: nothing to change.`);
          const { after, movement } = await adjust(tx, actor, row, delta, input.reason, input.note);
          return { after, movement, delta };
        }),
      );
      return {
        quantity: result.after,
        movement: {
          _id: result.movement.id,
          delta: result.delta,
          quantityAfter: result.after,
          reason: input.reason,
          note: input.note,
          staff: actor.email,
          createdAt: result.movement.createdAt.toISOString(),
        },
      };
    },

    async movements(id: string, page = 1): Promise<ApiStockMovements> {
      if (!isUuid(id) || !(await repository.findAdminProduct(db, id))) throw notFound(NOT_FOUND);
      const { rows, total } = await ledger.listMovements(db, id, page, STOCK_MOVEMENTS_PAGE);
      return {
        movements: rows.map((row) => ({
          _id: row.id,
          delta: row.delta,
          quantityAfter: row.quantityAfter,
          reason: row.reason,
          note: row.note,
          staff: row.staffEmail,
          createdAt: row.createdAt.toISOString(),
        })),
        total,
        page,
        limit: STOCK_MOVEMENTS_PAGE,
      };
    },

    /** Every product matching the filters, as CSV, read in pages of 1,000 in id order. */
    exportCsv(query: AdminProductFilters): Readable {
      const filters = filtersOf(query);
      async function* pages() {
        let after: string | null = null;
        for (;;) {
          const rows = await repository.exportPage(db, filters, after, 1000);
          if (rows.length === 0) return;
          const colorRows = await repository.colorsOfProducts(
            db,
            rows.map((r) => r.id),
          );
          const colorsOf = new Map<string, string[]>();
          for (const c of colorRows)
            colorsOf.set(c.productId, [...(colorsOf.get(c.productId) ?? []), c.title]);
          yield rows.map((row) => ({
            ...row,
            colors: colorsOf.get(row.id) ?? [],
            images: row.images.map((image) => imageUrls.url(image.url)),
          }));
          after = rows[rows.length - 1]!.id;
          if (rows.length < 1000) return;
        }
      }
      return productCsvStream(pages());
    },

    importCsv: (actor: AuditActor, file: Buffer, dryRun: boolean) => importCsv(actor, file, dryRun),

    async legacyCreate(actor: AuditActor, input: LegacyProductInput): Promise<{ newProduct: ApiProduct }> {
      const { brandId, categoryId } = await legacyReferences(input);
      const id = await create(
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
      return { newProduct: await storefrontProduct(id) };
    },

    async legacyUpdate(actor: AuditActor, id: string, input: LegacyProductUpdate): Promise<ApiProduct> {
      const { brandId, categoryId } = await legacyReferences(input);
      const current = await loadDetail(db, id);
      const { row } = current;
      const price = input.price ?? paiseToRupees(row.pricePaise);
      const mrp = row.mrpPaise === null ? null : paiseToRupees(row.mrpPaise);
      await update(
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
      return storefrontProduct(id);
    },

    /** Deletes, or archives a product that has orders (the original client has no archive). */
    async legacyDelete(actor: AuditActor, id: string): Promise<ApiProduct> {
      const answer = await storefrontProduct(id);
      await afterWrite(
        db.transaction(async (tx) => {
          const current = await loadDetail(tx, id, { lock: true });
          if (!current.hasOrders && current.row.held === 0) return remove(tx, actor, current);
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
    },
  };

  // -------------------------------------------------------------------------------------------
  // CSV import.

  async function importCsv(actor: AuditActor, file: Buffer, dryRun: boolean): Promise<ApiImportReport> {
    const { columns, records } = parseProductCsv(file);
    const lookups = buildLookups(await repository.taxonomyNames(db));
    const rejections: ApiImportRejection[] = [];
    const rows: { record: CsvRecord; values: RowValues }[] = [];
    const rowOfSlug = new Map<string, number>();
    for (const record of records) {
      const { values, rejections: problems } = readRow(record, columns, lookups, storedUrl);
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

    const existing = new Map(
      (await repository.productsBySlugs(db, [...rowOfSlug.keys()])).map((product) => [product.slug, product]),
    );
    const existingColors = new Map<string, string[]>();
    const ids = [...existing.values()].map((p) => p.id);
    for (let i = 0; i < ids.length; i += 5000) {
      for (const c of await repository.colorsOfProducts(db, ids.slice(i, i + 5000))) {
        existingColors.set(c.productId, [...(existingColors.get(c.productId) ?? []), c.id]);
      }
    }

    type Creation = { row: number; values: ProductValues; quantity: number };
    type Update = {
      row: number;
      id: string;
      slug: string;
      values: ProductValues | null;
      colorIds: string[] | null;
      quantity: number | undefined;
      before: Snapshot;
      after: Snapshot;
    };
    const creations: Creation[] = [];
    const updates: Update[] = [];
    let unchanged = 0;
    const required: [keyof RowValues, string][] = [
      ['title', 'title'],
      ['pricePaise', 'price'],
      ['categoryId', 'category'],
      ['brandId', 'brand'],
      ['colorIds', 'colors'],
    ];
    for (const { record, values } of rows) {
      const current = values.slug ? existing.get(values.slug) : undefined;
      if (!current) {
        if (values.slug && !validNewSlug(values.slug)) {
          rejections.push({
            row: record.row,
            field: 'slug',
            message: `"${values.slug.slice(0, 60)}" is not a valid slug for a new product: use a-z, 0-9 and single hyphens`,
          });
          continue;
        }
        const missing = required.filter(([key]) => values[key] === undefined);
        for (const [, column] of missing) {
          rejections.push({
            row: record.row,
            field: column,
            message: `A new product needs a ${column}${columns.has(column as never) ? '' : ` (add a "${column}" column)`}`,
          });
        }
        if (missing.length) continue;
        const mrpPaise = values.mrpPaise ?? null;
        if (mrpPaise !== null && mrpPaise < values.pricePaise!) {
          rejections.push({
            row: record.row,
            field: 'mrp',
            message: 'MRP must be at least the price (or left empty)',
          });
          continue;
        }
        creations.push({
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
          },
        });
        continue;
      }
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
        colorIds: values.colorIds ?? existingColors.get(current.id) ?? [],
        hsnCode: values.hsnCode === undefined ? current.hsnCode : values.hsnCode,
        gstRateBp: values.gstRateBp === undefined ? current.gstRateBp : values.gstRateBp,
      };
      if (merged.mrpPaise !== null && merged.mrpPaise < merged.pricePaise) {
        rejections.push({
          row: record.row,
          field: 'mrp',
          message: 'MRP must be at least the price (or left empty)',
        });
        continue;
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
        merged.gstRateBp !== current.gstRateBp;
      const colorsChanged = !sameList(merged.colorIds, existingColors.get(current.id) ?? []);
      const quantityChanged = values.quantity !== undefined && values.quantity !== current.quantity;
      if (!fieldsChanged && !colorsChanged && !quantityChanged) {
        unchanged++;
        continue;
      }
      const plain = (v: ProductValues, quantity: number) => ({
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
        quantity,
      });
      const before = plain({ ...current, colorIds: existingColors.get(current.id) ?? [] }, current.quantity);
      const after = plain(merged, values.quantity ?? current.quantity);
      const diff = changes(before, after);
      updates.push({
        row: record.row,
        id: current.id,
        slug: current.slug,
        values: fieldsChanged ? merged : null,
        colorIds: colorsChanged ? merged.colorIds : null,
        quantity: quantityChanged ? values.quantity : undefined,
        before: diff.before,
        after: diff.after,
      });
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
        await recordAudit(db, actor, {
          action: 'product.import',
          entityType: 'product',
          summary: `Imported a CSV of ${records.length} products: nothing to change`,
        });
      }
      return report(false);
    }

    await afterWrite(
      db.transaction(async (tx) => {
        // New products without a slug get one from their title, numbered past those taken.
        const bases = creations.filter((c) => !c.values.slug).map((c) => toSlug(c.values.title, 'product'));
        const taken = new Set([
          ...(await repository.slugsTakenForBases(tx, [...new Set(bases)])),
          ...rowOfSlug.keys(),
        ]);
        for (const creation of creations) {
          if (creation.values.slug) continue;
          const slug = freeSlug(toSlug(creation.values.title, 'product'), taken);
          taken.add(slug);
          creation.values.slug = slug;
        }
        const movements: Parameters<typeof ledger.insertMovements>[1] = [];
        for (let i = 0; i < creations.length; i += 500) {
          const batch = creations.slice(i, i + 500);
          const inserted = await repository.insertProducts(
            tx,
            batch.map(({ values: { colorIds: _, ...write }, quantity }) => ({ ...write, quantity })),
          );
          const idOf = new Map(inserted.map((p) => [p.slug, p.id]));
          await repository.replaceProductColors(
            tx,
            batch.map((c) => ({ productId: idOf.get(c.values.slug)!, colorIds: c.values.colorIds })),
          );
          for (const c of batch) {
            if (c.quantity > 0) {
              movements.push({
                productId: idOf.get(c.values.slug)!,
                delta: c.quantity,
                quantityAfter: c.quantity,
                reason: 'import',
                note: 'CSV import: new product',
                staffId: actor.id,
              });
            }
          }
        }
        await repository.updateProductsBatch(
          tx,
          updates.flatMap((u) => (u.values ? [{ ...u.values, id: u.id }] : [])),
        );
        await repository.replaceProductColors(
          tx,
          updates.flatMap((u) => (u.colorIds ? [{ productId: u.id, colorIds: u.colorIds }] : [])),
        );
        const stockUpdates = updates.filter((u) => u.quantity !== undefined);
        if (stockUpdates.length) {
          // Current figures under lock: a sale since the file was read changes the movement, not the target.
          const locked = new Map(
            (
              await lockProducts(
                tx,
                stockUpdates.map((u) => u.id),
              )
            ).map((row) => [row.id, row.quantity]),
          );
          const targets = stockUpdates.map((u) => ({ id: u.id, quantity: u.quantity! }));
          await ledger.setQuantities(tx, targets);
          for (const target of targets) {
            const delta = target.quantity - (locked.get(target.id) ?? 0);
            if (delta === 0) continue;
            movements.push({
              productId: target.id,
              delta,
              quantityAfter: target.quantity,
              reason: 'import',
              note: 'CSV import',
              staffId: actor.id,
            });
          }
        }
        await ledger.insertMovements(tx, movements);
        await recordAudit(tx, actor, {
          action: 'product.import',
          entityType: 'product',
          summary: `Imported a CSV of ${records.length} products: ${creations.length} created, ${updates.length} updated, ${unchanged} unchanged`,
          before: Object.fromEntries(updates.map((u) => [u.slug, u.before])),
          after: {
            created: creations.map((c) => c.values.slug),
            updated: Object.fromEntries(updates.map((u) => [u.slug, u.after])),
          },
        });
      }),
    );
    return report(true);
  }
}

function filtersOf(query: AdminProductFilters): repository.AdminFilters {
  return {
    q: query.q || undefined,
    categoryId: query.category,
    brandId: query.brand,
    stock: query.stock,
    tags: query.tags,
    archived: query.archived ?? 'active',
  };
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
