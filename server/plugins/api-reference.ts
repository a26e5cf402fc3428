import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: RouteOptions[];
  }
}

import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The API reference, generated from the shared endpoint definitions that the routes are
 * registered from: OpenAPI 3.1 at GET /api/openapi.json, and a readable reference at /api/docs
 * (Swagger UI, served from this server: no CDN). Only /api routes are listed.
 *
 * Registered before the routes, so it sees each one as it is added.
 */
export async function registerApiDocumentCollector(app: FastifyInstance, publicUrl: string) {
  // Every /api route as registered, for the test that no route goes undocumented.
  const routes: RouteOptions[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && route.method !== 'HEAD') routes.push(route);
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Bharat Bazaar API',
        version: '1.0.0',
        description:
          'The shop’s REST API. Prices are rupees; identifiers are strings in `_id`; every failure is `{message}` (and on a 400, `errors` by field) with an honest status. Customer endpoints take `Authorization: Bearer <token>` from `POST /api/user/login`.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'The token from POST /api/user/login' },
        },
      },
    },
    transform: (document) =>
      document.url.startsWith('/api/') && !document.url.startsWith('/api/docs')
        ? jsonSchemaTransform(document)
        : { schema: { ...document.schema, hide: true }, url: document.url },
  });
}

/** GET /api/openapi.json and the reference pages under /api/docs, inside the /api plugin. */
export async function apiReferenceRoutes(app: FastifyInstance) {
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // No validator badge: it would call validator.swagger.io from the reader's browser.
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0, validatorUrl: null },
    transformStaticCSP: (header) => header.replace(' validator.swagger.io', ''),
    // Its own page, its own document: the JSON the shop serves above.
    transformSpecificationClone: true,
  });
}
