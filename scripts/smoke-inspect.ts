import { randomBytes } from 'node:crypto';

/** What the smoke test (smoke-lib.ts) reads in the shop's answers, as pure functions. */

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
