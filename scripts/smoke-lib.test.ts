import { describe, expect, it } from 'vitest';
import {
  isRequestId,
  prometheusProblems,
  renderedPageProblems,
  searchWordFrom,
  securityHeaderProblems,
  throwawayCustomer,
} from './smoke-inspect.js';
import { formatResult, parseSmokeArgs, UsageError } from './smoke-lib.js';

const goodCsp =
  "default-src 'self';script-src 'self';style-src 'self';frame-ancestors 'none';object-src 'none'";

describe('parseSmokeArgs', () => {
  it('reads every flag, with or without =, and keeps only the origin', () => {
    expect(
      parseSmokeArgs([
        '--url',
        'http://127.0.0.1:8080/some/path',
        '--metrics-token=t0k',
        '--metrics-url',
        'http://127.0.0.1:3191',
        '--checkout',
        '--timeout',
        '5',
      ]),
    ).toEqual({
      url: 'http://127.0.0.1:8080',
      metricsToken: 't0k',
      metricsUrl: 'http://127.0.0.1:3191',
      checkout: true,
      timeoutMs: 5000,
    });
  });

  it('refuses what it cannot use, saying why', () => {
    const message = (argv: string[]) => {
      try {
        parseSmokeArgs(argv);
        return 'accepted';
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
    };
    expect(message([])).toBe('--url is required');
    expect(message(['--url'])).toBe('--url needs a value');
    expect(message(['--url', '--checkout'])).toBe('--url needs a value');
    expect(message(['--url', 'shop.example.in'])).toMatch(/full address/);
    expect(message(['--url', 'ftp://shop.example.in'])).toMatch(/http:\/\/ or https:\/\//);
    expect(message(['--url', 'http://a', '--verbose'])).toBe('Unknown option --verbose');
    expect(message(['--url', 'http://a', '--timeout', 'soon'])).toMatch(/seconds/);
  });
});

describe('securityHeaderProblems', () => {
  const headers = (extra: Record<string, string> = {}) =>
    new Headers({
      'content-security-policy': goodCsp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      ...extra,
    });

  it('passes the headers the shop sends', () => {
    expect(securityHeaderProblems(headers(), false)).toEqual([]);
  });

  it('names each missing or weakened header', () => {
    expect(securityHeaderProblems(new Headers(), false)).toEqual([
      'no Content-Security-Policy header',
      'no X-Content-Type-Options: nosniff',
      'no Referrer-Policy',
    ]);
    expect(
      securityHeaderProblems(
        headers({ 'content-security-policy': "default-src *; script-src 'self' 'unsafe-inline'" }),
        false,
      ),
    ).toEqual([
      "the Content-Security-Policy lacks default-src 'self'",
      "the Content-Security-Policy lacks frame-ancestors 'none'",
      "the Content-Security-Policy lacks object-src 'none'",
      'the Content-Security-Policy allows inline scripts',
    ]);
  });

  it('wants HSTS over https only', () => {
    expect(securityHeaderProblems(headers(), true)).toEqual([
      'no Strict-Transport-Security over https (is PUBLIC_URL https:?)',
    ]);
    expect(securityHeaderProblems(headers({ 'strict-transport-security': 'max-age=1' }), true)).toEqual([]);
  });
});

describe('renderedPageProblems', () => {
  it('accepts a server-rendered page and refuses an empty shell or JSON', () => {
    const page = '<!doctype html><html lang="en"><body><div id="root"><main>Shop</main></div></body></html>';
    expect(renderedPageProblems('text/html; charset=utf-8', page)).toEqual([]);
    expect(
      renderedPageProblems('text/html', '<html><body><div id="root"><!--app-html--></div></body></html>'),
    ).toEqual(['the template was served without rendering', 'the page has no server-rendered content']);
    expect(renderedPageProblems('application/json', '{}')).toEqual([
      'Content-Type is application/json, not text/html',
      'the answer is not an HTML page',
      'the page has no server-rendered content',
    ]);
  });
});

describe('the small checks', () => {
  it('knows a request id', () => {
    expect(isRequestId('0b7f6f3e-4f2a-4c5e-9d43-1f0c2b9a8e11')).toBe(true);
    expect(isRequestId('req-1')).toBe(false);
    expect(isRequestId(null)).toBe(false);
  });

  it('knows Prometheus text with the shop in it', () => {
    const text = '# HELP http_request_duration_seconds x\n# TYPE http_request_duration_seconds histogram\n';
    expect(prometheusProblems('text/plain; version=0.0.4', text)).toEqual([]);
    expect(prometheusProblems('application/json', '{"message":"no"}')).toEqual([
      'Content-Type is application/json, not text/plain',
      'no # HELP / # TYPE lines',
      'no http_request_duration_seconds series',
    ]);
  });

  it('searches for the longest word of a title', () => {
    expect(searchWordFrom('Titan Neo-Splash Analog Watch')).toBe('Splash');
    expect(searchWordFrom('A B')).toBeUndefined();
  });

  it('makes an undeliverable throwaway customer whose fields pass sign-up', () => {
    const customer = throwawayCustomer(() => Buffer.from([1, 2, 3, 4, 5, 6, 7, 8]));
    expect(customer.email).toBe('smoke-test-0102030405@example.invalid');
    expect(customer.mobile).toMatch(/^6\d{9}$/);
    expect(customer.password.length).toBeGreaterThanOrEqual(8);
    expect(throwawayCustomer().email).not.toBe(throwawayCustomer().email);
  });

  it('prints a failure with where to look', () => {
    expect(formatResult({ name: '/readyz', ok: true, detail: '200' })).toBe('✓ /readyz: 200');
    expect(formatResult({ name: '/readyz', ok: false, detail: '503', hint: 'PostgreSQL' })).toBe(
      '✗ /readyz: 503\n    look at: PostgreSQL',
    );
  });
});
