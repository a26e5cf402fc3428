import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.js';

let ctx: TestContext;
let apiRoutes: RouteOptions[];
beforeAll(async () => {
  ctx = await createTestApp();
  // The reference's own routes (the JSON and the Swagger UI pages) are not part of the API.
  apiRoutes = ctx.app.apiRoutes.filter(
    (route) => route.url !== '/api/openapi.json' && !route.url.startsWith('/api/docs'),
  );
});
afterAll(async () => {
  await ctx.close();
});

const document = async () => (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();

describe('the API reference', () => {
  it('is valid OpenAPI 3.1', async () => {
    const spec = await document();
    expect(spec.openapi).toBe('3.1.0');
    const result = await new Validator().validate(spec);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('registers every /api route from a shared definition with request and response schemas', () => {
    const open = apiRoutes
      .filter((route) => !route.config?.endpoint || !route.schema?.response)
      .map((route) => `${route.method} ${route.url}`);
    // None is registered by hand any more: a new one without a shared definition fails here.
    expect(open).toEqual([]);
  });

  it('lists every /api route the shop serves, each with its answers and its auth', async () => {
    const spec = await document();
    for (const route of apiRoutes.filter((r) => r.config?.endpoint)) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const method = String(route.method).toLowerCase();
      const operation = spec.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
      if (route.config?.endpoint?.access === 'customer')
        expect(operation.security).toEqual([{ bearerAuth: [] }]);
    }
  });

  it('is readable at /api/docs without a CDN', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Swagger UI</title>');
    // Scripts and styles come from this server; the page asks no other host for anything.
    expect(page.body).not.toMatch(/(src|href)="https?:/);
    expect(String(page.headers['content-security-policy'])).not.toMatch(/swagger\.io/);
    const script = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
  });
});
