import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import helmet from 'helmet';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { createMetrics, type ShopMetrics } from './lib/metrics.js';
import { createReadiness } from './lib/readiness.js';
import { connectRedis } from './lib/redis.js';
import { apiRoutes } from './modules/api.routes.js';
import { followCatalogChanges } from './modules/catalog/index.js';
import { testGatewayAssetRoutes } from './modules/payments/index.js';
import { startRestockWorker } from './modules/restock-alerts/index.js';
import { sitemapRoutes } from './modules/seo/index.js';
import { registerApiDocumentCollector } from './plugins/api-reference.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { healthRoutes } from './plugins/health.routes.js';
import { registerMetrics } from './plugins/metrics.routes.js';
import { registerPrivateAnswers } from './plugins/private-answers.js';
import { createServices, type Services } from './services.js';
import { webRoutes } from './web/web.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Settles once the server has warmed up (at once without `warmUp`); /readyz says 503 until then. */
    warmedUp: Promise<void>;
  }
}

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Serve the built storefront (dist/). Off for API tests. */
  web?: boolean;
  /**
   * Read the catalogue's lists and search index into memory before /readyz says ready, so a new
   * server's first shoppers are not answered from SQL behind a queue. Servers that take traffic
   * warm up; API tests do not.
   */
  warmUp?: boolean;
  logger?: boolean;
};

/**
 * Builds the whole server without listening, so tests drive it with `inject` against a real
 * database and main.ts only adds the socket and signals.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = createFastify(options);
  registerErrorHandler(app);
  registerPrivateAnswers(app);
  registerSecurityHeaders(app, config);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await registerRateLimits(app, config);
  // Before any route, so the API reference sees each /api route as it is registered.
  await registerApiDocumentCollector(app, config.publicUrl);
  const readiness = createReadiness(app.log);
  await app.register(healthRoutes, { database, readiness });
  const metrics = registerObservability(app, options);
  const services = await startServices(app, options, metrics);
  app.decorate(
    'warmedUp',
    options.warmUp ? readiness.wait('catalogue', services.catalog.warmUp()) : Promise.resolve(),
  );
  await app.register(apiRoutes, { prefix: '/api', config, services });
  if (services.testGateway) {
    await app.register(testGatewayAssetRoutes, { prefix: '/pay', corsOrigins: config.corsOrigins });
  }
  await app.register(sitemapRoutes, { sitemap: services.sitemap });
  schedulePeriodicJobs(app, config, services);
  if (options.web) await app.register(webRoutes, { config, mediaStorage: services.media.storage });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
      requestId: request.id,
    });
  });

  return app;
}

function createFastify(options: AppOptions): FastifyInstance {
  const { config } = options;
  return Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Unique across app servers (Fastify's default counts from 1 in each process); every log line
    // of the request carries it as reqId, and the answer as X-Request-Id.
    genReqId: () => randomUUID(),
    // Tests make thousands of requests; their per-request log lines would drown real failures.
    logController: new LogController({ disableRequestLogging: config.env === 'test' }),
  });
}

/**
 * Security headers, worked out once: @fastify/helmet rebuilt the whole policy on every request,
 * and even helmet's chain of a dozen middlewares was 8% of a list page's time. None of them
 * depends on the request, so what helmet sets is recorded once and set as it is.
 */
function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const servesHttps = config.publicUrl.startsWith('https:');
  const securityHeaders = headersSetBy(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(config.razorpay ? ['https://checkout.razorpay.com'] : [])],
          styleSrc: ["'self'"],
          // React's style={{...}} (stock bars, zoom) sets attributes, not inline <style> blocks.
          styleSrcAttr: ["'unsafe-inline'"],
          // Product and blog pictures come from PUBLIC_URL/media or a CDN (MEDIA_URL), absolute in API
          // answers: their origins, in case the page was reached by another name. Razorpay's checkout
          // shows bank and wallet logos from its CDN.
          imgSrc: [
            "'self'",
            'data:',
            'blob:',
            ...new Set([new URL(config.publicUrl).origin, new URL(config.mediaUrl).origin]),
            ...(config.razorpay ? ['https://cdn.razorpay.com'] : []),
          ],
          fontSrc: ["'self'"],
          connectSrc: [
            "'self'",
            ...(config.razorpay ? ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'] : []),
          ],
          frameSrc: [
            "'self'",
            'https://www.google.com',
            ...(config.razorpay ? ['https://api.razorpay.com', 'https://checkout.razorpay.com'] : []),
          ],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          // Only behind HTTPS: on http://localhost it would send the browser to https and break every asset.
          ...(servesHttps ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      hsts: servesHttps,
    }),
  );
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done();
  });
}

/**
 * Limits are opted into per route (login, register, enquiry...); nothing global. With several app
 * servers the counters must be shared, or each server would grant the full allowance: Redis.
 */
async function registerRateLimits(app: FastifyInstance, config: Config) {
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis unavailable; rate limits skipped'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'bharat-bazaar:rate-limit:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
}

