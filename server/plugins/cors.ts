import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** What the original storefront client sends: JSON bodies and a bearer token. */
const API_METHODS = ['GET', 'POST', 'PUT', 'DELETE'];

/**
 * Lets pages on the CORS_ORIGINS origins (the original storefront client on a site of its own)
 * call this server from the browser: preflights answered with 204, `Access-Control-Allow-Origin`
 * reflected for a listed origin only, and nothing at all for any other origin (so its browser
 * refuses, and its preflight stays a 404). Tokens travel in the Authorization header, never in
 * cookies, so credentials mode stays off. The catalogue list's total is in X-Total-Count, which
 * cross-origin readers may only see once it is exposed.
 *
 * Registered inside each plugin that serves such pages (the API, the test gateway's assets), so it
 * covers exactly their routes and not the storefront's own pages. With no origins it adds nothing.
 */
export async function allowCrossOrigin(
  app: FastifyInstance,
  origins: readonly string[],
  methods: readonly string[] = API_METHODS,
) {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: [...methods],
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: ['X-Total-Count', 'X-Total-Count-Estimated', 'X-Request-Id'],
    credentials: false,
    // Browsers cap it lower anyway (Chromium at 2 hours); 10 minutes spares a preflight per call.
    maxAge: 600,
  });
}
