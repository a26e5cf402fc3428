import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ChannelSubscription } from '../../db/channel-listener.js';
import type { DatabaseHandle, Executor } from '../../db/client.js';
import type { CatalogChange } from '../catalog-search/index.js';

/**
 * How app servers sharing one database tell each other that the catalogue changed, so each can
 * forget its cached catalogue reads at once instead of after CATALOG_CACHE_SECONDS (decision
 * 015): a NOTIFY on this channel, sent after the change committed, heard by every server's LISTEN.
 */
export const CATALOG_CHANGED_CHANNEL = 'catalog_changed';

/** A payload this version does not know means more than it can tell, so everything goes. */
export function parseCatalogChange(payload: string): CatalogChange {
  return payload === 'stock' ? 'stock' : 'all';
}

/**
 * Tells every app server (this one too) that the catalogue changed. Send it after the change
 * committed: a server hearing it re-reads at once and must find the new rows. Operators who edit
 * the catalogue in SQL can do the same: `NOTIFY catalog_changed, 'all'`.
 */
export async function announceCatalogChange(db: Executor, change: CatalogChange): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOG_CHANGED_CHANNEL}, ${change})`);
}

/**
 * Makes `catalog` forget what each announced change makes stale, for as long as the app runs.
 * While the connection is down the cache still expires on its own; once it is back, everything
 * goes, since the announcements sent meanwhile were lost.
 */
export async function followCatalogChanges(deps: {
  database: Pick<DatabaseHandle, 'listen'>;
  catalog: { forget(change: CatalogChange): void; setHearingChanges(hearing: boolean): void };
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'debug'>;
}): Promise<ChannelSubscription> {
  const { catalog, log } = deps;
  let down = false;
  return deps.database.listen(CATALOG_CHANGED_CHANNEL, {
    onNotification: (payload) => catalog.forget(parseCatalogChange(payload)),
    onListening() {
      catalog.setHearingChanges(true);
      catalog.forget('all');
      if (down) log.info({}, 'listening for catalogue changes again; the catalogue cache was cleared');
      down = false;
    },
    onConnectionLost(error, retryInMs) {
      catalog.setHearingChanges(false);
      // Once per outage at warn; the retries after it would only repeat the line.
      if (!down) {
        log.warn(
          { err: error, retryInMs },
          'lost the connection that hears catalogue changes; edits on other servers show within CATALOG_CACHE_SECONDS until it is back',
        );
      } else {
        log.debug({ err: error, retryInMs }, 'catalogue change listener: still reconnecting');
      }
      down = true;
    },
  });
}
