import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { compactFacetCounts } from './facet-counts.repository.js';
import { refreshSearchTiers } from './product-search.repository.js';
import * as repository from './search-vocabulary.repository.js';

/** After a catalogue change, wait this long for more before rebuilding (an import makes many). */
const DEFAULT_REFRESH_DELAY_MS = 5_000;
/** Best sellers move with orders, which do not rebuild it: refresh at least this often. */
const DEFAULT_REFRESH_EVERY_MS = 60 * 60 * 1000;

/**
 * Rebuilds the search vocabulary, sets the products' search tiers from their sales (decision 040)
 * and sums up the facet counts' +n/-n rows: what the seed runs after loading products, and the
 * background refresh below. The server that rebuilt the vocabulary sets the tiers.
 */
export async function refreshCatalogSummaries(db: Database): Promise<void> {
  if (await repository.rebuildSearchVocabulary(db)) await refreshSearchTiers(db);
  await compactFacetCounts(db);
}

/**
 * Keeps the search vocabulary (decision 016) in step with the catalogue: built on first use when
 * empty (a new shop, a fresh seed), rebuilt a few seconds after catalogue changes, and hourly.
 * Rebuilding reads every product on sale (about 2 s at a million on PostgreSQL), which is why it
 * runs in the background and not on a shopper's request.
 */
export function createSearchVocabulary(
  db: Database,
  options: {
    refreshDelayMs?: number;
    refreshEveryMs?: number;
    log?: Pick<FastifyBaseLogger, 'warn'>;
    /** After each rebuild here (words are looked up again). */
    onRebuilt?: () => Promise<void>;
  } = {},
) {
  let ready: Promise<void> | undefined;
  let pending: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let runAgain = false;
  let closed = false;

  const rebuild = async (): Promise<void> => {
    if (running) {
      runAgain = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          runAgain = false;
          await refreshCatalogSummaries(db);
          await options.onRebuilt?.();
        } while (runAgain && !closed);
      } catch (error) {
        options.log?.warn(
          { err: error },
          'could not rebuild the search vocabulary; the last one stays in use',
        );
      } finally {
        running = undefined;
      }
    })();
    return running;
  };

  const periodic = setInterval(() => void rebuild(), options.refreshEveryMs ?? DEFAULT_REFRESH_EVERY_MS);
  periodic.unref();

  return {
    /** Resolves once the vocabulary has words (building it now if it has none). */
    ensureReady(): Promise<void> {
      ready ??= repository.isSearchVocabularyEmpty(db).then(
        (empty) => (empty ? rebuild() : undefined),
        (error) => {
          ready = undefined;
          throw error;
        },
      );
      return ready;
    },

    /** A catalogue change: rebuild once the changes stop coming for a moment. */
    refreshSoon() {
      if (closed) return;
      if (pending) clearTimeout(pending);
      pending = setTimeout(() => {
        pending = undefined;
        void rebuild();
      }, options.refreshDelayMs ?? DEFAULT_REFRESH_DELAY_MS);
      pending.unref();
    },

    /** Rebuilds now (the seed, tests, a console action). */
    refreshNow: rebuild,

    /** Stops the timers and waits for a rebuild under way; call before closing the database. */
    async close() {
      closed = true;
      clearInterval(periodic);
      if (pending) clearTimeout(pending);
      await running;
    },
  };
}

export type SearchVocabulary = ReturnType<typeof createSearchVocabulary>;
