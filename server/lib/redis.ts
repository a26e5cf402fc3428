import { Redis } from 'ioredis';

/**
 * The Redis connection that shares rate-limit counters between app servers (docs/deploy.md).
 * Commands fail fast instead of queueing while Redis is away, so a Redis outage costs a request
 * its limit check (see skipOnError in app.ts), never its answer.
 */
export async function connectRedis(url: string, waitMs = 2000): Promise<Redis> {
  const redis = new Redis(url, {
    connectTimeout: 2000,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
  });
  // Without the offline queue a command sent before the connection is up fails at once, and the
  // limit would be skipped: start serving only once Redis is ready (or has had its chance).
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}
