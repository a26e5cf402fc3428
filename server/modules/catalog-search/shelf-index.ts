/**
 * The shelf index (decision 023): each server's in-memory snapshot of the products on sale, kept
 * in step with the catalogue's changes, answering list pages and filter panels (not searches:
 * product-search.ts, decision 040), or standing aside (undefined) for SQL to answer. This file
 * keeps it fresh; the rest is in:
 *   shelf-snapshot.ts      the snapshot (products grouped by facets, ranks per sort), read from SQL
 *   shelf-pages.ts         a list's page, walked in the sort's order or gathered from its groups
 *   shelf-counts.ts        a list's filter panel
 */

import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.js';
import type { CatalogChange } from './catalog-change.js';
import type { FacetCounts } from './facet-counts.repository.js';
import type { ProductSort } from './product-query.js';
import { countFacets } from './shelf-counts.js';
import type { ResolvedFilters } from './shelf-filters.repository.js';
import { pageOf } from './shelf-pages.js';
import { readSnapshot, type Snapshot } from './shelf-snapshot.js';
import { shelfWrites } from './shelf-source.repository.js';

export { FirstInOrder } from './shelf-pages.js';

/**
 * A snapshot is read again after this long even when no change was heard: a safety net for a
 * change made in SQL without `NOTIFY catalog_changed` (catalog/catalog-changes.ts). Answers go on meanwhile.
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

type ShelfIndexOptions = {
  log?: Pick<FastifyBaseLogger, 'warn'>;
  maxAgeMs?: number;
  stockDelayMs?: number;
  /** Gather pages of this many matches or fewer, walk the others (tests: to have a small catalogue walked). */
  gatherUpTo?: number;
  /** Past the maximum age, ask whether the tables were written at most this often (tests: 0). */
  writesCheckMs?: number;
  /**
   * Where writes are counted when `db` is a read replica (decision 032): the primary, since a
   * standby counts none of the writes it replays.
   */
  writesDb?: Executor;
};

/** A shelf index's settings, what it has read, and the reads under way. */
type ShelfState = {
  db: Executor;
  log: Pick<FastifyBaseLogger, 'warn'> | undefined;
  writesDb: Executor;
  gatherUpTo: number | undefined;
  maxAgeMs: number;
  stockDelayMs: number;
  writesCheckMs: number;
  snapshot: Snapshot | undefined;
  readAt: number;
  /** The tables' write count read just before the snapshot (undefined: not counted, read again). */
  writesAtRead: string | undefined;
  checkingWrites: Promise<void> | undefined;
  writesCheckedAt: number;
  lastReadMs: number;
  /** Bumped on every change heard but stock; a snapshot read under an older one is stale. */
  generation: number;
  snapshotGeneration: number;
  hearing: boolean;
  building: Promise<void> | undefined;
  stockTimer: NodeJS.Timeout | undefined;
  closed: boolean;
  wanted: boolean;
};

function shelfState(db: Executor, options: ShelfIndexOptions): ShelfState {
  return {
    db,
    log: options.log,
    writesDb: options.writesDb ?? db,
    gatherUpTo: options.gatherUpTo,
    maxAgeMs: options.maxAgeMs ?? DEFAULT_MAX_AGE_MS,
    stockDelayMs: options.stockDelayMs ?? DEFAULT_STOCK_DELAY_MS,
    writesCheckMs: options.writesCheckMs ?? WRITES_CHECK_MS,
    snapshot: undefined,
    readAt: 0,
    writesAtRead: undefined,
    checkingWrites: undefined,
    writesCheckedAt: 0,
    lastReadMs: 0,
    generation: 0,
    snapshotGeneration: -1,
    hearing: true,
    building: undefined,
    stockTimer: undefined,
    closed: false,
    wanted: false,
  };
}

/**
 * Reads with `read` in the background until what it read is as fresh as the changes heard
 * (read again if one was heard meanwhile), handing each result to `keep` with the generation it
 * was read under; a failure is logged and left for the next ask. Answers the read under way.
 */
function readFresh<T>(
  state: ShelfState,
  read: () => Promise<T>,
  keep: (value: T, readFor: number, startedAt: number) => void,
  failure: string,
): Promise<void> {
  return (async () => {
    try {
      while (!state.closed) {
        const readFor = state.generation;
        const startedAt = Date.now();
        const value = await read();
        if (state.closed) return;
        keep(value, readFor, startedAt);
        if (state.generation === readFor) return;
      }
    } catch (error) {
      state.log?.warn({ err: error }, failure);
    }
  })();
}

