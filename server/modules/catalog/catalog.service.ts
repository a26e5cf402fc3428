import DataLoader from 'dataloader';
import type { FastifyBaseLogger } from 'fastify';
import type {
  ApiFacets,
  ApiListedProduct,
  ApiProduct,
  ApiProductPage,
  ApiProductSuggestion,
} from '../../../shared/api/catalog.schemas.js';
import { SUGGESTIONS_MAX } from '../../../shared/catalog.js';
import { paiseToRupees } from '../../../shared/money.js';
import type { Database, ReadHandle } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { ImageUrls } from '../../lib/image-urls.js';
import { presentTranslations, titleOnly } from '../../lib/translations.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import * as search from '../catalog-search/index.js';
import {
  presentOptionsAndVariants,
  presentProduct,
  presentSizeChartTranslations,
} from './catalog.presenter.js';
import { productIdBySku } from './variants.repository.js';

/** One word with a digit or a separator, as SKUs are ("LEV-CREW-NVY-L"); not "iphone 15" or "watch". */
const looksLikeSku = (q: string | undefined): boolean =>
  q !== undefined && /^(?=.*[\d_-])[A-Za-z0-9][A-Za-z0-9._\-/]{3,63}$/.test(q.trim());

import { announceCatalogChange } from './catalog-changes.js';
import { PRODUCT_NOT_FOUND } from './products.js';

/**
 * A price range's X-Total-Count in SQL is exact up to this many products and the planner's
 * estimate above it (decision 016). Lists filtered by category, brand, tag or stock only are always
 * exact (product_facet_counts), and so is every list the shelf index answers (decision 023): a
 * price range meets this cap only while the index is being read again. A search's total is the
 * search's own (catalog-search/product-search.ts, decision 040).
 */
export const EXACT_COUNT_UP_TO = 1_000;

/**
 * How many listed products' cards each server keeps (decision 024): about 1.2 KB of JSON each, so
 * some 25 MB; far more than the first five pages of every list a shop's shoppers open.
 */
const SHELF_CARDS_MAX = 20_000;

/** How many searches a server makes of itself before it says it is ready (`warmUp`). */
const WARM_UP_SEARCHES = 20;
/** The database pool's connections (db/client.ts), each of which the warm-up has plan its searches. */
const POOL_CONNECTIONS = 10;

type CatalogOptions = {
  cacheSeconds?: number;
  /**
   * How long a list page uses a product's card read earlier (LIST_CARD_SECONDS, decision 024):
   * lists show stock bought, given back or held at checkout within this; 0 reads every card.
   */
  listCardSeconds?: number;
  imageUrls: ImageUrls;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  vocabularyRefreshDelayMs?: number;
  /**
   * Where the storefront's reads go (read replicas, decision 032); `db` when absent. Writes,
   * announcements and what carts and orders read stay on `db`.
   */
  reads?: ReadHandle;
};

/**
 * Catalogue reads are the shop's hottest path and change rarely, so lists, facets, suggestions and
 * product pages are kept in memory for `cacheSeconds` (a micro-cache; 0 turns it off). Anything
 * that changes the catalogue (a console edit, an order taking stock, a review) calls `invalidate()`
 * or `invalidateStock()` after its commit: this server forgets at once, and the change is announced
 * to every app server on the database (catalog-changes.ts, decision 015), whose listener calls
 * `forget()`. Prices, stock and totals for the cart and checkout never come from here: they are
 * read from the database.
 */
export function createCatalogService(db: Database, options: CatalogOptions): CatalogService {
  return new CatalogService(db, options);
}

export class CatalogService {
  private readonly reads: ReadHandle;
  private readonly readDb: ReadHandle['db'];
  private readonly cache: ReturnType<typeof createTtlCache>;
  private readonly imageUrls: ImageUrls;
  private readonly shelfIndex: ReturnType<typeof search.createShelfIndex>;
  private readonly shelfCards: ReturnType<typeof search.createShelfCards>;
  private readonly searchVocabulary: ReturnType<typeof search.createSearchVocabulary>;
  private readonly filterIds: search.FilterIds;
  private readonly productSearch: search.ProductSearch;
  // Not awaited: the request that made the change answers without waiting for the other servers.
  private readonly announcing = new Set<Promise<void>>();
  // Product pages asked for at once (in one turn of the event loop) are read in one statement: under
  // load, one round trip serves many pages, and each page is still read from the database afresh.
  private readonly productPages: DataLoader<string, search.ShelfProductRow | undefined>;
  // The same for the rows of list pages' cards not held (catalog-search/shelf-cards.ts).
  private readonly listedRows: DataLoader<string, search.ShelfRow | undefined>;

