import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.js';
import type { FacetCounts, ResolvedFilters } from './catalog.repository.js';
import * as repository from './catalog.repository.js';
import { chosen, countFacetGroups, type GroupColumns, priceRange, tagMaskOf } from './facet-groups.js';
import type { ProductSort } from './product-query.js';
import {
  coveringList,
  createRanker,
  createTextIndexBuilder,
  isIndexList,
  listEqualTo,
  matchPositions,
  matchText,
  type Patterns,
  patternOverList,
  type Ranker,
  rankText,
  sameView,
  type TextIndex,
  type TextQuery,
} from './text-index.js';

/** Tags are a bit mask of 16 bits (so a group's key fits a double); more distinct tags: SQL. */
const MAX_TAGS = 16;
/**
 * A snapshot is read again after this long even when no change was heard: a safety net for a
 * change made in SQL without `NOTIFY catalog_changed` (catalog-changes.ts). Answers go on meanwhile.
 * Where the database counts writes (`shelfWrites`), it is read again only once the count has moved
 * since it was read, which is asked at most every WRITES_CHECK_MS: a quiet shop of a million
 * products no longer spends some 9 s of two processes' time every five minutes reading what it
 * has. A busy one (each order counts) reads as before.
 */
const DEFAULT_MAX_AGE_MS = 5 * 60_000;
const WRITES_CHECK_MS = 30_000;
/**
 * After an order took stock (or gave it back), the snapshot is read again after this long, or
 * after STOCK_DELAY_READS times as long as the last read took if that is longer, and answers
 * meanwhile: whether a product is in stock may lag by that much in the "In stock" filter and its
 * counts (product pages, carts and checkout read stock from the database). During a sale orders
 * come many a second; reading the catalogue after each would keep a core busy, so reading at most
 * a fifth of the time bounds what it costs (a read takes about 0.9 s at 100,000 products on
 * PostgreSQL, 9 s at a million: a lag of 4.5 s and 45 s).
 */
const DEFAULT_STOCK_DELAY_MS = 2_000;
const STOCK_DELAY_READS = 4;
/**
 * How a page is found: a filter's matches are gathered from their groups (keeping the page's in
 * a heap), or the sort's order is walked until the page's end, testing each product on the way.
 * Walking to the end of page p passes about p x 24 x (span / matches) products, the span being
 * the ranks between the matching groups' first and last product (`spans`), which grows with the
 * catalogue; gathering costs about this many walking steps per match. Whichever costs
 * less is done: a filter matching 2,000 products of 100,000 is walked for page 1 (about 1,200
 * steps) and gathered for page 5; of a million, gathered for every page (page 1's walk: 12,000).
 */
const GATHER_STEP_COST = 2;

/** The sorts a snapshot holds, by the field's name in the API. */
const SORT_FIELDS = ['title', 'price', 'createdAt', 'totalrating', 'sold'] as const;
type SortField = (typeof SORT_FIELDS)[number];

/**
 * The catalogue as the store's lists and filter panel need it (decision 023), for every product on
 * sale. Products sharing a category, brand, set of tags and in-stock state form a group (504
 * groups at 100,000 synthetic products, 613 at a million: catalogues have far fewer combinations
 * than products), and each group keeps its products sorted by price. A filter panel is one pass over the groups, with
 * two binary searches per group for a price range; a list's page walks the sort's order testing
 * each product's group, or gathers the matches and sorts them when they are few. The orders are
 * the database's own (its ranks, read with the snapshot), so pages come out exactly as SQL's.
 * About 120 bytes a product, mostly its id (120 MB at a million).
 */
type Snapshot = GroupColumns<Uint16Array | Uint8Array> & {
  /** Group g's products are at groupStart[g] to groupStart[g + 1] - 1 of prices and members. */
  groupStart: Uint32Array;
  /** Prices ascending within each group. */
  prices: Int32Array;
  /** The product (its ordinal) at each of those positions. */
  members: Uint32Array;
  /** Per product (ordinal): its id, group and price. Ordinals are in A-Z order. */
  ids: string[];
  groupOf: Uint32Array;
  priceOf: Int32Array;
  /** Per sort field: each product's rank, and the products in rank order (ascending). */
  rankOf: Record<SortField, Uint32Array>;
  inOrder: Record<SortField, Uint32Array>;
  /**
   * Per sort field: each group's first and last rank (at 2g and 2g + 1). A walk need not pass
   * the ranks outside its groups' spans: a brand's products sit together in A-Z order, since
   * their names start with the brand, so "Z to A" for Adidas skipped almost the whole catalogue.
   */
  spans: Record<SortField, Uint32Array>;
};

/** Which groups pass the filters other than price, and the price range. */
type Selection = { passes: Uint8Array; low: number; high: number; byPrice: boolean };

/**
 * Keeps a snapshot of the catalogue's filterable facts in step with it, for `counts()` and `page()`.
 *
 * Fresh or nothing: the snapshot answers only when it was read after the last change this server
 * heard of (its own and every other server's, through catalog-changes.ts) and while changes can be
 * heard at all. Otherwise it answers undefined, the caller asks SQL, and a new snapshot is read in
 * the background. Stock changes are the exception (DEFAULT_STOCK_DELAY_MS). The snapshot is read
 * the first time it is asked for, so a server that never shows a list never reads one.
 */