/** /metrics, and a log line whenever a read replica starts or stops taking reads. */
function registerObservability(app: FastifyInstance, { config, database }: AppOptions): ShopMetrics {
  const metrics = createMetrics({ poolStats: database.poolStats, readReplicas: database.reads.stats });
  registerMetrics(app, { metrics, token: config.metricsToken });
  database.reads.onReplicaChange?.(({ replica, detail }) => {
    const which = { replica: replica.replica, host: replica.host };
    if (replica.status === 'in-use')
      app.log.info(which, `read replica ${replica.replica} takes reads: ${detail}`);
    else app.log.warn(which, `read replica ${replica.replica} skipped (${replica.reason}): ${detail}`);
  });
  return metrics;
}

/** Every module's service, decorated onto the app, with the workers and listeners that close with it. */
async function startServices(app: FastifyInstance, { config, database }: AppOptions, metrics: ShopMetrics) {
  const services = await createServices({
    config,
    db: database.db,
    reads: database.reads,
    log: app.log,
    metrics,
  });
  app.decorate('services', services);
  // The e-mail outbox's worker (decision 019); on close it sends what is due once more and stops
  // before the database closes. What still waits stays in the outbox for the next start.
  await services.emailOutbox.start(database);
  app.addHook('onClose', async () => services.emailOutbox.close());
  // The SMS and WhatsApp outbox's worker, started and stopped the same way (decision 054).
  await services.messaging.worker.start(database);
  app.addHook('onClose', async () => services.messaging.worker.close());
  // Catalogue changes announced by any app server empty this one's catalogue cache (decision 015)
  // and make its shelf index read the catalogue again (decision 023), so it listens with the cache
  // off too.
  const catalogChanges = await followCatalogChanges({ database, catalog: services.catalog, log: app.log });
  app.addHook('onClose', async () => catalogChanges.close());
  // Back-in-stock alerts: a pass after every announced stock change, and a sweep (decision 056).
  if (config.restockAlertPollSeconds > 0) {
    const restockWorker = await startRestockWorker({
      database,
      pass: () => services.restockAlerts.pass(),
      pollSeconds: config.restockAlertPollSeconds,
      log: app.log,
    });
    app.addHook('onClose', async () => restockWorker.close());
  }
  app.addHook('onClose', async () => services.media.storage.close());
  // A change made just before shutdown still reaches the other servers.
  app.addHook('onClose', async () => {
    await services.catalog.flushAnnouncements();
    await services.catalog.close();
  });
  return services;
}

function schedulePeriodicJobs(app: FastifyInstance, config: Config, services: Services) {
  // Payments and refunds to settle, and cash-on-delivery orders never confirmed in time to lapse.
  scheduleReconciliation(app, 'reconciliation', config.reconcileIntervalSeconds, async () => {
    await services.settlement.reconcile();
    await services.cashOnDelivery.lapseUnconfirmed();
  });
  // Parcels whose booking answer was lost booked again; parcels quiet for hours tracked by polling.
  scheduleReconciliation(app, 'shipment reconciliation', config.reconcileIntervalSeconds, () =>
    services.shipmentReconciliation.reconcile(),
  );
  // Inactive accounts warned and erased, erased customers' orders past their retention.
  // Hourly is plenty for periods counted in years and a 48-hour warning.
  scheduleReconciliation(app, 'data retention', config.reconcileIntervalSeconds > 0 ? 3600 : 0, () =>
    services.accountErasure.runRetention(),
  );
  // Wishlisted prices compared, and carts left alone reminded of (decision 057); either sweep
  // decides nothing in the quiet hours. A cart is looked at every 5 minutes at most.
  const reminders = config.reconcileIntervalSeconds > 0 ? config.reminders : undefined;
  scheduleReconciliation(app, 'price drops', (reminders?.priceDropPollMinutes ?? 0) * 60, () =>
    services.reminders.sweepPriceDrops(),
  );
  const cartMinutes = Math.min(reminders?.cartReminderMinutes ?? 0, 5);
  scheduleReconciliation(app, 'cart reminders', cartMinutes * 60, () => services.reminders.sweepCarts());
  // Files in the bucket left by uploads that failed half-way while the bucket was failing too.
  scheduleReconciliation(app, 'picture clean-up', config.reconcileIntervalSeconds > 0 ? 3600 : 0, () =>
    services.media.sweepOrphans(),
  );
}

/** Runs a periodic job (settling checkouts whose browser and webhook never arrived...); stops with the server. */
function scheduleReconciliation(
  app: FastifyInstance,
  label: string,
  seconds: number,
  reconcile: () => Promise<unknown>,
) {
  if (seconds <= 0) return;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await reconcile();
    } catch (error) {
      app.log.warn({ err: error }, `${label} failed; will retry`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, seconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/** The headers a middleware that only sets headers (helmet's) sets on a response. */
function headersSetBy(
  middleware: (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void,
): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('the security headers middleware did not finish at once');
  return [...headers];
}
