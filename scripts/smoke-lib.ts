import { randomBytes } from 'node:crypto';

/**
 * The post-deploy smoke test (`npm run smoke`): what a merchant runs against a live shop after a
 * deploy. Each check is one line with ✓ or ✗; a failure names what failed and where to look. It
 * stops by itself (every request has a timeout) and leaves as little as it can behind: the one
 * account it opens is deleted through the customer's own "Delete my account" (DELETE /api/user/me),
 * whatever happens in between. Pure parts are exported for scripts/smoke.test.ts.
 */

export type SmokeOptions = {
  /** The shop as customers reach it (the proxy), e.g. http://127.0.0.1:8080. */
  url: string;
  /** METRICS_TOKEN: then /metrics is read with it at metricsUrl (an app server, not the proxy). */
  metricsToken?: string | undefined;
  /** An app server directly (the proxy answers /metrics 404 to everyone); defaults to url. */
  metricsUrl?: string | undefined;
  /** Also buy one item on the test gateway (PAYMENT_PROVIDER=test), then cancel the order. */
  checkout?: boolean;
  /** Per request; a shop that takes longer is a failure to look at, not a reason to hang. */
  timeoutMs?: number;
};

export type CheckResult = { name: string; ok: boolean; detail: string; hint?: string | undefined };

export const usage = `Usage: npm run smoke -- --url https://shop.example.in [--metrics-token TOKEN] [--metrics-url http://app-1:3000] [--checkout]

  --url            the shop as customers reach it (through the proxy)
  --metrics-token  METRICS_TOKEN: also read /metrics with it (at --metrics-url, default --url)
  --metrics-url    one app server directly, since the proxy answers /metrics 404
  --checkout       also buy one item on the test gateway (only when the shop runs PAYMENT_PROVIDER=test)
                   and cancel it; this leaves a cancelled, refunded order and its invoice number behind
  --timeout        seconds per request (default 15)`;

export class UsageError extends Error {}

/** argv after the script name; throws UsageError with a sentence to print above the usage. */
export function parseSmokeArgs(argv: string[]): SmokeOptions {
  const options: Partial<SmokeOptions> = {};
  const value = (i: number, flag: string) => {
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value`);
    return next;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const take = () => {
      if (inline !== undefined) return inline;
      const next = value(i, flag);
      i++;
      return next;
    };
    switch (flag) {
      case '--url':
        options.url = take();
        break;
      case '--metrics-token':
        options.metricsToken = take();
        break;
      case '--metrics-url':
        options.metricsUrl = take();
        break;
      case '--checkout':
        options.checkout = true;
        break;
      case '--timeout': {
        const seconds = Number(take());
        if (!Number.isFinite(seconds) || seconds <= 0)
          throw new UsageError('--timeout must be a number of seconds');
        options.timeoutMs = seconds * 1000;
        break;
      }
      default:
        throw new UsageError(`Unknown option ${arg}`);
    }
  }
  if (!options.url) throw new UsageError('--url is required');
  for (const key of ['url', 'metricsUrl'] as const) {
    const given = options[key];
    if (given === undefined) continue;
    let parsed: URL;
    try {
      parsed = new URL(given);
    } catch {
      throw new UsageError(
        `${key === 'url' ? '--url' : '--metrics-url'} must be a full address like http://127.0.0.1:8080`,
      );
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new UsageError(
        `${key === 'url' ? '--url' : '--metrics-url'} must start with http:// or https://`,
      );
    options[key] = parsed.origin;
  }
  return options as SmokeOptions;
}

/** One line per check, as printed. */
export function formatResult(result: CheckResult): string {
  const line = `${result.ok ? '✓' : '✗'} ${result.name}${result.detail ? `: ${result.detail}` : ''}`;
  return result.ok || !result.hint ? line : `${line}\n    look at: ${result.hint}`;
}

/**
 * What the home page's headers should carry (server/app.ts): problems in words, empty when fine.
 * HSTS only over https, as the shop sends it only then.
 */