  constructor(
    private readonly db: Database,
    private readonly options: CatalogOptions,
  ) {
    this.reads = options.reads ?? { db, fence() {} };
    const readDb = this.reads.db;
    this.readDb = readDb;
    this.cache = createTtlCache({ ttlMs: (options.cacheSeconds ?? 0) * 1000, maxEntries: 5000 });
    this.imageUrls = options.imageUrls;
    this.shelfIndex = search.createShelfIndex(readDb, { log: options.log, writesDb: db });
    this.productPages = readTogether(100, async (keys) =>
      (await search.shelfProducts(readDb, keys)).flatMap((row) => [
        [row.id, row] as const,
        [row.slug, row] as const,
      ]),
    );
    this.listedRows = readTogether(1000, async (ids) =>
      (await search.shelfPageRows(readDb, ids)).map((row) => [row.id, row] as const),
    );
    this.shelfCards = search.createShelfCards({
      maxEntries: SHELF_CARDS_MAX,
      maxAgeMs: (options.listCardSeconds ?? 10) * 1000,
    });
    this.searchVocabulary = search.createSearchVocabulary(db, {
      log: options.log,
      ...(options.vocabularyRefreshDelayMs !== undefined
        ? { refreshDelayMs: options.vocabularyRefreshDelayMs }
        : {}),
      onRebuilt: async () => {
        this.productSearch.forgetWords();
        // The vocabulary was rebuilt on the primary just now: read it where it already is.
        this.reads.fence();
      },
    });
    this.filterIds = new search.FilterIds(readDb);
    this.productSearch = search.createPostgresProductSearch(readDb, {
      ensureVocabulary: () => this.searchVocabulary.ensureReady(),
    });
  }

  /** A change announced by some server (this one's own come back too; forgetting twice is harmless). */
  forget = (change: search.CatalogChange) => {
    // First, so what is read again from here on is read where the change already is.
    this.reads.fence();
    this.shelfIndex.changed(change);
    this.shelfCards.changed(change);
    if (change === 'all') {
      this.cache.clear();
      this.filterIds.forget();
      this.productSearch.forgetTaxonomy();
    } else this.cache.clearPrefix('product:');
  };

  /**
   * Forgets every cached read here and on every other server: call after committing a change to
   * what lists show (a rating, a price, a category's name).
   */
  invalidate() {
    this.forget('all');
    this.announce('all');
    this.searchVocabulary.refreshSoon();
  }

  /**
   * After an order took stock (or gave it back): product pages show it at once, here and on every
   * other server; lists (which show stock only as "Only N left") catch up within the cache time,
   * so a busy sale does not empty the cache of every list many times a second.
   */
  invalidateStock() {
    this.forget('stock');
    this.announce('stock');
  }

  /**
   * Whether this server hears other servers' changes (catalog-changes.ts). While it does not,
   * lists and the filter panel are read from SQL, since the in-memory shelf index could be
   * stale unawares.
   */
  setHearingChanges(hearing: boolean) {
    this.shelfIndex.setHearing(hearing);
    this.shelfCards.setHearing(hearing);
  }

  /** Reads the lists' and filter panel's shelf index now (a server warming up, tests). */
  warmShelfIndex() {
    return this.shelfIndex.ready();
  }