export function createShelfIndex(
  db: Executor,
  options: {
    log?: Pick<FastifyBaseLogger, 'warn'>;
    maxAgeMs?: number;
    stockDelayMs?: number;
    /** Gather pages of this many matches or fewer, walk the others (tests: to have a small catalogue walked). */
    gatherUpTo?: number;
    /** Page every search by relevance by walking the best sellers (firstByWalking; tests). */
    walkSearches?: boolean;
    /** Page a search over the whole shelf from its ranks' tiers from this many matches (firstByTiers; tests: 0). */
    tiersFrom?: number;
    /** Find a page's last tier by walking its best sellers whatever the numbers (firstByTiers; tests). */
    walkTiers?: boolean;
    /**
     * Count an "or"'s patterns from its shorter lists when the matches outnumber their postings
     * this many times (text-index.ts `sparsePatterns`; tests: 0, whenever it applies).
     */
    sparsePatternsOver?: number;
    /** Keep a word's groups for panels from this many products (wordGroups; tests: 0). */
    wordGroupsFrom?: number;
    /** Past the maximum age, ask whether the tables were written at most this often (tests: 0). */
    writesCheckMs?: number;
    /**
     * Where writes are counted when `db` is a read replica (decision 032): the primary, since a
     * standby counts none of the writes it replays.
     */
    writesDb?: Executor;
  } = {},
) {
  const writesDb = options.writesDb ?? db;
  const gatherUpTo = options.gatherUpTo;
  const walkSearches = options.walkSearches ?? false;
  const tiersFrom = options.tiersFrom ?? TIERS_FROM_MATCHES;
  const walkTiers = options.walkTiers ?? false;
  const sparsePatternsOver = options.sparsePatternsOver;
  const wordGroupsFrom = options.wordGroupsFrom ?? WORD_GROUPS_FROM;
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const stockDelayMs = options.stockDelayMs ?? DEFAULT_STOCK_DELAY_MS;
  const writesCheckMs = options.writesCheckMs ?? WRITES_CHECK_MS;
  let snapshot: Snapshot | undefined;
  let readAt = 0;
  /** The tables' write count read just before the snapshot (undefined: not counted, read again). */
  let writesAtRead: string | undefined;
  let checkingWrites: Promise<void> | undefined;
  let writesCheckedAt = 0;
  let lastReadMs = 0;
  /** Bumped on every change heard but stock; a snapshot read under an older one is stale. */
  let generation = 0;
  let snapshotGeneration = -1;
  let hearing = true;
  let building: Promise<void> | undefined;
  let stockTimer: NodeJS.Timeout | undefined;
  let closed = false;
  let wanted = false;
  /**
   * The text index (decision 025), read apart from the snapshot and only when a search asks: it is
   * the biggest read, and stock changes, which make the snapshot read again, do not change it. It
   * answers with a snapshot of the same generation holding the same products in the same order.
   */
  let text: { generation: number; ids: string; index: TextIndex } | undefined;
  let textFits: Snapshot | undefined;
  let readingText: Promise<void> | undefined;

  /**
   * Reads with `read` in the background until what it read is as fresh as the changes heard
   * (read again if one was heard meanwhile), handing each result to `keep` with the generation it
   * was read under; a failure is logged and left for the next ask. Answers the read under way.
   */
  const readFresh = <T>(
    read: () => Promise<T>,
    keep: (value: T, readFor: number, startedAt: number) => void,
    failure: string,
  ): Promise<void> =>
    (async () => {
      try {
        while (!closed) {
          const readFor = generation;
          const startedAt = Date.now();
          const value = await read();
          if (closed) return;
          keep(value, readFor, startedAt);
          if (generation === readFor) return;
        }
      } catch (error) {
        options.log?.warn({ err: error }, failure);
      }
    })();

  const readText = () => {
    if (readingText || closed) return;
    readingText = readFresh(
      () => readTextIndex(db),
      ({ ids, index }, readFor) => {
        text = { generation: readFor, ids, index };
        textFits = undefined;
      },
      'could not read the search vectors for searches; they are read from the database until the next change',
    ).finally(() => {
      readingText = undefined;
    });
  };

  /** The text index when it fits the snapshot, else undefined (and what is missing is read). */
  const textOf = (s: Snapshot): TextIndex | undefined => {
    if (text && text.generation === generation) {
      if (textFits === s) return text.index;
      if (text.ids === fingerprintOf(s)) {
        textFits = s;
        return text.index;
      }
      // Read across a change not heard yet: whichever is older is read again.
      if (snapshotGeneration === generation) build();
    }
    readText();
    return undefined;
  };

  const build = () => {
    if (building || closed) return;
    building = readFresh(
      async () => {
        // Counted before the snapshot is taken, so a write it misses moves the count (shelfWrites).
        const writes = await repository.shelfWrites(writesDb).catch(() => undefined);
        return { next: await readSnapshot(db), writes };
      },
      ({ next, writes }, readFor, startedAt) => {
        snapshot = next;
        writesAtRead = writes;
        readAt = startedAt;
        lastReadMs = Date.now() - startedAt;
        snapshotGeneration = readFor;
      },
      'could not read the catalogue for lists and filters; they are read from the database until the next change',
    ).finally(() => {
      building = undefined;
    });
  };

  /** The snapshot when it may answer, else undefined (and a read is started). */
  const usable = (): Snapshot | undefined => {
    wanted = true;
    if (!hearing) return undefined;
    if (!snapshot || snapshotGeneration !== generation) {
      build();
      return undefined;
    }
    if (Date.now() - readAt > maxAgeMs) readAgainIfWritten();
    return snapshot;
  };

  /** Past the maximum age: reads the snapshot again unless the database counts no write since. */
  const readAgainIfWritten = () => {
    if (building || checkingWrites || closed) return;
    if (writesAtRead === undefined) return build();
    if (Date.now() - writesCheckedAt < writesCheckMs) return;
    writesCheckedAt = Date.now();
    const counted = writesAtRead;
    checkingWrites = repository
      .shelfWrites(writesDb)
      .then(
        (writes) => {
          if (writes !== counted) build();
        },
        () => build(),
      )
      .finally(() => {
        checkingWrites = undefined;
      });
  };

  return {
    /**
     * The filter panel's counts from the snapshot, or undefined when it cannot answer (stale, not
     * read yet, changes not being heard, a search): then count in SQL.
     */
    counts(filters: ResolvedFilters): FacetCounts | undefined {
      if (!indexable(filters)) return undefined;
      const s = usable();
      if (!s) return undefined;
      if (!filters.textQuery) return countFacets(s, filters);
      const index = textOf(s);
      return (
        index && countSearchFacets(s, matchText(index, filters.textQuery), filters, index, wordGroupsFrom)
      );
    },

    /**
     * Whether any product on sale matches a text query, or undefined when the index cannot answer.
     */
    anyMatches(query: TextQuery): boolean | undefined {
      const s = hearing ? usable() : undefined;
      const index = s && textOf(s);
      return index && matchText(index, query).length > 0;
    },

    /**
     * A page of a list: its products' ids in order and the exact number of matches, or undefined
     * when the snapshot cannot answer (as for counts) or the list is a search or sorts by more
     * than one field: then SQL.
     */
    page(
      filters: ResolvedFilters,
      sort: ProductSort[],
      page: number,
      limit: number,
    ): { ids: string[]; total: number } | undefined {
      if (!indexable(filters) || sort.length !== 1) return undefined;
      const [{ field, direction }] = sort as [ProductSort];
      const s = usable();
      if (!s) return undefined;
      if (filters.textQuery) {
        const index = textOf(s);
        if (!index) return undefined;
        const order = field === 'relevance' ? 'relevance' : { field, descending: direction === 'desc' };
        return searchPageOf(s, index, filters.textQuery, filters, order, (page - 1) * limit, limit, {
          walkAlways: walkSearches,
          tiersFrom,
          walkTiers,
          sparsePatternsOver,
        });
      }
      // A list that is not a search has no relevance: newest first, as SQL orders it.
      const [by, descending] =
        field === 'relevance' ? (['createdAt', true] as const) : ([field, direction === 'desc'] as const);
      return pageOf(s, filters, { field: by, descending }, (page - 1) * limit, limit, gatherUpTo);
    },

    /** The catalogue changed (here or on another server): stop answering until read again. */
    changed(kind: 'all' | 'stock') {
      if (kind === 'stock') {
        if (wanted && !stockTimer && !closed) {
          stockTimer = setTimeout(
            () => {
              stockTimer = undefined;
              build();
            },
            Math.max(stockDelayMs, lastReadMs * STOCK_DELAY_READS),
          );
          stockTimer.unref();
        }
        return;
      }
      generation++;
      if (wanted && hearing) build();
    },

    /**
     * Whether this server hears other servers' changes. While it does not, the snapshot could be
     * stale without knowing, so it stands aside; once hearing again, `changed('all')` follows.
     */
    setHearing(value: boolean) {
      hearing = value;
      if (!value) generation++;
    },

    /**
     * Waits for a read or a check of the write count under way, then reads the snapshot now if it
     * is stale and waits for it (tests, and a server warming up).
     */
    async ready(options: { searches?: boolean } = {}): Promise<void> {
      wanted = true;
      await checkingWrites;
      await building;
      if (!snapshot || snapshotGeneration !== generation) {
        build();
        await building;
      }
      if (options.searches && snapshot && !textOf(snapshot)) {
        await readingText;
        textOf(snapshot);
      }
    },

    async close() {
      closed = true;
      clearTimeout(stockTimer);
      await Promise.all([building, readingText, checkingWrites]);
    },
  };
}

