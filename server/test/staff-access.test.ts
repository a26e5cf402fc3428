import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../shared/api/endpoint.js';
import { roleCan, staffRoles } from '../../shared/staff-roles.js';
import { signUp } from './customers.js';
import { type SignedInStaff, signInStaff } from './staff.js';
import { createTestApp, type TestContext } from './test-app.js';

/**
 * Every staff route of the API, found from the routes the app registered (so a new one is covered
 * without editing this file): 401 with no token, an empty `Bearer ` (the original admin client's
 * quirk) or an unknown one; 403 for a shopper's token; 403 for a staff role without the
 * permission; and never the handler's answer in any of those cases.
 */
let ctx: TestContext;
let staffRoutes: (RouteOptions & { endpoint: Endpoint })[];
let shopper: Awaited<ReturnType<typeof signUp>>;
const members = {} as Record<(typeof staffRoles)[number], SignedInStaff>;

beforeAll(async () => {
  ctx = await createTestApp();
  staffRoutes = ctx.app.apiRoutes
    .filter((route) => route.config?.endpoint?.access === 'staff')
    .map((route) => ({ ...route, endpoint: route.config!.endpoint! }));
  shopper = await signUp(ctx.app);
  for (const role of staffRoles) members[role] = await signInStaff(ctx.app, role);
});
afterAll(async () => {
  await ctx.close();
});

/** A concrete URL for a route: ids and tokens filled with a well-formed unknown value. */
function urlOf(route: RouteOptions): string {
  return `/api${route.url.replace(/^\/api/, '')}`.replace(/:(\w+)/g, (_, name: string) =>
    name === 'id' || name.endsWith('Id') ? '00000000-0000-4000-8000-000000000000' : 'x',
  );
}

function methods(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
}

describe('staff routes', () => {
  it('exist (the console is served by the API): every staff definition is registered', () => {
    // 79 when the console was finished; a route that stopped being registered would silently leave
    // the matrix.
    expect(staffRoutes.length).toBeGreaterThanOrEqual(79);
  });

  it('answer 401 without a usable token, 403 to a shopper, whatever the body', async () => {
    for (const route of staffRoutes) {
      for (const method of methods(route)) {
        const url = urlOf(route);
        const call = (headers: Record<string, string>) =>
          ctx.app.inject({
            method: method as 'GET',
            url,
            headers,
            payload: method === 'GET' ? undefined : {},
          });
        for (const headers of [
          {},
          { authorization: 'Bearer ' },
          { authorization: 'Bearer not-a-token' },
        ] as Record<string, string>[]) {
          const answer = await call(headers);
          expect(answer.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(401);
          expect(answer.json().message).toBeTruthy();
        }
        const asShopper = await call(shopper.headers);
        expect(asShopper.statusCode, `${method} ${url} as a shopper`).toBe(403);
        expect(asShopper.json().message).toMatch(/staff account/);
      }
    }
  });

  it('answer 403 to a staff member whose role lacks the permission, before validating anything', async () => {
    let checked = 0;
    for (const route of staffRoutes) {
      const permission = route.endpoint.permission!;
      if (permission === 'self') continue;
      for (const role of staffRoles) {
        if (roleCan(role, permission)) continue;
        for (const method of methods(route)) {
          const answer = await ctx.app.inject({
            method: method as 'GET',
            url: urlOf(route),
            headers: members[role].headers,
            payload: method === 'GET' ? undefined : {},
          });
          expect(answer.statusCode, `${method} ${route.url} as ${role}`).toBe(403);
          expect(answer.json().message).toMatch(/cannot/);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});