export function securityHeaderProblems(headers: Headers, https: boolean): string[] {
  const problems: string[] = [];
  const csp = headers.get('content-security-policy');
  if (!csp) problems.push('no Content-Security-Policy header');
  else {
    for (const directive of ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'"]) {
      if (!csp.includes(directive)) problems.push(`the Content-Security-Policy lacks ${directive}`);
    }
    if (/script-src[^;]*'unsafe-inline'/.test(csp))
      problems.push('the Content-Security-Policy allows inline scripts');
  }
  if (headers.get('x-content-type-options') !== 'nosniff')
    problems.push('no X-Content-Type-Options: nosniff');
  if (!headers.get('referrer-policy')) problems.push('no Referrer-Policy');
  if (https && !headers.get('strict-transport-security'))
    problems.push('no Strict-Transport-Security over https (is PUBLIC_URL https:?)');
  return problems;
}

/** A page the storefront rendered on the server: HTML with the app's markup filled in. */
export function renderedPageProblems(contentType: string | null, body: string): string[] {
  const problems: string[] = [];
  if (!contentType?.startsWith('text/html'))
    problems.push(`Content-Type is ${contentType ?? 'missing'}, not text/html`);
  if (!/<html[\s>]/i.test(body)) problems.push('the answer is not an HTML page');
  if (body.includes('<!--app-html-->') || body.includes('<!--app-head-->'))
    problems.push('the template was served without rendering');
  if (!/<div id="root">\s*<[a-z]/i.test(body)) problems.push('the page has no server-rendered content');
  return problems;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isRequestId = (value: string | null): boolean => value !== null && uuid.test(value);

/** Prometheus' text exposition format, with the shop's own request histogram in it. */
export function prometheusProblems(contentType: string | null, body: string): string[] {
  const problems: string[] = [];
  if (!contentType?.startsWith('text/plain'))
    problems.push(`Content-Type is ${contentType ?? 'missing'}, not text/plain`);
  if (!/^# HELP /m.test(body) || !/^# TYPE /m.test(body)) problems.push('no # HELP / # TYPE lines');
  if (!body.includes('http_request_duration_seconds'))
    problems.push('no http_request_duration_seconds series');
  return problems;
}

/**
 * A throwaway customer nobody can receive mail as: the `.invalid` top-level domain is reserved
 * (RFC 2606) so the welcome and "account deleted" e-mails go nowhere, and a mobile number from a
 * random draw (a clash with a real customer makes sign-up answer 409, and the run says so).
 */
export function throwawayCustomer(random: () => Buffer = () => randomBytes(8)) {
  const bytes = random();
  const tag = bytes.toString('hex').slice(0, 10);
  const digits = [...bytes].map((b) => String(b % 10)).join('');
  return {
    firstname: 'Smoke',
    lastname: 'Test',
    email: `smoke-test-${tag}@example.invalid`,
    mobile: `6${digits.padEnd(9, '0').slice(0, 9)}`,
    // Long and random: the account lives for seconds, but is a real account meanwhile.
    password: `smoke ${bytes.toString('base64url')} ${tag}`,
  };
}

/** A word from a product title to search for: the longest, so close-spelling search finds it. */
export function searchWordFrom(title: string): string | undefined {
  const words = title.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3);
  return words.sort((a, b) => b.length - a.length)[0];
}

export type Answer = { status: number; headers: Headers; text: string; json: unknown };

type Fetcher = (
  path: string,
  init?: { method?: string; token?: string; body?: unknown; headers?: Record<string, string>; base?: string },
) => Promise<Answer>;

class CheckFailed extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

const fail = (message: string, hint?: string): never => {
  throw new CheckFailed(message, hint);
};

/** The JSON answer's message, when the shop sent one: what the customer would have been told. */
function messageOf(answer: Answer): string {
  const body = answer.json as { message?: unknown; requestId?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? ` "${body.message}"` : '';
  const requestId = typeof body?.requestId === 'string' ? ` (request ${body.requestId})` : '';
  return `${answer.status}${message}${requestId}`;
}

const logsHint = (answer: Answer) =>
  `the app servers' logs${answer.headers.get('x-request-id') ? ` for reqId ${answer.headers.get('x-request-id')}` : ''}`;

/**
 * Runs every check in order, reporting each as it finishes. Resolves to the results; never
 * throws for a shop problem (only for a bug in this script).
 */
export async function runSmoke(
  options: SmokeOptions,
  report: (result: CheckResult) => void = () => {},
): Promise<CheckResult[]> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const results: CheckResult[] = [];
  const request: Fetcher = async (path, init = {}) => {
    const headers: Record<string, string> = { accept: 'application/json, text/html;q=0.9', ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const base = init.base ?? options.url;
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const { cause: reason } = error as { cause?: { code?: string; message?: string } };
      const cause = reason?.code ?? reason?.message ?? (error as Error).name;
      throw new CheckFailed(
        `${init.method ?? 'GET'} ${base}${path} got no answer (${cause === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : cause})`,
        cause === 'ECONNREFUSED'
          ? 'is the proxy (or the app server) running and listening on that address?'
          : 'the proxy and app servers: are they up, is the address right?',
      );
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  };

  const check = async (name: string, run: () => Promise<string>): Promise<boolean> => {
    let result: CheckResult;
    try {
      result = { name, ok: true, detail: await run() };
    } catch (error) {
      if (!(error instanceof CheckFailed)) throw error;
      result = { name, ok: false, detail: error.message, hint: error.hint };
    }
    results.push(result);
    report(result);
    return result.ok;
  };
  const skip = (name: string, why: string) => {
    const result = { name, ok: false, detail: `not run: ${why}` };
    results.push(result);
    report(result);
  };

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

  type Listed = { _id: string; slug: string; title: string; quantity: number; color: string[] };
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

  await accountChecks(options, request, check, skip, product);
  return results;
}

async function accountChecks(
  options: SmokeOptions,
  request: Fetcher,
  check: (name: string, run: () => Promise<string>) => Promise<boolean>,
  skip: (name: string, why: string) => void,
  product: { _id: string; title: string; color: string[] } | undefined,
) {
  const customer = throwawayCustomer();
  let registered = false;
  let token: string | undefined;
  try {
    registered = await check(`sign-up with a throwaway address (${customer.email})`, async () => {
      const answer = await request('/api/user/register', { method: 'POST', body: customer });
      if (answer.status === 429)
        fail(`429${messageOf(answer).slice(3)}`, 'sign-ups are rate limited per address: wait and run again');
      if (answer.status !== 201) fail(`answered ${messageOf(answer)}`, logsHint(answer));
      return '201';
    });
    if (!registered) return;
    const signedIn = await check('sign-in', async () => {
      const answer = await request('/api/user/login', {
        method: 'POST',
        body: { email: customer.email, password: customer.password },
      });
      token = (answer.json as { token?: string } | undefined)?.token;
      if (answer.status !== 200 || !token) fail(`answered ${messageOf(answer)}`, logsHint(answer));
      return '200, signed in';
    });
    if (!signedIn) return;
    if (!product || product.color.length === 0) {
      skip('cart: add and empty', 'no product with a colour to add');
    } else {
      const added = await check('cart: add a product', async () => {
        const answer = await request('/api/user/cart', {
          method: 'POST',
          token,
          body: { productId: product._id, color: product.color[0], quantity: 1 },
        });
        if (answer.status !== 200 && answer.status !== 201)
          fail(`answered ${messageOf(answer)}`, logsHint(answer));
        const cart = await request('/api/user/cart', { token });
        if (cart.status !== 200 || !Array.isArray(cart.json) || cart.json.length !== 1)
          fail(
            `the cart then holds ${Array.isArray(cart.json) ? cart.json.length : messageOf(cart)} lines, not 1`,
            logsHint(cart),
          );
        return `"${product.title}" in the cart`;
      });
      if (added && options.checkout) await checkoutCheck(request, check, token!);
      await check('cart: empty it', async () => {
        const answer = await request('/api/user/empty-cart', { method: 'DELETE', token });
        if (answer.status !== 200) fail(`answered ${messageOf(answer)}`, logsHint(answer));
        return 'empty';
      });
    }
  } finally {
    if (registered) await deleteAccount(request, check, customer, token);
  }
}

/** The checkout on the test gateway, as the browser does it; the order is cancelled (refunded) after. */
async function checkoutCheck(
  request: Fetcher,
  check: (name: string, run: () => Promise<string>) => Promise<boolean>,
  token: string,
) {
  const shippingInfo = {
    firstName: 'Smoke',
    lastName: 'Test',
    address: '1, Smoke Test Road',
    landmark: 'Near the post office',
    city: 'Bengaluru',
    state: 'Karnataka',
    country: 'India',
    pincode: '560001',
  };
  let orderId: string | undefined;
  await check('checkout on the test gateway, then cancel', async () => {
    const started = await request('/api/user/order/checkout', {
      method: 'POST',
      token,
      body: { amount: 1, shippingInfo },
    });
    if (started.status !== 200) fail(`checkout answered ${messageOf(started)}`, logsHint(started));
    const providerOrder = (started.json as { order?: { id?: string } }).order?.id;
    if (!providerOrder) fail('checkout answered without a payment order', logsHint(started));
    const pay = await request(`/api/payments/test-gateway/orders/${providerOrder}/pay`, {
      method: 'POST',
      body: { method: 'upi' },
    });
    if (pay.status === 404)
      fail(
        'the test gateway is off',
        '--checkout works only on a shop running PAYMENT_PROVIDER=test (no Razorpay keys)',
      );
    if (pay.status !== 200) fail(`the test gateway answered ${messageOf(pay)}`, logsHint(pay));
    const paid = pay.json as { razorpay_payment_id: string; razorpay_signature: string };
    const verified = await request('/api/user/order/paymentVerification', {
      method: 'POST',
      token,
      body: {
        orderCreationId: providerOrder,
        razorpayOrderId: providerOrder,
        razorpayPaymentId: paid.razorpay_payment_id,
        razorpaySignature: paid.razorpay_signature,
      },
    });
    if (verified.status !== 200)
      fail(`payment verification answered ${messageOf(verified)}`, logsHint(verified));
    const created = await request('/api/user/cart/create-order', {
      method: 'POST',
      token,
      body: {
        shippingInfo,
        paymentInfo: { razorpayOrderId: providerOrder, razorpayPaymentId: paid.razorpay_payment_id },
      },
    });
    if (created.status !== 200) fail(`placing the order answered ${messageOf(created)}`, logsHint(created));
    const body = created.json as { order?: { _id?: string; id?: string }; _id?: string };
    orderId = body.order?._id ?? body.order?.id ?? body._id;
    if (!orderId) fail('the order was placed but its answer has no id', logsHint(created));
    const cancelled = await request(`/api/user/orders/${orderId}/cancel`, {
      method: 'POST',
      token,
      body: { reason: 'Post-deploy smoke test order' },
    });
    if (cancelled.status !== 200)
      fail(
        `order ${orderId} was placed but cancelling it answered ${messageOf(cancelled)}: cancel it in the console`,
        logsHint(cancelled),
      );
    return `order ${orderId} paid, then cancelled and refunded`;
  });
}

async function deleteAccount(
  request: Fetcher,
  check: (name: string, run: () => Promise<string>) => Promise<boolean>,
  customer: { email: string; password: string },
  token: string | undefined,
) {
  await check('account deleted (no account left behind)', async () => {
    let bearer = token;
    if (!bearer) {
      const login = await request('/api/user/login', {
        method: 'POST',
        body: { email: customer.email, password: customer.password },
      });
      bearer = (login.json as { token?: string } | undefined)?.token;
      if (!bearer)
        fail(
          `could not sign in to delete ${customer.email} (${messageOf(login)})`,
          `the account is left behind: erase it in the console (Customers, search "${customer.email}")`,
        );
    }
    const answer = await request('/api/user/me', {
      method: 'DELETE',
      token: bearer,
      body: { currentPassword: customer.password },
    });
    if (answer.status !== 200)
      fail(
        `DELETE /api/user/me answered ${messageOf(answer)}`,
        `the account ${customer.email} is left behind: erase it in the console (Customers, "Erase personal data")`,
      );
    const after = await request('/api/user/me', { token: bearer });
    if (after.status === 200) fail(`${customer.email} still signs in after deletion`, logsHint(after));
    return `${customer.email} erased through DELETE /api/user/me`;
  });
}