export type ShelfIndex = ReturnType<typeof createShelfIndex>;

/** A search the database has not parsed, and names not yet resolved to ids, are SQL's. */
function indexable(filters: ResolvedFilters): boolean {
  if (filters.q && !filters.textQuery) return false;
  return !(
    (filters.brands.length && !filters.brandIds) ||
    (filters.categories.length && !filters.categoryIds)
  );
}

class ChangedWhileRead extends Error {}

async function readSnapshot(db: Executor): Promise<Snapshot> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await readSnapshotOnce(db);
    } catch (error) {
      if (!(error instanceof ChangedWhileRead) || attempt === 3) throw error;
    }
  }
}

async function readSnapshotOnce(db: Executor): Promise<Snapshot> {
  const source = await repository.shelfIndexSource(db);
  const products = source.products;
  const size = products.length;
  const tags = [...new Set(products.flatMap((p) => p.tags))].sort();
  if (tags.length > MAX_TAGS)
    throw new Error(`${tags.length} distinct tags; the shelf index holds ${MAX_TAGS}`);
  if (source.categories.length > 65_535 || source.brands.length > 65_535) {
    throw new Error('more than 65,535 categories or brands');
  }
  const tagBit = new Map(tags.map((tag, n) => [tag, 1 << n]));
  const categoryIndex = new Map(source.categories.map((c, n) => [c.id, n]));
  const brandIndex = new Map(source.brands.map((b, n) => [b.id, n]));

  // Each product's group, by a key of category, brand, tags and stock (49 bits: exact in a double).
  const groupOfKey = new Map<number, number>();
  const keys: number[] = [];
  const groupOf = new Uint32Array(size);
  const priceOf = new Int32Array(size);
  const ids = new Array<string>(size);
  const rankOf = Object.fromEntries(SORT_FIELDS.map((f) => [f, new Uint32Array(size)])) as Record<
    SortField,
    Uint32Array
  >;
  products.forEach((p, n) => {
    const category = categoryIndex.get(p.categoryId);
    const brand = brandIndex.get(p.brandId);
    // Deleted between the two reads, after its products moved: read again.
    if (category === undefined || brand === undefined) throw new ChangedWhileRead();
    let mask = 0;
    for (const tag of p.tags) mask |= tagBit.get(tag)!;
    const key = ((category * 65_536 + brand) * 65_536 + mask) * 2 + (p.inStock ? 1 : 0);
    let group = groupOfKey.get(key);
    if (group === undefined) {
      group = keys.length;
      groupOfKey.set(key, group);
      keys.push(key);
    }
    groupOf[n] = group;
    priceOf[n] = p.pricePaise;
    ids[n] = p.id;
    rankOf.title[n] = n;
    rankOf.price[n] = p.priceRank;
    rankOf.createdAt[n] = p.createdRank;
    rankOf.totalrating[n] = p.ratingRank;
    rankOf.sold[n] = p.soldRank;
  });
  const inOrder = Object.fromEntries(
    SORT_FIELDS.map((field) => {
      const order = new Uint32Array(size);
      const ranks = rankOf[field];
      for (let n = 0; n < size; n++) order[ranks[n]!] = n;
      return [field, order];
    }),
  ) as Record<SortField, Uint32Array>;

  // Each group's products, by price: counted, placed, then sorted within the group.
  const groups = keys.length;
  const groupStart = new Uint32Array(groups + 1);
  for (const group of groupOf) groupStart[group + 1]!++;
  for (let g = 0; g < groups; g++) groupStart[g + 1]! += groupStart[g]!;
  const members = new Uint32Array(size);
  const filled = groupStart.slice(0, groups);
  // Walking products in price order places each group's members already sorted by price.
  for (const n of inOrder.price) members[filled[groupOf[n]!]!++] = n;
  const prices = new Int32Array(size);
  for (let at = 0; at < size; at++) prices[at] = priceOf[members[at]!]!;
  const spans = Object.fromEntries(
    SORT_FIELDS.map((field) => {
      const span = new Uint32Array(groups * 2);
      for (let g = 0; g < groups; g++) span[2 * g] = size;
      const ranks = rankOf[field];
      for (let n = 0; n < size; n++) {
        const g = groupOf[n]!;
        const rank = ranks[n]!;
        if (rank < span[2 * g]!) span[2 * g] = rank;
        if (rank > span[2 * g + 1]!) span[2 * g + 1] = rank;
      }
      return [field, span];
    }),
  ) as Record<SortField, Uint32Array>;

  const snapshot: Snapshot = {
    categories: source.categories,
    brands: source.brands,
    tags,
    categoryIndex,
    brandIndex,
    groupCategory: new Uint16Array(groups),
    groupBrand: new Uint16Array(groups),
    groupTags: new Uint16Array(groups),
    groupInStock: new Uint8Array(groups),
    groupStart,
    prices,
    members,
    ids,
    groupOf,
    priceOf,
    rankOf,
    inOrder,
    spans,
  };
  keys.forEach((key, g) => {
    snapshot.groupInStock[g] = key % 2;
    const rest = Math.floor(key / 2);
    snapshot.groupTags[g] = rest % 65_536;
    snapshot.groupBrand[g] = Math.floor(rest / 65_536) % 65_536;
    snapshot.groupCategory[g] = Math.floor(rest / 65_536 / 65_536);
  });
  return snapshot;
}

