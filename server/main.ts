import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseUnavailableError, openDatabase } from './db/client.js';
import { createBucketStorage, MediaStoreError } from './modules/media/index.js';
import { ensureFirstOwner } from './modules/staff/index.js';

export type StartOptions = {
  /** Seed the demo catalogue when the database has no products yet (the quick start). */
  seedIfEmpty?: boolean;
};

/**
 * Starts the shop: validate config, open and migrate the database, optionally seed, listen, and
 * shut down cleanly on SIGTERM/SIGINT (in-flight requests finish, then the database closes so an
 * embedded PGlite is never left half-written).
 */
export async function startServer(options: StartOptions = {}) {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, readReplicas: config.readReplicas }
      : { pgliteDir: config.pgliteDir },
  );
  await database.migrate();
  if (options.seedIfEmpty) {
    const { seedDemoIfEmpty } = await import('./db/seed/demo-seed.js');
    const bucket = config.mediaStorage.kind === 's3' ? createBucketStorage(config.mediaStorage) : undefined;
    try {
      await seedDemoIfEmpty(database.db, {
        dataDir: config.dataDir,
        log: (line) => console.log(line),
        bucket,
      });
    } finally {
      bucket?.close();
    }
  }
  // PGlite has no autovacuum: statistics at start (seconds at 100,000 products) and every six hours.
  await database.refreshStatistics();
  const statistics = setInterval(() => void database.refreshStatistics().catch(() => {}), 6 * 60 * 60 * 1000);
  statistics.unref();
  const app = await buildApp({ config, database, web: true, warmUp: true });
  await ensureFirstOwner({
    config,
    db: database.db,
    staff: app.services.staff,
    demo: Boolean(options.seedIfEmpty),
    log: (line) => app.log.info(line),
  });
  const pictures = app.services.media.storage;
  if (pictures.kind === 's3') {
    app.log.info(
      config.mediaFromBucketThroughShop
        ? `Pictures are in ${pictures.describe()}; shoppers get them through this server at /media/ (set MEDIA_URL to a CDN in front of the bucket to take that traffic off the app servers)`
        : `Pictures are in ${pictures.describe()}; shoppers get them from ${config.mediaUrl}`,
    );
  }
  if (config.testModeBanner) {
    app.log.warn(
      `PAYMENT_PROVIDER=test on the public address ${config.publicUrl}: the test gateway takes no real payments (every page says so); set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET to sell`,
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      // A second Ctrl-C means "now": still try to flush the database first.
      await database.close().catch(() => {});
      process.exit(1);
    }
    stopping = true;
    clearInterval(statistics);
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      await database.close();
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Listening already (/healthz answers, /readyz says "warming"), ready once the catalogue is read.
  await app.warmedUp;
  app.log.info(`Shop ready at ${config.publicUrl} (database: ${database.kind})`);
  return app;
}

/** Turns the expected start-up failures into one line on stderr instead of a stack dump. */
export async function runMain(options: StartOptions) {
  try {
    await startServer(options);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DatabaseUnavailableError) {
      console.error(error.message);
    } else if (error instanceof MediaStoreError) {
      console.error(`The demo's pictures could not be copied to the bucket: ${error.reason}.`);
    } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`Port already in use: ${(error as Error).message}. Set PORT to a free port.`);
    } else {
      console.error('The shop could not start:', error);
    }
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runMain({ seedIfEmpty: process.argv.includes('--seed-if-empty') });
}
