import type { $ZodType, input, output } from 'zod/v4/core';
import type { StaffPermission } from '../staff-roles.js';

/**
 * One definition per API endpoint, shared by the server (which registers, validates, serialises
 * and documents it) and the browser (whose typed client calls it).
 *
 * An endpoint is split in two so the browser never ships a schema: the descriptor here (method,
 * path, access, wording) with the schemas' types attached, and the schemas themselves in the
 * area's `*.schemas.ts`, which only the server imports. `registerEndpoint` on the server takes
 * both, and TypeScript refuses a pair whose schemas do not match the descriptor's types.
 *
 * The wording (`tag`, `summary`, `description`, `errors`) is for the API reference only: the browser
 * build drops it (scripts/strip-endpoint-docs.ts), so descriptions cost no first-load bytes.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * `public`: no token needed; `customer`: a shopper's bearer token (401 without one); `staff`: a
 * staff member's bearer token whose role grants the endpoint's `permission` (401 without a valid
 * staff token, 403 for a shopper's token or a role without the permission).
 */
export type Access = 'public' | 'customer' | 'staff';

/** What a staff endpoint needs: a permission of shared/staff-roles.ts, or `self` (any staff member). */
export type EndpointPermission = StaffPermission | 'self';

export type EndpointSchemas = {
  params?: $ZodType;
  query?: $ZodType;
  body?: $ZodType;
  response: $ZodType;
};

export type Endpoint<S extends EndpointSchemas = EndpointSchemas> = {
  readonly method: HttpMethod;
  /** Full path with Fastify-style parameters, e.g. `/api/product/:id`. */
  readonly path: string;
  readonly access: Access;
  /** Staff endpoints only: the permission a staff member's role must grant. */
  readonly permission?: EndpointPermission;
  /** Group in the API reference. */
  readonly tag: string;
  readonly summary: string;
  readonly description?: string;
  /**
   * A POST that changes nothing (a quote): the server may call it to draw a page, as it calls GETs
   * (server/web/web.routes.ts). Other POSTs, PUTs and DELETEs never run during a render.
   */
  readonly readOnly?: true;
  /** Success status; 200 unless the endpoint creates something. */
  readonly status?: 200 | 201;
  /** Failure statuses this endpoint answers with `{message}` (401 is implied by `customer`). */
  readonly errors?: readonly number[];
  /** Types only, never set: carries the schemas' types to the browser without their code. */
  readonly schemas?: S;
};

/**
 * Declares an endpoint; `S` is `typeof <its entry in the area's *.schemas.ts>`. Marked free of side
 * effects so the browser build drops the descriptors a bundle never calls.
 */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<S extends EndpointSchemas>(definition: Omit<Endpoint<S>, 'schemas'>): Endpoint<S> {
  return definition;
}

type Schemas<E> = E extends Endpoint<infer S> ? S : never;
type InputOf<T> = T extends $ZodType ? input<T> : undefined;

/** What the server answers, as the browser receives it. */
export type ResponseOf<E extends Endpoint> = output<Schemas<E>['response']>;
/** What a client sends. */
export type BodyOf<E extends Endpoint> = InputOf<Schemas<E>['body']>;
export type QueryOf<E extends Endpoint> = InputOf<Schemas<E>['query']>;
export type ParamsOf<E extends Endpoint> = InputOf<Schemas<E>['params']>;

/** The error body every endpoint answers with; `errors` names each field's problem on a 400. */
export type ApiErrorBody = { message: string; errors?: Record<string, string> };

/** Fills `/api/product/:id` with `{id}`, each value URL-encoded. */
export function pathOf(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The URL a client calls: the path filled in, then the query (arrays as repeated keys). */
export function urlOf(endpoint: Endpoint, input: { params?: unknown; query?: unknown } = {}): string {
  const path = pathOf(endpoint.path, input.params as Record<string, string | number> | undefined);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') search.append(key, String(item));
    }
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
