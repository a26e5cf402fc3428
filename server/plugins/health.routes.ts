import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';
import type { Readiness } from '../lib/readiness.js';

/**
 * Liveness says the process answers; readiness says it has warmed up (the catalogue read into
 * memory, so the first shoppers' searches do not queue behind the database) and can reach its
 * database, and with read replicas, which take reads and which are skipped (and why). A skipped
 * replica does not make the server unready: its reads go to another replica or the primary.
 */
export async function healthRoutes(
  app: FastifyInstance,
  options: { database: DatabaseHandle; readiness?: Readiness },
) {
  const { database, readiness } = options;
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    // Numbered as in DATABASE_READ_URLS: this answer is public, the replicas' host names are not.
    const replicas = database.reads.stats?.().replicas.map((r) => ({
      replica: r.replica,
      status: r.status,
      ...(r.reason ? { reason: r.reason } : {}),
      lagSeconds: r.lagSeconds,
    }));
    const warming = readiness?.pending() ?? [];
    if (warming.length) {
      return reply.status(503).send({
        status: 'warming',
        message: `Warming up (${warming.join(', ')}); ready in a few seconds.`,
        ...(replicas ? { replicas } : {}),
      });
    }
    try {
      await database.ping();
      return { status: 'ok', database: database.kind, ...(replicas ? { replicas } : {}) };
    } catch {
      return reply.status(503).send({
        status: 'unavailable',
        message: 'The database is not reachable.',
        ...(replicas ? { replicas } : {}),
      });
    }
  });
}