  /**
   * What the storefront's reads need before a server says it is ready: the shelf index and the
   * search vocabulary read; every pool connection's search statements planned, searching for the
   * catalogue's commonest words (catalog-search/product-search.ts); then those searches' first pages, so the code
   * that answers them is compiled and their cards are held before the first shopper asks.
   */
  async warmUp(): Promise<void> {
    await Promise.all([this.shelfIndex.ready(), this.searchVocabulary.ensureReady()]);
    const words = (await search.commonestWords(this.readDb, WARM_UP_SEARCHES)).filter(
      (word) => word.length >= 2,
    );
    await this.productSearch.warmUp(words, POOL_CONNECTIONS);
    for (const q of words) {
      const filters = { brands: [], categories: [], tags: [], q };
      await this.listProducts({
        ...filters,
        sort: [{ field: 'relevance', direction: 'desc' }],
        page: 1,
        limit: 24,
      });
      await this.facets(filters);
      await this.suggest(q);
    }
  }

  /** Waits for announcements still on their way; the app does before it closes the database. */
  async flushAnnouncements() {
    await Promise.all(this.announcing);
  }

  /** Stops the search vocabulary's timers (after any rebuild under way); before the database closes. */
  async close() {
    await Promise.all([this.searchVocabulary.close(), this.shelfIndex.close()]);
  }

  /** Rebuilds the search box's vocabulary now (seeding, tests). */
  refreshSearchVocabulary() {
    return this.searchVocabulary.refreshNow();
  }

  /**
   * A page of products on sale, as the JSON text of an array of listed products (each product's
   * `color` is its colours' ids): pages are put together from cards held as JSON (decision 024).
   */
  listProducts(
    query: search.ProductListQuery,
  ): Promise<{ productsJson: string; total: number; totalIsExact: boolean }> {
    return this.cached('list', query, async () => {
      // A SKU typed into the search box (a merchant, a shopper with a receipt) finds its product.
      const bySku = looksLikeSku(query.q) ? await productIdBySku(this.readDb, query.q!) : undefined;
      if (bySku && (query.page ?? 1) === 1) {
        return { productsJson: jsonArray(await this.cardsOf([bySku])), total: 1, totalIsExact: true };
      }
      const resolved = await this.filterIds.resolve(query);
      if (resolved.q) {
        const found = await this.productSearch.search(resolved);
        const json = await this.cardsOf(found.ids);
        return { productsJson: jsonArray(json), total: found.total, totalIsExact: found.totalIsExact };
      }
      const indexed = this.shelfIndex.page(resolved, query.sort, query.page, query.limit);
      if (indexed) {
        const json = await this.cardsOf(indexed.ids);
        return { productsJson: jsonArray(json), total: indexed.total, totalIsExact: true };
      }
      const [rows, counted] = await Promise.all([
        search.listProducts(this.readDb, resolved, query.sort, query.page, query.limit),
        search.countProducts(this.readDb, resolved, EXACT_COUNT_UP_TO),
      ]);
      return {
        productsJson: jsonArray(rows.map((row) => this.cardOf(row))),
        total: counted.count,
        totalIsExact: counted.exact,
      };
    });
  }

  /**
   * Full product objects for ids (cart, wishlist, orders), keyed by id. Archived products are
   * included (orders keep showing what was bought) unless `onSale` asks for those still sold.
   */
  async productsByIds(ids: string[], options: { onSale?: boolean } = {}): Promise<Map<string, ApiProduct>> {
    const rows = await search.shelfProductsByIds(this.db, [...new Set(ids)], options);
    return new Map(rows.map((row) => [row.id, this.present(row, row.colors)]));
  }

  getProduct(idOrSlug: string): Promise<ApiProductPage> {
    return this.cached('product', idOrSlug, async () => {
      const row = await this.productPages.load(idOrSlug);
      if (!row) throw notFound(PRODUCT_NOT_FOUND);
      return {
        ...this.present(row, row.colors, row.ratings),
        ...presentOptionsAndVariants(row.options, row.variants, row.colors),
        sizeChart: row.sizeChart,
        sizeChartTranslations: presentSizeChartTranslations(row.sizeChart, row.categoryTranslations),
      };
    });
  }

