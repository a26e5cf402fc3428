import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInStaff, signInStaff } from './staff.js';
import { createTestApp, type TestContext } from './test-app.js';

/**
 * Bad input on every staff route, as an owner (who passes every permission check, so the input
 * itself reaches validation and the services): malformed and unknown ids, and bodies whose usual
 * fields hold the wrong types. Whatever arrives, the answer is below 500 with a message.
 */
let ctx: TestContext;
let owner: SignedInStaff;
let routes: RouteOptions[];

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signInStaff(ctx.app, 'owner');
  routes = ctx.app.apiRoutes.filter(
    // Signing out would end the session the rest of the test uses.
    (route) => route.config?.endpoint?.access === 'staff' && !route.url.endsWith('/logout'),
  );
});
afterAll(async () => {
  await ctx.close();
});

const ids = ['x', '..%2F..%2Fetc', '00000000-0000-4000-8000-000000000000', 'a'.repeat(150), '%00', '-1'];
const weird = [null, 123, -1.5, true, [], ['a'], {}, '', ' ', 'x'.repeat(5000), '<script>', '9'.repeat(30)];
const fields = [
  'title',
  'name',
  'email',
  'role',
  'status',
  'price',
  'mrp',
  'quantity',
  'change',
  'set',
  'reason',
  'note',
  'description',
  'category',
  'categoryId',
  'brand',
  'brandId',
  'color',
  'colorIds',
  'tags',
  'images',
  'slug',
  'discount',
  'expiry',
  'code',
  'password',
  'message',
  'body',
  'requireTwoFactor',
  'firstname',
  'lastname',
];

function bodies(): object[] {
  return [
    {},
    ...weird.map((value) => Object.fromEntries(fields.map((field) => [field, value]))),
    { __proto__: { polluted: true }, constructor: { prototype: { x: 1 } } },
  ];
}

describe('staff routes given bad input', () => {
  it('answer below 500, with a message, whatever arrives', async () => {
    expect(routes.length).toBeGreaterThanOrEqual(78);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const route of routes) {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
        (m) => m !== 'HEAD',
      );
      for (const method of methods) {
        for (const id of ids) {
          const url = `/api${route.url.replace(/^\/api/, '')}`.replace(/:(\w+)/g, () => id);
          for (const payload of method === 'GET' || method === 'DELETE' ? [undefined] : bodies()) {
            const answer = await ctx.app.inject({
              method: method as 'GET',
              url: `${url}?page=-1&limit=abc&sort=%00&q=${'%25'.repeat(50)}`,
              headers: owner.headers,
              ...(payload === undefined ? {} : { payload }),
            });
            const label = `${method} ${url} ${JSON.stringify(payload)?.slice(0, 80)}: ${answer.statusCode} ${answer.body.slice(0, 120)}`;
            statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
            if (answer.statusCode >= 500) failures.push(label);
            else if (answer.statusCode >= 400 && !answer.json().message)
              failures.push(`no message: ${label}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // The input reached validation and the services: refusals of both kinds, not only 401/403.
    expect(statuses.get(400)).toBeGreaterThan(500);
    expect(statuses.get(404)).toBeGreaterThan(50);
  }, 300_000);
});
