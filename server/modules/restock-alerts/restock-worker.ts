import type { FastifyBaseLogger } from 'fastify';
import type { ChannelSubscription } from '../../db/channel-listener.js';
import type { DatabaseHandle } from '../../db/client.js';
import { CATALOG_CHANGED_CHANNEL } from '../catalog/index.js';
import type { RestockPassResult } from './restock-pass.js';

/** A stock change is followed by a pass this soon (changes in a burst, an import's, make one pass). */
const SETTLE_MS = 300;
/** Another server's pass holds the lock: try again this soon rather than wait for the sweep. */
const BUSY_RETRY_MS = 2_000;

/**
 * Runs back-in-stock passes when the catalogue announces a change (every stock-changing write
 * announces one after it commits: staff edits, imports, cancellations and returns putting stock
 * back), and every `pollSeconds` as the safety net for announcements lost while the listener was
 * down. Passes never overlap on one server; the advisory lock keeps servers from overlapping.
 */
export async function startRestockWorker(deps: {
  database: Pick<DatabaseHandle, 'listen'>;
  pass: () => Promise<RestockPassResult>;
  pollSeconds: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): Promise<{ close(): Promise<void> }> {
  let closed = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const schedule = (ms: number) => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void run();
    }, ms);
    timer.unref();
  };

  async function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        const result = await deps.pass();
        if (result.busy) schedule(BUSY_RETRY_MS);
      } catch (error) {
        deps.log.warn({ err: error }, 'back-in-stock pass failed; the next one will retry');
      }
    })();
    await running;
    running = undefined;
    if (again && !closed) {
      again = false;
      schedule(SETTLE_MS);
    }
  }

  let subscription: ChannelSubscription | undefined;
  subscription = await deps.database.listen(CATALOG_CHANGED_CHANNEL, {
    onNotification: () => schedule(SETTLE_MS),
    // Changes announced while not listening were lost: look once now.
    onListening: () => schedule(SETTLE_MS),
  });
  const sweep = setInterval(() => void run(), deps.pollSeconds * 1000);
  sweep.unref();

  return {
    async close() {
      closed = true;
      clearInterval(sweep);
      if (timer) clearTimeout(timer);
      await subscription?.close();
      subscription = undefined;
      await running;
    },
  };
}
