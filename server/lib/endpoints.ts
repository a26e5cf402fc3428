import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import * as z from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import type { Endpoint, EndpointSchemas } from '../../shared/api/endpoint.js';
import { apiErrorSchema } from '../../shared/api/errors.schemas.js';
import { validationError } from './validation.js';

type Parsed<T> = T extends $ZodType ? output<T> : undefined;

/** What a handler receives: params, query and body, already validated and typed. */
export type EndpointInput<S extends EndpointSchemas> = {
  params: Parsed<S['params']>;
  query: Parsed<S['query']>;
  body: Parsed<S['body']>;
};

export type EndpointHandler<S extends EndpointSchemas> = (
  input: EndpointInput<S>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<output<S['response']>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The shared definition a route was registered from (the API reference and its test read it). */
    endpoint?: Endpoint;
  }
}

const API_PREFIX = '/api';

/**
 * Registers a shared endpoint definition on the `/api` plugin: its schemas validate the input
 * (a 400 with the first problem as the message and every problem by field, as forms show them),
 * serialise the output, and document both in the OpenAPI reference. `customer` and `staff`
 * endpoints check the bearer token (and a staff member's permission) before anything else, so a
 * request without one is a 401, and a shopper's token on a staff route a 403, whatever it sends.
 */
export function registerEndpoint<S extends EndpointSchemas>(
  app: FastifyInstance,
  endpoint: Endpoint<S>,
  schemas: S,
  handler: EndpointHandler<S>,
  options: {
    /**
     * Run after the auth check and before the input is validated: limits that must count
     * refused requests too (a flood of bad bodies meets the limit like any other).
     */
    preValidation?: preValidationAsyncHookHandler[];
    preHandler?: preHandlerAsyncHookHandler[];
  } = {},
) {
  if (!endpoint.path.startsWith(`${API_PREFIX}/`)) throw new Error(`${endpoint.path} is not under /api`);
  const status = endpoint.status ?? 200;
  if ((endpoint.access === 'staff') !== (endpoint.permission !== undefined)) {
    throw new Error(`${endpoint.path}: staff endpoints, and only they, name a permission`);
  }
  const needsToken = endpoint.access === 'customer' || endpoint.access === 'staff';
  const errors = new Set([
    ...(endpoint.errors ?? []),
    ...(needsToken ? [401] : []),
    ...(endpoint.access === 'staff' ? [403] : []),
  ]);
  const schema: FastifySchema & Record<string, unknown> = {
    summary: endpoint.summary,
    tags: [endpoint.tag],
    ...(endpoint.description ? { description: endpoint.description } : {}),
    ...(needsToken ? { security: [{ bearerAuth: [] }] } : {}),
    ...(schemas.params ? { params: schemas.params } : {}),
    ...(schemas.query ? { querystring: schemas.query } : {}),
    ...(schemas.body ? { body: schemas.body } : {}),
    response: {
      [status]: schemas.response,
      ...Object.fromEntries([...errors].sort().map((code) => [code, apiErrorSchema])),
    },
  };
  const preValidation = [
    ...(endpoint.access === 'customer' ? [app.requireAuth] : []),
    ...(endpoint.permission ? [app.requireStaff(endpoint.permission)] : []),
    ...(options.preValidation ?? []),
  ];
  app.route({
    method: endpoint.method,
    url: endpoint.path.slice(API_PREFIX.length),
    schema,
    config: { endpoint },
    ...(preValidation.length ? { preValidation } : {}),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    handler: async (request, reply) => {
      const result = await handler(
        {
          params: request.params as Parsed<S['params']>,
          query: request.query as Parsed<S['query']>,
          body: request.body as Parsed<S['body']>,
        },
        request,
        reply,
      );
      reply.status(status);
      return result;
    },
  });
}

/**
 * Zod schemas (classic or mini) as Fastify's validator and serialiser for the routes of `app`.
 * A missing body reads as `{}` so its fields report "X is required". Outside production an
 * answer that does not match its schema fails loudly (tests catch the drift); in production it
 * is logged and sent as it is, never turned into a 500.
 */
export function applyZodSchemas(app: FastifyInstance, options: { strictResponses: boolean }) {
  app.setValidatorCompiler<$ZodType>(({ schema, httpPart }) => (data) => {
    const result = z.safeParse(schema, httpPart === 'body' ? (data ?? {}) : data);
    return result.success ? { value: result.data } : { error: validationError(result.error.issues) };
  });
  const offSchema = (
    url: string,
    method: string,
    issues: readonly { path: PropertyKey[]; message: string }[],
  ) => {
    const problem = issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    if (options.strictResponses) throw new Error(`${method} ${url} answered off its schema: ${problem}`);
    app.log.error({ url, method, problem }, 'API answer does not match its schema');
  };
  app.setSerializerCompiler<$ZodType>(({ schema, url, method }) => (data) => {
    if (data instanceof JsonText) {
      // Written from typed objects; outside production the whole is checked as any answer is.
      if (options.strictResponses) {
        const result = z.safeParse(schema, JSON.parse(data.text));
        if (!result.success) offSchema(url, method, result.error.issues);
      }
      return data.text;
    }
    const result = z.safeParse(schema, data);
    if (result.success) return JSON.stringify(result.data);
    offSchema(url, method, result.error.issues);
    return JSON.stringify(data);
  });
}

class JsonText {
  constructor(readonly text: string) {}
}

/**
 * An answer already written as JSON, sent as it is: for answers assembled from parts held as JSON
 * text (a list page's product cards, decision 024), so the whole is not checked and written again
 * on every request. Outside production it is parsed and checked against the endpoint's schema
 * like any other answer, so tests still catch drift.
 */
export function jsonAnswer<T>(text: string): T {
  return new JsonText(text) as unknown as T;
}
