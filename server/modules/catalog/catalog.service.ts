import DataLoader from 'dataloader';
import type { FastifyBaseLogger } from 'fastify';
import type {
  ApiFacets,
  ApiListedProduct,
  ApiProduct,
  ApiProductSuggestion,
} from '../../../shared/api/catalog.schemas.js';
import { SUGGESTIONS_MAX } from '../../../shared/catalog.js';
import { paiseToRupees } from '../../../shared/money.js';
import type { Database, ReadHandle } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { ImageUrls } from '../../lib/image-urls.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import { presentProduct } from './catalog.presenter.js';
import * as repository from './catalog.repository.js';
import { announceCatalogChange, type CatalogChange } from './catalog-changes.js';
import { countFacetGroups, facetGroupsOf } from './facet-groups.js';
import type { ProductFilters, ProductListQuery } from './product-query.js';
import { PRODUCT_NOT_FOUND } from './products.js';
import { buildTsQuery, searchWords, type WordLookup } from './search-terms.js';
import { createSearchVocabulary } from './search-vocabulary.js';
import * as vocabulary from './search-vocabulary.repository.js';
import { createShelfCards } from './shelf-cards.js';
import { createShelfIndex } from './shelf-index.js';
import { createSuggestionIndex } from './suggestion-index.js';
import { parseTsQueryText, type TextQuery } from './text-index.js';

/**
 * A search's or price range's X-Total-Count is exact up to this many products and the planner's
 * estimate above it (decision 016): counting stops here, so a broad search over a million products
 * does not read every match twice. Lists filtered by category, brand, tag or stock only are always
 * exact (product_facet_counts), and so is every list the shelf index answers (decision 023): a
 * price range meets this cap only while the index is being read again.
 */
export const EXACT_COUNT_UP_TO = 1_000;

/**
 * How many listed products' cards each server keeps (decision 024): about 1.2 KB of JSON each, so
 * some 25 MB; far more than the first five pages of every list a shop's shoppers open.
 */
const SHELF_CARDS_MAX = 20_000;

/**
 * Catalogue reads are the shop's hottest path and change rarely, so lists, facets, suggestions and
 * product pages are kept in memory for `cacheSeconds` (a micro-cache; 0 turns it off). Anything
 * that changes the catalogue (a console edit, an order taking stock, a review) calls `invalidate()`
 * or `invalidateStock()` after its commit: this server forgets at once, and the change is announced
 * to every app server on the database (catalog-changes.ts, decision 015), whose listener calls
 * `forget()`. Prices, stock and totals for the cart and checkout never come from here: they are
 * read from the database.
 */
