import { Redis } from 'ioredis';

/**
 * The Redis connection that shares rate-limit counters between app servers (docs/deploy.md).
 * Commands fail fast instead of queueing while Redis is away, so a Redis outage costs a request
 * its limit check (see skipOnError in app.ts), never its answer.
 */
export function connectRedis(url: string): Redis {
  return new Redis(url, {
    connectTimeout: 2000,
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
  });
}
