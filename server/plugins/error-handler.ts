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

/**
 * Every failure leaves as `{message}` JSON with an honest status. Stack traces and SQL stay in the
 * log; the client gets a sentence it can act on.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & PgLikeError, request, reply) => {
    if (error instanceof AppError) {
      const body: { message: string; errors?: Record<string, string> } = { message: error.message };
      if (error.fields) body.errors = error.fields;
      return reply.status(error.statusCode).send(body);
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send({ message: error.message || 'Too many requests. Please wait a moment and try again.' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: 'The request is too large.' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ message: 'Send the request body as JSON.' });
    }
    if (
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error instanceof SyntaxError
    ) {
      return reply.status(400).send({ message: 'The request body is not valid JSON.' });
    }
    if (error.code === '23505') {
      return reply.status(409).send({ message: 'That already exists.' });
    }
    if (error.code === '22P02' || error.code === '22003' || error.code === '23514') {
      return reply.status(400).send({ message: 'A value in the request is out of range.' });
    }
    if (
      (error.code && connectionErrorCodes.has(error.code)) ||
      (/connection|terminat/i.test(error.message ?? '') && error.code?.startsWith('57'))
    ) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .send({ message: 'The shop is briefly unavailable. Please try again in a moment.' });
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message || 'Bad request.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