function build(state: ShelfState): void {
  if (state.building || state.closed) return;
  state.building = readFresh(
    state,
    async () => {
      // Counted before the snapshot is taken, so a write it misses moves the count (shelfWrites).
      const writes = await shelfWrites(state.writesDb).catch(() => undefined);
      return { next: await readSnapshot(state.db), writes };
    },
    ({ next, writes }, readFor, startedAt) => {
      state.snapshot = next;
      state.writesAtRead = writes;
      state.readAt = startedAt;
      state.lastReadMs = Date.now() - startedAt;
      state.snapshotGeneration = readFor;
    },
    'could not read the catalogue for lists and filters; they are read from the database until the next change',
  ).finally(() => {
    state.building = undefined;
  });
}

/** The snapshot when it may answer, else undefined (and a read is started). */
function usable(state: ShelfState): Snapshot | undefined {
  state.wanted = true;
  if (!state.hearing) return undefined;
  if (!state.snapshot || state.snapshotGeneration !== state.generation) {
    build(state);
    return undefined;
  }
  if (Date.now() - state.readAt > state.maxAgeMs) readAgainIfWritten(state);
  return state.snapshot;
}

/** Past the maximum age: reads the snapshot again unless the database counts no write since. */
function readAgainIfWritten(state: ShelfState) {
  if (state.building || state.checkingWrites || state.closed) return;
  if (state.writesAtRead === undefined) return build(state);
  if (Date.now() - state.writesCheckedAt < state.writesCheckMs) return;
  state.writesCheckedAt = Date.now();
  const counted = state.writesAtRead;
  state.checkingWrites = shelfWrites(state.writesDb)
    .then(
      (writes) => {
        if (writes !== counted) build(state);
      },
      () => build(state),
    )
    .finally(() => {
      state.checkingWrites = undefined;
    });
}

/**
 * Keeps a snapshot of the catalogue's filterable facts in step with it, for `counts()` and `page()`.
 *
 * Fresh or nothing: the snapshot answers only when it was read after the last change this server
 * heard of (its own and every other server's, through catalog/catalog-changes.ts) and while changes can be
 * heard at all. Otherwise it answers undefined, the caller asks SQL, and a new snapshot is read in
 * the background. Stock changes are the exception (DEFAULT_STOCK_DELAY_MS). The snapshot is read
 * the first time it is asked for, so a server that never shows a list never reads one.
 */
export function createShelfIndex(db: Executor, options: ShelfIndexOptions = {}) {
  const state = shelfState(db, options);
  return {
    /**
     * The filter panel's counts from the snapshot, or undefined when it cannot answer (stale, not
     * read yet, changes not being heard, a search): then count in SQL.
     */
    counts(filters: ResolvedFilters): FacetCounts | undefined {
      if (!indexable(filters)) return undefined;
      const s = usable(state);
      if (!s) return undefined;
      return countFacets(s, filters);
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
      const s = usable(state);
      if (!s) return undefined;
      // A list that is not a search has no relevance: newest first, as SQL orders it.
      const [by, descending] =
        field === 'relevance' ? (['createdAt', true] as const) : ([field, direction === 'desc'] as const);
      return pageOf(s, filters, { field: by, descending }, (page - 1) * limit, limit, state.gatherUpTo);
    },

    /** The catalogue changed (here or on another server): stop answering until read again. */
    changed(kind: CatalogChange) {
      if (kind === 'stock') {
        if (state.wanted && !state.stockTimer && !state.closed) {
          state.stockTimer = setTimeout(
            () => {
              state.stockTimer = undefined;
              build(state);
            },
            Math.max(state.stockDelayMs, state.lastReadMs * STOCK_DELAY_READS),
          );
          state.stockTimer.unref();
        }
        return;
      }
      state.generation++;
      if (state.wanted && state.hearing) build(state);
    },

    /**
     * Whether this server hears other servers' changes. While it does not, the snapshot could be
     * stale without knowing, so it stands aside; once hearing again, `changed('all')` follows.
     */
    setHearing(value: boolean) {
      state.hearing = value;
      if (!value) state.generation++;
    },

    /**
     * Waits for a read or a check of the write count under way, then reads the snapshot now if it
     * is stale and waits for it (tests, and a server warming up).
     */
    async ready(): Promise<void> {
      state.wanted = true;
      await state.checkingWrites;
      await state.building;
      if (!state.snapshot || state.snapshotGeneration !== state.generation) {
        build(state);
        await state.building;
      }
    },

    async close() {
      state.closed = true;
      clearTimeout(state.stockTimer);
      await Promise.all([state.building, state.checkingWrites]);
    },
  };
}

export type ShelfIndex = ReturnType<typeof createShelfIndex>;

/** A search is product-search.ts's; names not yet resolved to ids are SQL's. */
function indexable(filters: ResolvedFilters): boolean {
  if (filters.q) return false;
  return !(
    (filters.brands.length && !filters.brandIds) ||
    (filters.categories.length && !filters.categoryIds)
  );
}