export function createCatalogService(
  db: Database,
  options: {
    cacheSeconds?: number;
    /**
     * How long a list page uses a product's card read earlier (LIST_CARD_SECONDS, decision 024):
     * lists show stock bought, given back or held at checkout within this; 0 reads every card.
     */
    listCardSeconds?: number;
    imageUrls: ImageUrls;
    log?: Pick<FastifyBaseLogger, 'warn'>;
    vocabularyRefreshDelayMs?: number;
    /** EXACT_COUNT_UP_TO unless a test needs broad searches from a small catalogue. */
    exactCountUpTo?: number;
    /**
     * Where the storefront's reads go (read replicas, decision 032); `db` when absent. Writes,
     * announcements and what carts and orders read stay on `db`.
     */
    reads?: ReadHandle;
  },
) {
  const reads = options.reads ?? { db, fence() {} };
  const readDb = reads.db;
  const exactCountUpTo = options.exactCountUpTo ?? EXACT_COUNT_UP_TO;
  const cache = createTtlCache({ ttlMs: (options.cacheSeconds ?? 0) * 1000, maxEntries: 5000 });
  const { imageUrls } = options;
  // Brand and category names to ids (a few hundred rows): kept whatever the cache time, since every
  // change to them announces 'all' (taxonomy.service.ts), and looking them up was a round trip
  // before every filtered list.
  const taxonomyIds = new Map<string, Promise<{ brandIds: string[]; categoryIds: string[] }>>();
  const shelfIndex = createShelfIndex(readDb, { log: options.log, writesDb: db });
  // Product pages asked for at once (in one turn of the event loop) are read in one statement: under
  // load, one round trip serves many pages, and each page is still read from the database afresh.
  const productPages = readTogether(100, async (keys) =>
    (await repository.shelfProducts(readDb, keys)).flatMap((row) => [
      [row.id, row] as const,
      [row.slug, row] as const,
    ]),
  );
  // The same for the rows of list pages' cards not held (shelf-cards.ts).
  const listedRows = readTogether(1000, async (ids) =>
    (await repository.shelfPageRows(readDb, ids)).map((row) => [row.id, row] as const),
  );
  const shelfCards = createShelfCards({
    maxEntries: SHELF_CARDS_MAX,
    maxAgeMs: (options.listCardSeconds ?? 10) * 1000,
  });
  const forget = (change: CatalogChange) => {
    // First, so what is read again from here on is read where the change already is.
    reads.fence();
    shelfIndex.changed(change);
    shelfCards.changed(change);
    if (change === 'all') {
      suggestionIndex.changed();
      cache.clear();
      taxonomyIds.clear();
    } else cache.clearPrefix('product:');
  };
  const idsOfTaxonomy = (names: { brands: string[]; categories: string[] }) => {
    const key = JSON.stringify([
      names.brands.map((b) => b.toLowerCase()),
      names.categories.map((c) => c.toLowerCase()),
    ]);
    let ids = taxonomyIds.get(key);
    if (!ids) {
      if (taxonomyIds.size >= 1000) taxonomyIds.clear();
      ids = repository.taxonomyIds(readDb, names);
      ids.catch(() => taxonomyIds.delete(key));
      taxonomyIds.set(key, ids);
    }
    return ids;
  };
  // Not awaited: the request that made the change answers without waiting for the other servers.
  // Announced even with this server's cache off, since another server's may be on.
  const announcing = new Set<Promise<void>>();
  const announce = (change: CatalogChange) => {
    const sent: Promise<void> = announceCatalogChange(db, change)
      .catch((error) =>
        options.log?.warn(
          { err: error, change },
          'could not announce a catalogue change; other servers show it within CATALOG_CACHE_SECONDS',
        ),
      )
      .finally(() => announcing.delete(sent));
    announcing.add(sent);
  };
  const present = (
    row: repository.ProductRow,
    colorRows: repository.ColorRow[],
    ratingRows?: repository.RatingRow[],
  ) => presentProduct(row, colorRows, ratingRows, imageUrls);
  /** A product as lists answer it: `color` is its colours' ids. */
  const listed = (row: repository.ShelfRow): ApiListedProduct => {
    const product = present(row, row.colors);
    return { ...product, color: product.color.map((c) => c._id) };
  };
  /** A listed product as JSON text: what a list page holds (shelf-cards.ts) and sends. */
  const cardOf = (row: repository.ShelfRow) => JSON.stringify(listed(row));
  // Words looked up in the search vocabulary (are they known, their close spellings): shoppers
  // type the same words again and again, and the vocabulary changes only when rebuilt, here
  // (`onRebuilt`) or on another server (so kept a minute at most, as the suggestion index's names).
  const lookedUp = new Map<string, WordLookup>();
  let lookedUpSince = Date.now();
  const lookUp = async (words: string[]): Promise<WordLookup[]> => {
    if (Date.now() - lookedUpSince > 60_000 || lookedUp.size >= 10_000) {
      lookedUp.clear();
      lookedUpSince = Date.now();
    }
    const missing = words.filter((word) => !lookedUp.has(word));
    const found = new Map(
      missing.length ? (await vocabulary.lookUpWords(readDb, missing)).map((l) => [l.word, l]) : [],
    );
    for (const [word, lookup] of found) lookedUp.set(word, lookup);
    return words.map((word) => found.get(word) ?? lookedUp.get(word)!);
  };
  // A search's to_tsquery text as the database parses it (stemmed, stop words dropped), for the
  // in-memory text index; the same for ever (the text search configuration does not change).
  const textQueries = new Map<string, Promise<TextQuery | undefined>>();
  const textQueryOf = (match: string) => {
    let parsed = textQueries.get(match);
    if (!parsed) {
      if (textQueries.size >= 5_000) textQueries.clear();
      parsed = repository.parsedTextQuery(readDb, match).then(parseTsQueryText);
      parsed.catch(() => textQueries.delete(match));
      textQueries.set(match, parsed);
    }
    return parsed;
  };
  const jsonArray = (parts: (string | undefined)[]) => `[${parts.filter((p) => p !== undefined).join(',')}]`;
  const cached = <T>(kind: string, key: unknown, load: () => Promise<T>) =>
    cache.get(`${kind}:${JSON.stringify(key)}`, load);
  const searchVocabulary = createSearchVocabulary(db, {
    log: options.log,
    ...(options.vocabularyRefreshDelayMs !== undefined
      ? { refreshDelayMs: options.vocabularyRefreshDelayMs }
      : {}),
    onRebuilt: () => {
      lookedUp.clear();
      // The vocabulary was rebuilt on the primary just now: read it where it already is.
      reads.fence();
      return suggestionIndex.reload();
    },
  });
  const suggestionIndex = createSuggestionIndex(readDb, {
    log: options.log,
    beforeFirstLoad: () => searchVocabulary.ensureReady(),
  });

  /**
   * The search text as a to_tsquery (search-terms.ts): every word, each with its close spellings
   * from the vocabulary and its synonyms. When the words together find nothing, three words or more
   * need all but one of them ("running shoes men": men's running shoes, not every product saying
   * "men", as shops ask most of a shopper's words), and when that finds nothing either, or for two
   * words, any of them will do ("samsung earbuds" still shows Samsung and earbuds, best matches
   * first).
   */
  const resolve = async <F extends ProductFilters>(query: F): Promise<F & repository.ResolvedFilters> => {
    const filters =
      query.brands.length || query.categories.length ? { ...query, ...(await idsOfTaxonomy(query)) } : query;
    if (!filters.q) return filters;
    const words = searchWords(filters.q);
    if (words.length === 0) return filters;
    await searchVocabulary.ensureReady();
    const lookups = await lookUp(words);
    const searchFor = async (match: string | undefined) => {
      const textQuery = match === undefined ? undefined : await textQueryOf(match);
      return { ...filters, match, ...(textQuery ? { textQuery } : {}) };
    };
    /** Whether a search finds any product: from the text index, else from SQL. */
    const finds = async ({ match, textQuery }: { match?: string; textQuery?: TextQuery }) => {
      if (match === undefined) return false;
      const found = textQuery && shelfIndex.anyMatches(textQuery);
      return found ?? (await repository.anyProductMatches(readDb, match));
    };
    const every = await searchFor(buildTsQuery(lookups, { prefixLast: true }));
    if (words.length === 1 || !every.match || (await finds(every))) return every;
    if (words.length > 2) {
      const most = await searchFor(buildTsQuery(lookups, { prefixLast: true, allButOne: true }));
      if (await finds(most)) return most;
    }
    return searchFor(buildTsQuery(lookups, { prefixLast: true, anyWord: true }));
  };

  return {
    /**
     * Forgets every cached read here and on every other server: call after committing a change to
     * what lists show (a rating, a price, a category's name).
     */
    invalidate() {
      forget('all');
      announce('all');
      searchVocabulary.refreshSoon();
    },

    /**
     * After an order took stock (or gave it back): product pages show it at once, here and on every
     * other server; lists (which show stock only as "Only N left") catch up within the cache time,
     * so a busy sale does not empty the cache of every list many times a second.
     */
    invalidateStock() {
      forget('stock');
      announce('stock');
    },

    /** A change announced by some server (this one's own come back too; forgetting twice is harmless). */
    forget,

    /**
     * Whether this server hears other servers' changes (catalog-changes.ts). While it does not,
     * lists and the filter panel are read from SQL, since the in-memory shelf index could be
     * stale unawares.
     */
    setHearingChanges(hearing: boolean) {
      shelfIndex.setHearing(hearing);
      shelfCards.setHearing(hearing);
      suggestionIndex.setHearing(hearing);
    },

    /** Reads the lists' and filter panel's shelf index now (a server warming up, tests). */
    warmShelfIndex: (options?: { searches?: boolean }) => shelfIndex.ready(options),

    /** Waits for announcements still on their way; the app does before it closes the database. */
    async flushAnnouncements() {
      await Promise.all(announcing);
    },

    /** Stops the search vocabulary's timers (after any rebuild under way); before the database closes. */
    async close() {
      suggestionIndex.close();
      await Promise.all([searchVocabulary.close(), shelfIndex.close()]);
    },

    /** Rebuilds the search box's vocabulary now (seeding, tests). */
    refreshSearchVocabulary: () => searchVocabulary.refreshNow(),

    /**
     * A page of products on sale, as the JSON text of an array of listed products (each product's
     * `color` is its colours' ids): pages are put together from cards held as JSON (decision 024).
     */
    listProducts(
      query: ProductListQuery,
    ): Promise<{ productsJson: string; total: number; totalIsExact: boolean }> {
      return cached('list', query, async () => {
        const resolved = await resolve(query);
        const indexed = shelfIndex.page(resolved, query.sort, query.page, query.limit);
        if (indexed) {
          const { json, missing } = shelfCards.get(indexed.ids);
          if (missing.length) {
            const read = shelfCards.readBegins();
            // load, not loadMany: a failed read fails the page rather than leaving products out.
            const rows = await Promise.all(missing.map((id) => listedRows.load(id)));
            const found = new Map(rows.flatMap((row) => (row ? [[row.id, cardOf(row)] as const] : [])));
            shelfCards.put(read, found);
            // A product archived since the index was read is left out, as SQL would leave it.
            indexed.ids.forEach((id, i) => {
              json[i] ??= found.get(id);
            });
          }
          return { productsJson: jsonArray(json), total: indexed.total, totalIsExact: true };
        }
        // A search is counted first: whether it is broad decides how it is ranked.
        const counting = repository.countProducts(readDb, resolved, exactCountUpTo);
        const broadSearch = resolved.match ? !(await counting).exact : false;
        const [rows, counted] = await Promise.all([
          repository.listProducts(readDb, resolved, query.sort, query.page, query.limit, { broadSearch }),
          counting,
        ]);
        return {
          productsJson: jsonArray(rows.map(cardOf)),
          total: counted.count,
          totalIsExact: counted.exact,
        };
      });
    },

    /**
     * Full product objects for ids (cart, wishlist, orders), keyed by id. Archived products are
     * included (orders keep showing what was bought) unless `onSale` asks for those still sold.
     */
    async productsByIds(ids: string[], options: { onSale?: boolean } = {}): Promise<Map<string, ApiProduct>> {
      const rows = await repository.shelfProductsByIds(db, [...new Set(ids)], options);
      return new Map(rows.map((row) => [row.id, present(row, row.colors)]));
    },

    getProduct(idOrSlug: string): Promise<ApiProduct> {
      return cached('product', idOrSlug, async () => {
        const row = await productPages.load(idOrSlug);
        if (!row) throw notFound(PRODUCT_NOT_FOUND);
        return present(row, row.colors, row.ratings);
      });
    },

    /** `q` trimmed, 2 to 100 characters (the endpoint's schema checks it). */
    async suggest(q: string): Promise<ApiProductSuggestion[]> {
      const cards = await cached('suggest', q.toLowerCase(), async () => {
        const ids = await suggestionIndex.suggest(q, SUGGESTIONS_MAX);
        const held = suggestionIndex.cardsOf(ids);
        if (held) return held;
        const found = new Map((await repository.shelfPageRows(readDb, ids)).map((row) => [row.id, row]));
        return ids.flatMap((id) => {
          const row = found.get(id);
          return row ? [{ ...row, image: row.images[0]?.url ?? null }] : [];
        });
      });
      return cards.map((card) => ({
        _id: card.id,
        slug: card.slug,
        title: card.title,
        brand: card.brand,
        category: card.category,
        price: paiseToRupees(card.pricePaise),
        image: card.image ? imageUrls.url(card.image) : null,
      }));
    },

    async facets(filters: ProductFilters): Promise<ApiFacets> {
      const counts = await cached('facets', filters, async () => {
        const resolved = await resolve(filters);
        // From memory (decisions 023 and 025), or while that is being read, from SQL.
        const counted = shelfIndex.counts(resolved);
        if (counted) return counted;
        if (resolved.q) {
          // The database's text index finds the matches; grouped in one pass, counted here.
          const [groups, taxonomy] = await Promise.all([
            repository.searchFacetGroups(readDb, resolved),
            repository.facetTaxonomy(readDb),
          ]);
          return countFacetGroups(facetGroupsOf(groups, taxonomy), resolved);
        }
        return repository.facetCounts(readDb, resolved);
      });
      return {
        categories: counts.categories.map(({ value, count }) => ({ title: value, count })),
        brands: counts.brands.map(({ value, count }) => ({ title: value, count })),
        tags: counts.tags.map(({ value, count }) => ({ title: value, count })),
        availability: counts.availability,
        price: { min: paiseToRupees(counts.price.min), max: paiseToRupees(counts.price.max) },
      };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

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