  /** `q` trimmed, 2 to 100 characters (the endpoint's schema checks it). */
  async suggest(q: string): Promise<ApiProductSuggestion[]> {
    const cards = await this.cached('suggest', q.toLowerCase(), async () => {
      const found = await this.productSearch.suggest(q, SUGGESTIONS_MAX);
      const translations = await search.productTranslations(
        this.readDb,
        found.map((card) => card.id),
      );
      return found.map((card) => ({ ...card, translations: translations.get(card.id) }));
    });
    return cards.map((card) => ({
      _id: card.id,
      slug: card.slug,
      title: card.title,
      brand: card.brand,
      category: card.category,
      price: paiseToRupees(card.pricePaise),
      image: card.image ? this.imageUrls.url(card.image) : null,
      translations: presentTranslations(card.translations, titleOnly),
    }));
  }

  async facets(filters: search.ProductFilters): Promise<ApiFacets> {
    const counts = await this.cached('facets', filters, async () => {
      const resolved = await this.filterIds.resolve(filters);
      if (resolved.q) return this.productSearch.facets(resolved);
      // From memory (decision 023), or while that is being read, from SQL.
      return this.shelfIndex.counts(resolved) ?? search.facetCounts(this.readDb, resolved);
    });
    return {
      categories: counts.categories.map(({ value, count }) => ({ title: value, count })),
      brands: counts.brands.map(({ value, count }) => ({ title: value, count })),
      tags: counts.tags.map(({ value, count }) => ({ title: value, count })),
      availability: counts.availability,
      price: { min: paiseToRupees(counts.price.min), max: paiseToRupees(counts.price.max) },
      sizes: (counts.sizes ?? []).map(({ value, count }) => ({ title: value, count })),
    };
  }

  /** The listed products' cards as JSON, from those held or read now (a product archived since the index was read is left out, as SQL would leave it). */
  private async cardsOf(ids: string[]): Promise<(string | undefined)[]> {
    const { json, missing } = this.shelfCards.get(ids);
    if (!missing.length) return json;
    const read = this.shelfCards.readBegins();
    // load, not loadMany: a failed read fails the page rather than leaving products out.
    const rows = await Promise.all(missing.map((id) => this.listedRows.load(id)));
    const found = new Map(rows.flatMap((row) => (row ? [[row.id, this.cardOf(row)] as const] : [])));
    this.shelfCards.put(read, found);
    ids.forEach((id, i) => {
      json[i] ??= found.get(id);
    });
    return json;
  }

  // Announced even with this server's cache off, since another server's may be on.
  private announce(change: search.CatalogChange) {
    const sent: Promise<void> = announceCatalogChange(this.db, change)
      .catch((error) =>
        this.options.log?.warn(
          { err: error, change },
          'could not announce a catalogue change; other servers show it within CATALOG_CACHE_SECONDS',
        ),
      )
      .finally(() => this.announcing.delete(sent));
    this.announcing.add(sent);
  }

  private present(row: search.ProductRow, colorRows: search.ColorRow[], ratingRows?: search.RatingRow[]) {
    return presentProduct(row, colorRows, ratingRows, this.imageUrls);
  }

  /** A listed product as JSON text (each product's `color` is its colours' ids): what a list page holds and sends. */
  private cardOf(row: search.ShelfRow): string {
    const product = this.present(row, row.colors);
    const listed: ApiListedProduct = { ...product, color: product.color.map((c) => c._id) };
    return JSON.stringify(listed);
  }

  private cached<T>(kind: string, key: unknown, load: () => Promise<T>) {
    return this.cache.get(`${kind}:${JSON.stringify(key)}`, load);
  }
}

const jsonArray = (parts: (string | undefined)[]) => `[${parts.filter((p) => p !== undefined).join(',')}]`;

/**
 * A loader that reads the keys asked for in one turn of the event loop with one call of `read`
 * (which answers [key, value] pairs; a key it leaves out loads as undefined), up to `maxBatchSize`
 * at a time. Nothing is kept between turns: each load is read afresh.
 */
function readTogether<V>(
  maxBatchSize: number,
  read: (keys: readonly string[]) => Promise<Iterable<readonly [string, V]>>,
) {
  return new DataLoader<string, V | undefined>(
    async (keys) => {
      const found = new Map(await read(keys));
      return keys.map((key) => found.get(key));
    },
    { cache: false, maxBatchSize, batchScheduleFn: (send) => setImmediate(send) },
  );
}
