import { type Checks, type Fetcher, fail, logsHint, messageOf, type SmokeOptions } from './smoke-http.js';
import {
  isRequestId,
  prometheusProblems,
  renderedPageProblems,
  searchWordFrom,
  securityHeaderProblems,
} from './smoke-inspect.js';

/** The smoke test's checks of the shop itself: health, pages, catalogue and search, what it exposes. */

/** /healthz, /readyz and the home page; resolves to the home page's X-Request-Id. */
export async function serverChecks(
  options: SmokeOptions,
  request: Fetcher,
  { check }: Checks,
): Promise<string | null> {
  await check('/healthz answers', async () => {
    const answer = await request('/healthz');
    if (answer.status !== 200) fail(`answered ${messageOf(answer)}`, logsHint(answer));
    return '200';
  });

  await check('/readyz: the database is reachable', async () => {
    const answer = await request('/readyz');
    if (answer.status === 503)
      fail(
        `503: the app server cannot reach its database`,
        'PostgreSQL (is it up? pg_isready), DATABASE_URL, and docs/runbooks.md "Database down"',
      );
    if (answer.status !== 200) fail(`answered ${messageOf(answer)}`, logsHint(answer));
    return `200 (${(answer.json as { database?: string } | undefined)?.database ?? 'unknown'})`;
  });

  let homeRequestId: string | null = null;
  await check('home page renders with security headers and CSP', async () => {
    const answer = await request('/', { headers: { accept: 'text/html' } });
    homeRequestId = answer.headers.get('x-request-id');
    if (answer.status !== 200)
      fail(
        `answered ${answer.status}`,
        answer.status === 503
          ? 'the storefront build (npm run build on every app server) and the app logs'
          : logsHint(answer),
      );
    const problems = [
      ...renderedPageProblems(answer.headers.get('content-type'), answer.text),
      ...securityHeaderProblems(answer.headers, options.url.startsWith('https:')),
    ];
    if (problems.length > 0)
      fail(problems.join('; '), 'the proxy configuration (does it strip headers?) and the storefront build');
    return `200, ${Math.round(answer.text.length / 1024)} KB of HTML`;
  });
  return homeRequestId;
}

export type Listed = { _id: string; slug: string; title: string; quantity: number; color: string[] };

/** The catalogue API, a product page and search; resolves to a product in stock, if any. */
export async function catalogueChecks(
  request: Fetcher,
  { check, skip }: Checks,
): Promise<Listed | undefined> {
  let product: Listed | undefined;
  const listed = await check('catalogue API lists products', async () => {
    const answer = await request('/api/product?limit=12&availability=in-stock');
    if (answer.status !== 200) fail(`GET /api/product answered ${messageOf(answer)}`, logsHint(answer));
    const list = answer.json as Listed[];
    if (!Array.isArray(list) || list.length === 0)
      fail(
        'no product in stock',
        'the catalogue in the console (Products): a shop with nothing in stock sells nothing',
      );
    product = list.find((p) => p.quantity > 0 && p.color.length > 0) ?? list[0];
    return `${list.length} in stock, e.g. "${product!.title}"`;
  });

  if (listed && product) {
    const chosen: Listed = product;
    await check('product page renders', async () => {
      const path = `/product/${encodeURIComponent(chosen.slug || chosen._id)}`;
      const answer = await request(path, { headers: { accept: 'text/html' } });
      if (answer.status !== 200) fail(`${path} answered ${answer.status}`, logsHint(answer));
      const problems = renderedPageProblems(answer.headers.get('content-type'), answer.text);
      if (!answer.text.includes(chosen.title.replace(/&/g, '&amp;')))
        problems.push(`the page does not show the product's title "${chosen.title}"`);
      if (problems.length > 0) fail(problems.join('; '), 'the storefront build and the app logs');
      return `200 ${path}`;
    });
    const word = searchWordFrom(chosen.title);
    await check('search answers', async () => {
      if (!word) return `skipped: no searchable word in "${chosen.title}"`;
      const path = `/api/product/suggestions?q=${encodeURIComponent(word)}`;
      const answer = await request(path);
      if (answer.status !== 200) fail(`${path} answered ${messageOf(answer)}`, logsHint(answer));
      const found = answer.json as unknown[];
      if (!Array.isArray(found) || found.length === 0)
        fail(
          `nothing found for "${word}", a word of a listed product`,
          'the search indexes (decision 003) and the migrations',
        );
      return `${found.length} suggestions for "${word}"`;
    });
  } else {
    skip('product page renders', 'no product to open');
    skip('search answers', 'no product to search for');
  }
  return product;
}

/** Request ids on every answer, and /metrics hidden from the public (and readable with the token). */
export async function exposureChecks(
  options: SmokeOptions,
  request: Fetcher,
  { check }: Checks,
  homeRequestId: string | null,
) {
  await check('X-Request-Id on every answer', async () => {
    const api = await request('/api/product/this-product-does-not-exist-smoke');
    const body = api.json as { requestId?: string } | undefined;
    const problems: string[] = [];
    if (!isRequestId(homeRequestId)) problems.push('the home page has no X-Request-Id');
    if (!isRequestId(api.headers.get('x-request-id'))) problems.push('an API answer has no X-Request-Id');
    if (api.status >= 400 && body?.requestId !== api.headers.get('x-request-id'))
      problems.push(`an error body's requestId (${body?.requestId}) is not its X-Request-Id`);
    if (problems.length > 0)
      fail(problems.join('; '), 'the proxy configuration: does it drop response headers?');
    return 'present, and quoted in error bodies';
  });

  await check('/metrics is not public', async () => {
    // As an outsider: a proxy header, so a run from the app server's own machine is not let in
    // as a local scraper (server/plugins/metrics.routes.ts).
    const answer = await request('/metrics', { headers: { 'x-forwarded-for': '203.0.113.7' } });
    if (answer.status === 200)
      fail(
        'anyone can read /metrics (200)',
        'the proxy must answer /metrics 404 (deploy/nginx-two-servers.conf, location = /metrics)',
      );
    if (![401, 403, 404].includes(answer.status)) fail(`answered ${answer.status}, expected 404, 401 or 403`);
    return `${answer.status}`;
  });

  if (options.metricsToken) {
    const base = options.metricsUrl ?? options.url;
    await check(`/metrics with the token at ${base}`, async () => {
      const answer = await request('/metrics', {
        base,
        token: options.metricsToken,
        headers: { accept: 'text/plain', 'x-forwarded-for': '203.0.113.7' },
      });
      if (answer.status === 404)
        fail(
          '404: this is the proxy, which hides /metrics',
          'pass --metrics-url with one app server, e.g. http://127.0.0.1:3000',
        );
      if (answer.status === 401 || answer.status === 403)
        fail(`${answer.status}: the token was refused`, "METRICS_TOKEN in the app servers' environment");
      if (answer.status !== 200) fail(`answered ${answer.status}`, logsHint(answer));
      const problems = prometheusProblems(answer.headers.get('content-type'), answer.text);
      if (problems.length > 0) fail(problems.join('; '));
      return `Prometheus text, ${answer.text.split('\n').length} lines`;
    });
  }
}
