import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ShopMetrics } from '../lib/metrics.js';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Headers a proxy adds: a request carrying one came through a proxy, whatever its socket says. */
const proxyHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'];

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics in Prometheus' text format. Answered to a direct loopback connection (a scraper on
 * the same machine) and otherwise only with `Authorization: Bearer $METRICS_TOKEN`; without a token
 * set, nobody else may read it. Route names, counts and latencies tell an outsider more about the
 * shop than it should. Called on the root instance (not registered as a plugin), so the timing
 * hook sees every route.
 */
export function registerMetrics(app: FastifyInstance, options: { metrics: ShopMetrics; token?: string }) {
  const { metrics, token } = options;
  // Every answer's route pattern (never the raw URL: ids and slugs would make a series each),
  // status and time.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requests.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const direct =
      loopback.has(request.socket.remoteAddress ?? '') &&
      !proxyHeaders.some((name) => name in request.headers);
    if (!direct) {
      if (!token) {
        return reply.status(403).send({
          message:
            'Metrics are answered only on this machine. Set METRICS_TOKEN to read them from elsewhere.',
        });
      }
      const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (!given || !timingSafeEqual(digest(given), digest(token))) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ message: 'Send Authorization: Bearer <METRICS_TOKEN> to read the metrics.' });
      }
    }
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
