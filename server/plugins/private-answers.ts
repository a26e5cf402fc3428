import type { FastifyInstance, FastifyRequest } from 'fastify';

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * True when an /api answer depends on who asked: the request carries a bearer token (whatever
 * the status, so a 401 for a stale token too), it is in the account space /api/user/* (login and
 * register hand out a token without being sent one; reset and forgot-password concern one
 * person), or it refuses access (401/403).
 */
function isPrivateAnswer(request: FastifyRequest, status: number): boolean {
  const path = request.url.split('?', 1)[0]!;
  if (!isApiPath(path)) return false;
  return (
    request.headers.authorization !== undefined ||
    path.startsWith('/api/user/') ||
    status === 401 ||
    status === 403
  );
}

/**
 * Answers that depend on the bearer token must not be kept by the browser's cache or any
 * cache in between, where the next person at a shared computer (or behind the same proxy) could
 * be shown someone else's cart, orders or token. One hook on the root, so every route, error
 * and not-found answer is covered without each route remembering it. Public catalogue reads sent
 * without a token keep whatever caching they had.
 */
export function registerPrivateAnswers(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (isPrivateAnswer(request, reply.statusCode)) reply.header('cache-control', 'no-store');
  });
}