/** The first position in prices[from, to) holding at least `value` (prices ascending). */
function firstAtLeast(prices: Int32Array, from: number, to: number, value: number): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (prices[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first position in `order` (price order) whose product costs `value` or more. */
function firstInPriceOrder(order: Uint32Array, priceOf: Int32Array, value: number): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (priceOf[order[middle]!]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Which groups a list's filters let through (price aside), and its price range in whole paise. */
function select(s: Snapshot, filters: ResolvedFilters): Selection {
  const categories = filters.categories.length
    ? chosen(filters.categoryIds, s.categoryIndex, s.categories.length)
    : undefined;
  const brands = filters.brands.length ? chosen(filters.brandIds, s.brandIndex, s.brands.length) : undefined;
  const tagMask = tagMaskOf(s, filters.tags);
  const passes = new Uint8Array(s.groupCategory.length);
  for (let g = 0; g < passes.length; g++) {
    passes[g] =
      (!categories || categories[s.groupCategory[g]!] === 1) &&
      (!brands || brands[s.groupBrand[g]!] === 1) &&
      (filters.tags.length === 0 || (s.groupTags[g]! & tagMask) !== 0) &&
      (filters.availability === undefined ||
        (s.groupInStock[g] === 1) === (filters.availability === 'in-stock'))
        ? 1
        : 0;
  }
  return { passes, ...priceRange(filters) };
}

/**
 * Positions `offset` to `offset + limit - 1` of the matches in the sort's order (ties by id in
 * the sort's direction, as the database's ranks have them), and how many match in all.
 */
function pageOf(
  s: Snapshot,
  filters: ResolvedFilters,
  { field, descending }: { field: SortField; descending: boolean },
  offset: number,
  limit: number,
  gatherUpTo: number | undefined,
): { ids: string[]; total: number } {
  const { passes, low, high, byPrice } = select(s, filters);
  const { groupStart, prices, members } = s;
  const span = s.spans[field];
  let total = 0;
  // The ranks the passing groups' products lie between: a walk starts and stops there.
  let first = s.ids.length;
  let last = 0;
  for (let g = 0; g < passes.length; g++) {
    if (passes[g] === 0) continue;
    const from = groupStart[g]!;
    const to = groupStart[g + 1]!;
    const inRange = byPrice
      ? firstAtLeast(prices, from, to, high + 1) - firstAtLeast(prices, from, to, low)
      : to - from;
    total += inRange;
    if (inRange > 0) {
      first = Math.min(first, span[2 * g]!);
      last = Math.max(last, span[2 * g + 1]!);
    }
  }
  if (offset >= total) return { ids: [], total };
  const ranks = s.rankOf[field];
  let page: number[];
  const walkSteps = ((offset + limit) * (last - first + 1)) / total;
  if (gatherUpTo === undefined ? total * GATHER_STEP_COST <= walkSteps : total <= gatherUpTo) {
    // Few matches: gather them from their groups' price ranges and keep the first offset + limit
    // in the sort's order (sorting all of them cost more than the rest of the request).
    const first = new FirstInOrder(offset + limit, descending ? (n) => -ranks[n]! : (n) => ranks[n]!);
    for (let g = 0; g < passes.length; g++) {
      if (passes[g] === 0) continue;
      const from = groupStart[g]!;
      const to = groupStart[g + 1]!;
      const end = byPrice ? firstAtLeast(prices, from, to, high + 1) : to;
      for (let at = byPrice ? firstAtLeast(prices, from, to, low) : from; at < end; at++)
        first.offer(members[at]!);
    }
    page = first.inOrder().slice(offset);
  } else {
    // Many: walk the sort's order, skipping what does not match, and stop at the page's end.
    const order = s.inOrder[field];
    const { groupOf, priceOf } = s;
    page = [];
    let seen = 0;
    const step = descending ? -1 : 1;
    // In price order a price range is one stretch: start there, not at the cheapest or dearest end.
    let start = descending ? last : first;
    const priceStretch = field === 'price' && byPrice;
    if (priceStretch) {
      const stretch = firstInPriceOrder(order, priceOf, descending ? high + 1 : low);
      start = descending ? Math.min(start, stretch - 1) : Math.max(start, stretch);
    }
    for (let at = start; at >= first && at <= last; at += step) {
      const n = order[at]!;
      if (passes[groupOf[n]!] === 0) continue;
      const price = priceOf[n]!;
      if (price < low || price > high) {
        if (priceStretch) break;
        continue;
      }
      if (seen++ < offset) continue;
      page.push(n);
      if (page.length === limit) break;
    }
  }
  return { ids: page.map((n) => s.ids[n]!), total };
}

/**
 * Vectors are read this many products at a time: no one statement holds a million, and on PGlite,
 * where a statement runs on the server's thread, none holds it up long (20,000: 470 ms at most).
 */
const VECTORS_PER_READ = 5_000;

/** Products whose vectors are added to the text index between two pauses for the event loop. */
const VECTORS_PER_SLICE = 2_000;

/**
 * The text index of every product on sale, read in the snapshot's order, and its products' ids'
 * fingerprint: it answers only with a snapshot of the same products in the same order.
 */
async function readTextIndex(db: Executor): Promise<{ ids: string; index: TextIndex }> {
  const builder = createTextIndexBuilder();
  const ids = createFingerprint();
  let after: { key: string; id: string } | undefined;
  for (;;) {
    const rows = await repository.searchVectorsAfter(db, after, VECTORS_PER_READ);
    for (let i = 0; i < rows.length; i++) {
      builder.add(rows[i]!.vector);
      ids.add(rows[i]!.id);
      if (i % VECTORS_PER_SLICE === VECTORS_PER_SLICE - 1) await new Promise((go) => setImmediate(go));
    }
    if (rows.length < VECTORS_PER_READ) return { ids: ids.value(), index: builder.finish() };
    const last = rows[rows.length - 1]!;
    after = { key: last.key, id: last.id };
  }
}

/**
 * Two 32-bit FNV-1a hashes of a list of ids and its length: equal lists give equal fingerprints,
 * different ones (a product archived or renamed across a change not heard yet) all but surely not,
 * without keeping a second copy of a million ids.
 */
function createFingerprint() {
  let first = 0x811c9dc5;
  let second = 0x01000193;
  let count = 0;
  return {
    add(id: string) {
      for (let i = 0; i < id.length; i++) {
        const code = id.charCodeAt(i);
        first = Math.imul(first ^ code, 16_777_619);
        second = Math.imul(second ^ code, 2_246_822_519);
      }
      first = Math.imul(first ^ 44, 16_777_619);
      second = Math.imul(second ^ 44, 2_246_822_519);
      count++;
    },
    value: () => `${first >>> 0}:${second >>> 0}:${count}`,
  };
}

const fingerprints = new WeakMap<Snapshot, string>();
function fingerprintOf(s: Snapshot): string {
  let value = fingerprints.get(s);
  if (value === undefined) {
    const ids = createFingerprint();
    for (const id of s.ids) ids.add(id);
    value = ids.value();
    fingerprints.set(s, value);
  }
  return value;
}

/** Room below a relevance key for the best-seller rank that breaks ties (4,194,304 products). */
const TIE_ROOM = 2 ** 22;

/**
 * A page of a search's matches passing the other filters: by relevance (best sellers, then the
 * later id, first among equals, as SQL's `sold desc, id desc`) or by a sort's ranks, kept in a
 * heap; and how many pass.
 */
function searchPageOf(
  s: Snapshot,
  index: TextIndex,
  query: TextQuery,
  filters: ResolvedFilters,
  order: 'relevance' | { field: SortField; descending: boolean },
  offset: number,
  limit: number,
  {
    walkAlways,
    tiersFrom,
    walkTiers,
    sparsePatternsOver,
  }: { walkAlways: boolean; tiersFrom: number; walkTiers: boolean; sparsePatternsOver: number | undefined },
): { ids: string[]; total: number } | undefined {
  if (s.ids.length >= TIE_ROOM) return undefined;
  const { passes, low, high, byPrice } = select(s, filters);
  const { groupOf, priceOf } = s;
  // A search with no other filter (the search box's) counts its matches as they are.
  let everyGroup = !byPrice;
  for (let g = 0; everyGroup && g < passes.length; g++) everyGroup = passes[g] === 1;
  const pageOfMatches = (ordinals: Int32Array, keyOf: (i: number) => number) => {
    const first = new FirstInOrder(offset + limit, keyOf);
    let total = 0;
    for (let i = 0; i < ordinals.length; i++) {
      if (!everyGroup) {
        const n = ordinals[i]!;
        if (passes[groupOf[n]!] === 0) continue;
        const price = priceOf[n]!;
        if (price < low || price > high) continue;
      }
      total++;
      // Most matches fall short of the page: turned away on their key alone.
      const key = keyOf(i);
      if (key < first.bar) first.offerKeyed(i, key);
    }
    const ids = first
      .inOrder()
      .slice(offset)
      .map((i) => s.ids[ordinals[i]!]!);
    return { ids, total };
  };
  if (order === 'relevance') {
    const accept = everyGroup
      ? undefined
      : (n: number) => {
          if (passes[groupOf[n]!] === 0) return false;
          const price = priceOf[n]!;
          return price >= low && price <= high;
        };
    const walked = firstByWalking(s, index, query, accept, offset + limit, walkAlways);
    if (walked) return { ids: walked.page.slice(offset).map((n) => s.ids[n]!), total: walked.total };
    return rankText(
      index,
      query,
      (ordinals, ranks, patterns) => {
        // Many matches over the whole shelf: the page is the best ranks' few and one tier's best
        // sellers (fewer, reading them all in one pass is as fast).
        if (patterns && !accept && ordinals.length >= tiersFrom) {
          const list = coveringList(index, query);
          const bestFirst = list && bestSellersOf(s, index, list);
          const page = firstByTiers(
            s,
            ordinals,
            patterns,
            () => matchPositions(index, query),
            offset + limit,
            walkTiers,
            list && bestFirst
              ? { list, bestFirst, patternOver: () => patternOverList(index, query, list) }
              : undefined,
          );
          return { ids: page.slice(offset).map((n) => s.ids[n]!), total: ordinals.length };
        }
        const { page, total } = firstByRank(s, ordinals, ranks(), accept, offset + limit);
        return { ids: page.slice(offset).map((n) => s.ids[n]!), total };
      },
      { sparsePatternsOver },
    );
  }
  const ranks = s.rankOf[order.field];
  const ordinals = matchText(index, query);
  return pageOfMatches(
    ordinals,
    order.descending ? (i) => -ranks[ordinals[i]!]! : (i) => ranks[ordinals[i]!]!,
  );
}

/**
 * The first `k` matches passing `accept` by rank (`ranks[i]` the i-th's), best sellers first among
 * equals, and how many pass: one tight pass, most matches turned away on their rank alone.
 */
function firstByRank(
  s: Snapshot,
  ordinals: Int32Array,
  ranks: Uint32Array,
  accept: ((n: number) => boolean) | undefined,
  k: number,
): { page: number[]; total: number } {
  const sold = s.rankOf.sold;
  const first = new FirstInOrder(k, () => 0);
  // While the page is full, the rank and best-seller rank of its last: a match enters only above.
  let barRank = 0;
  let barSold = -1;
  let total = 0;
  for (let i = 0; i < ordinals.length; i++) {
    const n = ordinals[i]!;
    if (accept && !accept(n)) continue;
    total++;
    const rank = ranks[i]!;
    if (rank < barRank || (rank === barRank && sold[n]! <= barSold)) continue;
    // Exact in a double: the rank's bits are below 2^31, the best-seller rank below 2^22.
    first.offerKeyed(n, -(rank * TIE_ROOM + sold[n]!));
    const bar = first.bar;
    if (bar !== Infinity) {
      barRank = Math.floor(-bar / TIE_ROOM);
      barSold = -bar - barRank * TIE_ROOM;
    }
  }
  return { page: first.inOrder(), total };
}

/** How many lists' best-seller orders a snapshot keeps (`bestSellersOf`): 8 bytes a posting. */
const MOST_BEST_SELLER_ORDERS = 32;
/** How many lists' asks a snapshot counts before it forgets them (`bestSellersOf`). */
const MOST_ASKS_COUNTED = 10_000;
const bestSellerOrders = new WeakMap<
  Snapshot,
  { index: TextIndex; orders: Map<number, BestSellers>; asks: Map<number, number> }
>();

/** A list's positions, best seller first, and the products at them (read in that order, in one place). */
type BestSellers = { positions: Int32Array; products: Int32Array };

/**
 * The positions of one of the index's lists (`coveringList`), best seller first: a walk of the
 * best sellers holding a query's matches then meets only the list's products, a read after the
 * other, instead of every product and, for each, a bit of the matches far from the last ("boat
 * earbuds" at a million: a page of 24 from its tier of 9,278 in about 140 of earbud's products,
 * not 2,600 of the shelf's). Made when a search asks for the list the second time (a sort of
 * the list, or for a long one a pass over the best sellers: up to some 30 ms at a million, so a
 * word searched once never pays it) and kept with the snapshot, whose best-seller ranks it
 * follows, the MOST_BEST_SELLER_ORDERS most recently asked. Undefined until then (the walk goes
 * over every product), and for a search's own array of matches.
 */
function bestSellersOf(s: Snapshot, index: TextIndex, list: Int32Array): BestSellers | undefined {
  if (list.length === 0 || !isIndexList(index, list)) return undefined;
  let kept = bestSellerOrders.get(s);
  if (!kept || kept.index !== index) {
    kept = { index, orders: new Map(), asks: new Map() };
    bestSellerOrders.set(s, kept);
  }
  // A list is where it starts in the index's postings (no two lists start at one place).
  const key = list.byteOffset;
  const found = kept.orders.get(key);
  if (found) {
    // Asked again: now the most recent (a Map keeps its keys in the order they were set).
    kept.orders.delete(key);
    kept.orders.set(key, found);
    return found;
  }
  const asks = (kept.asks.get(key) ?? 0) + 1;
  if (asks < 2) {
    if (kept.asks.size >= MOST_ASKS_COUNTED) kept.asks.clear();
    kept.asks.set(key, asks);
    return undefined;
  }
  kept.asks.delete(key);
  const sold = s.rankOf.sold;
  const size = s.ids.length;
  const m = list.length;
  const order = new Int32Array(m);
  // A sort costs some m log2 m steps, a pass over the best sellers one a product (at a million
  // each step some 6-8 ns: 2 ms to sort 15,000, 29 ms 250,000; 6-12 ms a pass).
  if (m * Math.log2(m + 1) >= size) {
    const bySold = s.inOrder.sold;
    const positionOf = new Int32Array(size);
    for (let i = 0; i < m; i++) positionOf[list[i]!] = i + 1;
    let k = 0;
    for (let at = size - 1; at >= 0 && k < m; at--) {
      const position = positionOf[bySold[at]!]!;
      if (position !== 0) order[k++] = position - 1;
    }
  } else {
    // Best seller first is the highest rank first: keys ascending from the lowest of TIE_ROOM - 1 - rank.
    const keys = new Float64Array(m);
    for (let i = 0; i < m; i++) keys[i] = (TIE_ROOM - 1 - sold[list[i]!]!) * TIE_ROOM + i;
    keys.sort();
    for (let i = 0; i < m; i++) order[i] = keys[i]! % TIE_ROOM;
  }
  const products = new Int32Array(m);
  for (let j = 0; j < m; j++) products[j] = list[order[j]!]!;
  const made = { positions: order, products };
  if (kept.orders.size >= MOST_BEST_SELLER_ORDERS) kept.orders.delete(kept.orders.keys().next().value!);
  kept.orders.set(key, made);
  return made;
}

/**
 * The first `k` matches by rank over the whole shelf, best sellers first among equals, from the
 * matches' few ranks (`patterns`): counted by pattern, the ranks above the page's last are taken
 * whole (fewer than k), and of the last rank's tier only its best sellers, found by walking the
 * best sellers from the top and asking whether each matches at that rank (a bitmap and a count:
 * no binary search), or, for a small tier, by gathering it.
 */
function firstByTiers(
  s: Snapshot,
  ordinals: Int32Array,
  patterns: Patterns,
  positions: () => { has(n: number): boolean; at(n: number): number },
  k: number,
  walkAlways: boolean,
  cover?: {
    list: Int32Array;
    bestFirst: BestSellers;
    /** Where the list holds more than the matches: each one's pattern, if it can be read so. */
    patternOver(): ((i: number, n: number) => number) | undefined;
  },
): number[] {
  const rankOf = patterns.ranks;
  const m = ordinals.length;
  // Each rank held, best first, and how many matches hold it.
  const byRank = new Map<number, number>();
  patterns.counts.forEach((count, pattern) => {
    if (count > 0) {
      const rank = rankOf[pattern]!;
      byRank.set(rank, (byRank.get(rank) ?? 0) + count);
    }
  });
  const held = [...byRank].sort((a, b) => b[0] - a[0]);
  // The last rank the page reaches, and how many matches rank above it.
  let last = held[held.length - 1]?.[0] ?? 0;
  let above = 0;
  let tier = 0;
  for (const [rank, count] of held) {
    if (above + count >= k) {
      last = rank;
      tier = count;
      break;
    }
    above += count;
  }
  if (tier === 0) tier = m - above;
  const sold = s.rankOf.sold;
  const page: number[] = [];
  if (above > 0) {
    // Found in an "or"'s shorter lists where they hold them all, else by a pass over every match.
    const holders = patterns.holders?.((pattern) => rankOf[pattern]! > last);
    if (holders) {
      holders.sort((a, b) => rankOf[b.pattern]! - rankOf[a.pattern]! || sold[b.n]! - sold[a.n]!);
      for (const { n } of holders) page.push(n);
    } else {
      const codes = patterns.codes();
      for (let i = 0; i < m; i++) if (rankOf[codes[i]!]! > last) page.push(i);
      page.sort(
        (a, b) => rankOf[codes[b]!]! - rankOf[codes[a]!]! || sold[ordinals[b]!]! - sold[ordinals[a]!]!,
      );
      for (let p = 0; p < page.length; p++) page[p] = ordinals[page[p]!]!;
    }
  }
  const need = Math.min(k, m) - page.length;
  if (need <= 0) return page;
  // Walking meets the tier's members one in size / tier steps (or, over a list holding every
  // match, its length / tier), a few reads each; gathering reads every match and the best-seller
  // rank of each of the tier's.
  if (cover && (walkAlways || (need * cover.list.length) / tier < m)) {
    const { list, bestFirst } = cover;
    // The list is the matches: its positions are theirs, and no bitmap is asked. Else each
    // product's pattern read from the other lists, or where it stands among the matches.
    let patternAt: (i: number, n: number) => number;
    if (sameView(list, ordinals)) patternAt = patterns.codeOf;
    else {
      const over = cover.patternOver();
      if (over) patternAt = over;
      else {
        const matches = positions();
        patternAt = (_, n) => (matches.has(n) ? patterns.codeOf(matches.at(n), n) : -1);
      }
    }
    walkTier(bestFirst, patternAt, rankOf, last, need, page);
    return page;
  }
  if (walkAlways || (need * s.ids.length) / tier < m) {
    const matches = positions();
    const bySold = s.inOrder.sold;
    let found = 0;
    for (let at = bySold.length - 1; at >= 0 && found < need; at--) {
      const n = bySold[at]!;
      if (matches.has(n) && rankOf[patterns.codeOf(matches.at(n), n)] === last) {
        page.push(n);
        found++;
      }
    }
    return page;
  }
  const first = new FirstInOrder(need, (n) => -sold[n]!);
  const tierHolders = patterns.holders?.((pattern) => rankOf[pattern] === last);
  if (tierHolders) for (const { n } of tierHolders) first.offer(n);
  else {
    const codes = patterns.codes();
    for (let i = 0; i < m; i++) if (rankOf[codes[i]!] === last) first.offer(ordinals[i]!);
  }
  return [...page, ...first.inOrder()];
}

/**
 * Adds to `page` the first `need` products of a list, best seller first, whose pattern (found by
 * `patternAt` from the product's position in the list and its ordinal; -1: not a match) ranks
 * `last`.
 */
function walkTier(
  { positions, products }: BestSellers,
  patternAt: (i: number, n: number) => number,
  rankOf: Uint32Array,
  last: number,
  need: number,
  page: number[],
): void {
  let found = 0;
  for (let j = 0; j < positions.length && found < need; j++) {
    const n = products[j]!;
    const pattern = patternAt(positions[j]!, n);
    if (pattern >= 0 && rankOf[pattern] === last) {
      page.push(n);
      found++;
    }
  }
}

/**
 * The first `k` matches by relevance (best sellers first among equals) found by walking the best
 * sellers from the top, ranking only the matches met, instead of ranking every match: a search
 * that matches many products meets `k` of them after about k x (products / matches) steps
 * ("washing machine" at a million: 24 in some 350 of 1,000,000). That is the page if the k-th
 * holds the best rank a product could have (each of the query's words at its strongest); else a
 * product not yet met could rank higher only by holding some word more strongly than a product
 * already on the page does (ranks are sums: see `Ranker`), and those few postings are ranked too.
 * Undefined when walking would not pay (few matches: ranking them all is cheaper) or takes
 * longer than expected (the filters leave matches rarer among the best sellers): then the caller
 * ranks every match. `always` (tests) walks whatever the numbers.
 */
function firstByWalking(
  s: Snapshot,
  index: TextIndex,
  query: TextQuery,
  accept: ((n: number) => boolean) | undefined,
  k: number,
  always: boolean,
): { page: number[]; total: number } | undefined {
  // The matches are kept for the query (matchText), so asking first costs nothing twice.
  const matches = matchText(index, query);
  if (!always && matches.length < WALK_FROM_MATCHES) return undefined;
  const ranker = createRanker(index, query);
  let total = matches.length;
  if (accept) {
    total = 0;
    for (let i = 0; i < matches.length; i++) if (accept(matches[i]!)) total++;
  }
  if (total === 0 || k <= 0) return { page: [], total };
  // Over a list holding every match, best seller first, where there is one ("camra": camera's
  // 250,576 products, every one a match), else over every product.
  const cover = coveringList(index, query);
  const bestFirst = cover && bestSellersOf(s, index, cover);
  const sold = s.rankOf.sold;
  const bySold = s.inOrder.sold;
  const size = bestFirst ? bestFirst.products.length : bySold.length;
  /** The j-th product the walk meets. */
  const nth = (j: number) => (bestFirst ? bestFirst.products[j]! : bySold[size - 1 - j]!);
  // Over the matches' own list, every product met matches.
  const allMatch = bestFirst !== undefined && cover!.length === matches.length;
  const expected = (k * size) / total;
  if (!always && (total < WALK_FROM_MATCHES || expected > total / WALK_WHEN_MATCHES_OVER_STEPS))
    return undefined;
  // A list some matches lack (a word of an "or") leaves every one of its postings able to outrank
  // the page's products (see cheapestCut): ranking them all is as cheap.
  if (!always && ranker.shortestList < total) return undefined;
  // Walked on until the page holds `k` matches at the best rank a product could have, or until
  // ranking the products that could still beat its k-th costs less than the walk so far (checked
  // at doubling steps), for at most some times the steps expected to meet `k` matches at all.
  const maxSteps = always ? size : WALK_STEPS_OVER_EXPECTED * expected;
  const keyOf = (n: number, rank: number) => -(rank * TIE_ROOM + sold[n]!);
  const first = new FirstInOrder(Math.min(k, total), () => 0);
  const { best } = ranker;
  // Walked from the best seller down; the first `met` products have been met.
  let met = 0;
  let cut: { strengths: Float64Array; postings: number } | undefined;
  for (let steps = 0, checkAt = 0; met < size; steps++) {
    if (first.bar !== Infinity) {
      if (Math.floor(-first.bar / TIE_ROOM) >= best) return { page: first.inOrder(), total };
      if (steps >= checkAt || steps > maxSteps) {
        cut = cheapestCut(ranker, first.inOrder());
        if (cut.postings <= steps || steps > maxSteps) break;
        // Many stronger postings long after the page filled: a word most matches lack ("or").
        // Over a list holding every match each step meets one, and walking on to the most steps
        // (an eighth of the matches at most) costs less than ranking them all: only a walk over
        // every product turns back here.
        if (!always && !bestFirst && steps >= 4 * expected && cut.postings > total / 4) return undefined;
        checkAt = 2 * steps;
      }
    } else if (steps > maxSteps) return undefined;
    const n = nth(met++);
    if (accept && !accept(n)) continue;
    if (allMatch || ranker.has(n)) first.offerKeyed(n, keyOf(n, ranker.rank(n)));
  }
  if (met >= size || !cut) return { page: first.inOrder(), total };
  // A product met was a better seller than the next to meet (every match is in the walk's list).
  const below = sold[nth(met)]!;
  // When even the cheapest cut leaves many (a word most matches lack, as in an "or"), every match
  // is ranked instead.
  if (!always && cut.postings > total / 4) return undefined;
  const strengths = cut.strengths;
  ranker.stronger(strengths, (n, list) => {
    if (sold[n]! > below || (accept && !accept(n)) || !ranker.has(n)) return;
    const rank = ranker.rank(n);
    // Offered once: from the first list it holds more strongly than the cut.
    for (let l = 0; l < list; l++) if (ranker.held[l]! > strengths[l]!) return;
    first.offerKeyed(n, keyOf(n, rank));
  });
  return { page: first.inOrder(), total };
}

/**
 * A product not yet met ranks above the page's k-th only by holding some list more strongly than
 * a cut of strengths that ranks at most the k-th's rank. Of the strengths held by the page's
 * products at that rank, and the cut lowered from the strongest (`cutAtMost`), the one that
 * leaves the fewest postings above it.
 */
function cheapestCut(ranker: Ranker, page: number[]): { strengths: Float64Array; postings: number } {
  const bar = ranker.rank(page[page.length - 1]!);
  let strengths = ranker.cutAtMost(bar);
  let postings = ranker.countStronger(strengths);
  for (const n of page) {
    if (ranker.rank(n) !== bar) continue;
    const stronger = ranker.countStronger(ranker.held);
    if (stronger < postings) {
      postings = stronger;
      strengths = ranker.held.slice();
    }
  }
  return { strengths, postings };
}

/**
 * Walk the best sellers only for this many matches or more: below, ranking them all in one pass
 * (firstByRank) was as fast or faster (in-process, at 100,000 products: 0.25 against 0.33 ms a
 * search on average, 27 November).
 */
const WALK_FROM_MATCHES = 50_000;
/**
 * Page a search over the whole shelf from its ranks' tiers (firstByTiers) from this many matches:
 * below, ranking each match (firstByRank) costs as much. Alternated in one process on the 15 load
 * test searches (60 rounds, 27 November), from 50,000 to 10,000: 0.213 -> 0.166 ms a search at
 * 100,000 products ("camra"'s 25,077 matches 0.38 -> 0.13), 0.536 -> 0.516 at a million. Tiers
 * for every search were slower at a million for 4,000-10,000 matches ("samsung tv 55" 0.39 ->
 * 0.43 ms). Decoupled from WALK_FROM_MATCHES, which it followed until then.
 */
const TIERS_FROM_MATCHES = 10_000;
/** Walk the best sellers when the expected steps are at most matches / this (else rank them all). */
const WALK_WHEN_MATCHES_OVER_STEPS = 8;
/** How many times the steps expected to meet `k` matches a walk may take to meet `k` of the best rank. */
const WALK_STEPS_OVER_EXPECTED = 16;

/** Matches counted by the snapshot's groups: how many fall in the price range, and each group's price span. */
function groupMatches(s: Snapshot, matches: Int32Array, low: number, high: number) {
  const groups = s.groupCategory.length;
  const inRange = new Int32Array(groups);
  const lowest = new Int32Array(groups).fill(2 ** 31 - 1);
  const highest = new Int32Array(groups).fill(-1);
  const { groupOf, priceOf } = s;
  for (const n of matches) {
    const g = groupOf[n]!;
    const price = priceOf[n]!;
    if (price < lowest[g]!) lowest[g] = price;
    if (price > highest[g]!) highest[g] = price;
    if (price >= low && price <= high) inRange[g]!++;
  }
  return { inRange, lowest, highest };
}

/**
 * A word's products by group, for the filter panel of a search whose matches are exactly one
 * word's postings ("camera", and "camra" corrected to it: 250,000 products at a million, a pass
 * of about 1 ms): counted the first time a panel asks and kept beside the snapshot, like the
 * postings' strength counts (a few kilobytes a word: three numbers a group). Not for a price
 * range, which counts within the groups.
 */
const WORD_GROUPS_FROM = 20_000;
const wordGroupsOf = new WeakMap<
  Snapshot,
  { index: TextIndex; words: Map<number, ReturnType<typeof groupMatches>> }
>();
function wordGroups(s: Snapshot, index: TextIndex, postings: Int32Array) {
  let kept = wordGroupsOf.get(s);
  if (kept?.index !== index) {
    kept = { index, words: new Map() };
    wordGroupsOf.set(s, kept);
  }
  const { words } = kept;
  // A word's postings are a view of the text index's one array: where it starts names the word.
  let groups = words.get(postings.byteOffset);
  if (!groups) {
    groups = groupMatches(s, postings, 0, 2 ** 31);
    words.set(postings.byteOffset, groups);
  }
  return groups;
}

/** A search's filter panel: its matches grouped by the snapshot's groups, then counted as a list's. */
function countSearchFacets(
  s: Snapshot,
  matches: Int32Array,
  filters: ResolvedFilters,
  index: TextIndex,
  wordGroupsFrom: number,
): FacetCounts {
  const { low, high, byPrice } = priceRange(filters);
  // Matches that are exactly one word's postings (that word's search, or a search of several
  // whose matches are one word's: listEqualTo) are counted from the word's kept groups.
  const oneWord =
    !byPrice && matches.length >= wordGroupsFrom && filters.textQuery
      ? listEqualTo(index, filters.textQuery, matches)
      : undefined;
  const { inRange, lowest, highest } = oneWord
    ? wordGroups(s, index, oneWord)
    : groupMatches(s, matches, low, high);
  // Groups without matches count nowhere (none in range) and leave the price range alone.
  return countFacetGroups(
    {
      ...s,
      count: s.groupCategory.length,
      inRange: (g) => inRange[g]!,
      lowest: (g) => (highest[g]! < 0 ? Infinity : lowest[g]!),
      highest: (g) => (highest[g]! < 0 ? -Infinity : highest[g]!),
    },
    filters,
  );
}

/**
 * The `size` items with the smallest keys among those offered, in order: a heap with the largest
 * kept key on top, so most items are turned away with one comparison. Keys are distinct (ranks).
 */
export class FirstInOrder {
  private readonly heap: number[] = [];
  private readonly keys: number[] = [];
  constructor(
    private readonly size: number,
    private readonly keyOf: (item: number) => number,
  ) {}

  offer(item: number) {
    this.offerKeyed(item, this.keyOf(item));
  }

  /** The key an item must be below to be kept (Infinity until `size` are kept). */
  get bar(): number {
    return this.heap.length < this.size ? Infinity : this.keys[0]!;
  }

  /** `offer` with the item's key already worked out (the key `keyOf` would give). */
  offerKeyed(item: number, key: number) {
    if (this.size <= 0) return;
    const { heap, keys } = this;
    if (heap.length < this.size) {
      // Sift up from the new leaf.
      let at = heap.length;
      heap.push(item);
      keys.push(key);
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (keys[parent]! >= key) break;
        heap[at] = heap[parent]!;
        keys[at] = keys[parent]!;
        at = parent;
      }
      heap[at] = item;
      keys[at] = key;
      return;
    }
    if (key >= keys[0]!) return;
    // Replace the top and sift down.
    let at = 0;
    const length = heap.length;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= length) break;
      const right = left + 1;
      const larger = right < length && keys[right]! > keys[left]! ? right : left;
      if (keys[larger]! <= key) break;
      heap[at] = heap[larger]!;
      keys[at] = keys[larger]!;
      at = larger;
    }
    heap[at] = item;
    keys[at] = key;
  }

  inOrder(): number[] {
    return this.heap
      .map((item, i) => [item, this.keys[i]!] as const)
      .sort((a, b) => a[1] - b[1])
      .map(([item]) => item);
  }
}

/** The filter panel from the snapshot's groups, each group's price range by binary search. */
function countFacets(s: Snapshot, filters: ResolvedFilters): FacetCounts {
  const { low, high, byPrice } = priceRange(filters);
  const { groupStart, prices } = s;
  return countFacetGroups(
    {
      ...s,
      count: s.groupCategory.length,
      inRange: (g) => {
        const from = groupStart[g]!;
        const to = groupStart[g + 1]!;
        return byPrice
          ? firstAtLeast(prices, from, to, high + 1) - firstAtLeast(prices, from, to, low)
          : to - from;
      },
      lowest: (g) => prices[groupStart[g]!]!,
      highest: (g) => prices[groupStart[g + 1]! - 1]!,
    },
    filters,
  );
}
