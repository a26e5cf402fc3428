import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ReadRoutingStats } from '../db/read-replicas.js';
import type { Mailer } from './mailer.js';

/** What a database handle can say about its connection pool (PostgreSQL; PGlite has none). */
export type PoolStats = { total: number; idle: number; waiting: number };

/**
 * The shop's Prometheus metrics (GET /metrics, metrics.routes.ts): requests by route and status
 * with their latency, the process (event-loop delay, memory, GC), the database pool, and what the
 * business cares about: orders placed, payments by outcome, refunds, e-mails. One registry per
 * app, so tests that build several apps do not count into each other.
 */
export function createMetrics(
  options: { poolStats?: () => PoolStats; readReplicas?: (() => ReadRoutingStats) | undefined } = {},
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const registers = [registry];

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, and how long they took',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const poolStats = options.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state (in use, idle) and requests waiting for one',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const stats = poolStats();
        this.set({ state: 'in_use' }, stats.total - stats.idle);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
  if (options.readReplicas) registerReplicaMetrics(registers, options.readReplicas);
  const ordersPlaced = new Counter({
    name: 'shop_orders_placed_total',
    help: 'Orders placed, by how they are paid (online, cash-on-delivery)',
    labelNames: ['payment'] as const,
    registers,
  });
  const payments = new Counter({
    name: 'shop_payments_total',
    help: 'Payments reported by the provider, by outcome (paid, failed, refunded-sold-out)',
    labelNames: ['outcome'] as const,
    registers,
  });
  const refunds = new Counter({
    name: 'shop_refunds_total',
    help: 'Refunds settled, by status (processed, failed) and how they were paid (provider, bank, upi)',
    labelNames: ['status', 'method'] as const,
    registers,
  });
  const emails = new Counter({
    name: 'shop_emails_total',
    help: 'E-mails by outcome: queued (taken from the outbox for the first time), sent, attempt-failed (each failed try), given-up',
    labelNames: ['outcome'] as const,
    registers,
  });
  const messages = new Counter({
    name: 'shop_messages_total',
    help: 'SMS and WhatsApp messages by channel and outcome: queued (taken from the outbox for the first time), sent, attempt-failed, skipped (no registered template), given-up',
    labelNames: ['channel', 'outcome'] as const,
    registers,
  });
  // The outbox's backlog, read from the database at each scrape (every server reports the same
  // figures: take the max). A mail server that refuses shows as a growing count and age.
  let outboxStats: (() => Promise<{ waiting: number; oldest: Date | null }>) | undefined;
  let lastOutbox: { waiting: number; oldest: Date | null } | undefined;
  let reading: Promise<typeof lastOutbox> | undefined;
  // Both gauges share one query per scrape (prom-client collects them concurrently).
  const readOutbox = () => {
    if (!outboxStats) return Promise.resolve(undefined);
    const stats = outboxStats;
    reading ??= stats()
      .then((figures) => {
        lastOutbox = figures;
        return figures;
      })
      // The database is down: /readyz says so; the gauges keep their last figures.
      .catch(() => lastOutbox)
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  new Gauge({
    name: 'shop_emails_waiting',
    help: 'E-mails in the outbox not yet sent nor given up on',
    registers,
    async collect() {
      const stats = await readOutbox();
      if (stats) this.set(stats.waiting);
    },
  });
  new Gauge({
    name: 'shop_emails_oldest_waiting_seconds',
    help: 'How long the oldest e-mail waiting in the outbox has waited (0 when none waits)',
    registers,
    async collect() {
      const stats = await readOutbox();
      if (stats) this.set(stats.oldest ? Math.max(0, (Date.now() - stats.oldest.getTime()) / 1000) : 0);
    },
  });

  return {
    registry,
    requests,
    ordersPlaced,
    payments,
    refunds,
    emails,
    messages,
    /** Where the outbox gauges read their figures (services.ts). */
    observeOutbox(stats: () => Promise<{ waiting: number; oldest: Date | null }>) {
      outboxStats = stats;
    },
  };
}

export type ShopMetrics = ReturnType<typeof createMetrics>;

/** The read replicas (DATABASE_READ_URLS, decision 032): which take reads, how far behind, who answered. */
function registerReplicaMetrics(registers: Registry[], stats: () => ReadRoutingStats) {
  new Gauge({
    name: 'db_read_replica_in_use',
    help: 'Whether each read replica takes reads (1) or is skipped (0: down, lagging, not a standby), with why',
    labelNames: ['replica', 'host', 'reason'] as const,
    registers,
    collect() {
      this.reset();
      for (const r of stats().replicas) {
        this.set(
          { replica: String(r.replica), host: r.host, reason: r.reason ?? '' },
          r.status === 'in-use' ? 1 : 0,
        );
      }
    },
  });
  new Gauge({
    name: 'db_read_replica_lag_seconds',
    help: 'How far each read replica was behind the primary at its last check (absent when it could not be asked)',
    labelNames: ['replica', 'host'] as const,
    registers,
    collect() {
      this.reset();
      for (const r of stats().replicas) {
        if (r.lagSeconds !== null) this.set({ replica: String(r.replica), host: r.host }, r.lagSeconds);
      }
    },
  });
  new Counter({
    name: 'db_reads_total',
    help: 'Read-only storefront queries by who answered: a replica, or the primary when no replica could',
    labelNames: ['target'] as const,
    registers,
    collect() {
      const now = stats();
      this.reset();
      this.inc({ target: 'primary' }, now.primaryReads);
      for (const r of now.replicas) this.inc({ target: `replica-${r.replica}` }, r.reads);
    },
  });
  new Counter({
    name: 'db_read_retries_total',
    help: 'Reads a replica failed (lost connection, recovery conflict) that were answered elsewhere',
    registers,
    collect() {
      this.reset();
      this.inc(stats().retried);
    },
  });
}

/** The mailer, counting every message sent and every failed attempt to send one. */
export function countingMailer(mailer: Mailer, metrics: Pick<ShopMetrics, 'emails'> | undefined): Mailer {
  if (!metrics) return mailer;
  return {
    async send(mail) {
      try {
        await mailer.send(mail);
        metrics.emails.inc({ outcome: 'sent' });
      } catch (error) {
        metrics.emails.inc({ outcome: 'attempt-failed' });
        throw error;
      }
    },
  };
}
