import type { ApiProduct } from '../../../shared/api/catalog.schemas.js';
import type {
  AdminProductListQuery,
  ApiAdminProduct,
  ApiAdminProductList,
  ApiStockAdjustment,
  ApiStockMovements,
  LegacyProductInput,
  LegacyProductUpdate,
  NewProductInput,
  ProductInput,
  StockAdjustmentInput,
} from '../../../shared/api/catalog-admin.schemas.js';
import type { ApiAdminVariants, VariantsInput } from '../../../shared/api/catalog-variants.schemas.js';
import type { AuditActor } from '../audit/index.js';
import type { CatalogAdminContext } from './catalog-admin-context.js';
import { legacyCreate, legacyDelete, legacyUpdate } from './legacy-product-writes.js';
import { listProducts, productDetail } from './product-admin-reads.js';
import { createProduct, removeProduct, setArchived, updateProduct } from './product-edits.js';
import { adjustStock, stockMovements } from './stock-adjustments.js';
import { getVariants, saveVariants } from './variant-edits.js';

/**
 * The console's products: the table, the edit form's reads and writes, archive and restore,
 * deletion of products nobody ordered, stock adjustments kept in the ledger, and the original admin
 * client's product writes (CSV export and import are the catalog-csv module's). Every write records its audit event in the same
 * transaction and then clears the storefront's catalogue cache. Each method is a function of its
 * own file, given the dependencies it runs with:
 *
 *   product-admin-reads.ts    list, get
 *   product-edits.ts          create, update, archive, restore, remove
 *   stock-adjustments.ts      adjustStock, movements
 *   variant-edits.ts          variants, saveVariants (the variant grid)
 *   legacy-product-writes.ts  legacyCreate, legacyUpdate, legacyDelete
 */
export function createCatalogAdminService(deps: CatalogAdminContext) {
  const { db, catalog, imageUrls, config, productsWithOrders } = deps;
  const ctx: CatalogAdminContext = { db, catalog, imageUrls, config, productsWithOrders };
  return {
    list: (query: AdminProductListQuery): Promise<ApiAdminProductList> => listProducts(ctx, query),

    get: (id: string): Promise<ApiAdminProduct> => productDetail(ctx, id),

    async create(actor: AuditActor, input: NewProductInput): Promise<ApiAdminProduct> {
      const id = await createProduct(ctx, actor, input, input.quantity, 'created');
      return productDetail(ctx, id);
    },

    async update(actor: AuditActor, id: string, input: ProductInput): Promise<ApiAdminProduct> {
      await updateProduct(ctx, actor, id, input);
      return productDetail(ctx, id);
    },

    async archive(actor: AuditActor, id: string): Promise<ApiAdminProduct> {
      await setArchived(ctx, actor, id, true);
      return productDetail(ctx, id);
    },

    async restore(actor: AuditActor, id: string): Promise<ApiAdminProduct> {
      await setArchived(ctx, actor, id, false);
      return productDetail(ctx, id);
    },

    remove: (actor: AuditActor, id: string): Promise<{ message: string }> => removeProduct(ctx, actor, id),

    adjustStock: (actor: AuditActor, id: string, input: StockAdjustmentInput): Promise<ApiStockAdjustment> =>
      adjustStock(ctx, actor, id, input),

    movements: (id: string, page = 1): Promise<ApiStockMovements> => stockMovements(ctx, id, page),

    variants: (id: string): Promise<ApiAdminVariants> => getVariants(ctx, id),

    saveVariants: (actor: AuditActor, id: string, input: VariantsInput): Promise<ApiAdminVariants> =>
      saveVariants(ctx, actor, id, input),

    legacyCreate: (actor: AuditActor, input: LegacyProductInput): Promise<{ newProduct: ApiProduct }> =>
      legacyCreate(ctx, actor, input),

    legacyUpdate: (actor: AuditActor, id: string, input: LegacyProductUpdate): Promise<ApiProduct> =>
      legacyUpdate(ctx, actor, id, input),

    /** Deletes, or archives a product that has orders (the original client has no archive). */
    legacyDelete: (actor: AuditActor, id: string): Promise<ApiProduct> => legacyDelete(ctx, actor, id),
  };
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
