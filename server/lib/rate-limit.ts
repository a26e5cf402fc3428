import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

export type LimitRule = {
  max: number;
  minutes: number;
  /** Counter key; defaults to the client address. Runs after the body is parsed. */
  key?: (request: FastifyRequest) => string;
};

/**
 * A preHandler enforcing a limit. Unlike @fastify/rate-limit's own `rateLimit` handler (which
 * runs only once per request), several of these stack on one route, e.g. per address and per
 * account. Counters live in the plugin's store (memory, or Redis when configured).
 */
export function limiter(app: FastifyInstance, name: string, rule: LimitRule) {
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.minutes * 60_000,
    keyGenerator: (request: FastifyRequest) => `${name}:${rule.key ? rule.key(request) : request.ip}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (result.isAllowed) return;
    if (result.isExceeded) {
      const seconds = Math.max(1, Math.ceil(result.ttl / 1000));
      reply.header('retry-after', String(seconds));
      throw new AppError(429, `Too many attempts. Please try again in ${seconds} seconds.`);
    }
  };
}

export type RouteLimit = ReturnType<typeof limiter>;

/** The e-mail field of a JSON body, normalised, for per-account limits. */
export function bodyEmail(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : request.ip;
}
