import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';

type PgLikeError = { code?: string; constraint?: string };

const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

// What node-postgres says when the server went away mid-query or cannot be reached at all.
const connectionMessages =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused|server closed the connection/i;

/** A database outage, told apart from a bug: the shopper gets 503 "try again", not 500. */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error as (Error & PgLikeError) | undefined, depth = 0; current && depth < 4; depth++) {
    if (current.code && connectionErrorCodes.has(current.code)) return true;
    if (connectionMessages.test(current.message ?? '')) return true;
    current = current.cause as (Error & PgLikeError) | undefined;
  }
  return false;
}

/**
 * Every failure leaves as `{message, requestId}` JSON with an honest status. Stack traces and SQL
 * stay in the log; the client gets a sentence it can act on.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & PgLikeError, request, reply) => {
    // The request id goes with every error, so a shopper's report ("it said... ref 3f2a...") leads
    // to the log lines of that request.
    const answer = (status: number, body: { message: string; errors?: Record<string, string> }) =>
      reply.status(status).send({ ...body, requestId: request.id });
    // Drizzle wraps the driver's error ("Failed query: ...") and keeps PostgreSQL's code on `cause`.
    const code = error.code ?? (error.cause as PgLikeError | undefined)?.code;
    if (error instanceof AppError) {
      const body: { message: string; errors?: Record<string, string> } = { message: error.message };
      if (error.fields) body.errors = error.fields;
      if (error.headers) reply.headers(error.headers);
      return answer(error.statusCode, body);
    }
    if (error.statusCode === 429) {
      return answer(429, {
        message: error.message || 'Too many requests. Please wait a moment and try again.',
      });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return answer(413, { message: 'The request is too large.' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return answer(415, { message: 'Send the request body as JSON.' });
    }
    if (
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error instanceof SyntaxError
    ) {
      return answer(400, { message: 'The request body is not valid JSON.' });
    }
    if (code === '23505') {
      return answer(409, { message: 'That already exists.' });
    }
    // A NUL byte or an invalid UTF-8 sequence in any text: PostgreSQL refuses to store or compare it.
    if (code === '22021' || code === '22P05') {
      return answer(400, { message: 'The request contains characters we cannot accept.' });
    }
    if (code === '22P02' || code === '22003' || code === '23514') {
      return answer(400, { message: 'A value in the request is out of range.' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return answer(503, { message: 'The shop is briefly unavailable. Please try again in a moment.' });
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return answer(error.statusCode, { message: error.message || 'Bad request.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return answer(500, { message: 'Something went wrong on our side. Please try again.' });
  });
}
