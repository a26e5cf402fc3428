import { accountChecks } from './smoke-account-checks.js';
import { type CheckResult, createChecks, createFetcher, type SmokeOptions } from './smoke-http.js';
import { catalogueChecks, exposureChecks, serverChecks } from './smoke-shop-checks.js';

/**
 * The post-deploy smoke test (`npm run smoke`): what a merchant runs against a live shop after a
 * deploy. Each check is one line with ✓ or ✗; a failure names what failed and where to look. It
 * stops by itself (every request has a timeout) and leaves as little as it can behind: the one
 * account it opens is deleted through the customer's own "Delete my account" (DELETE /api/user/me),
 * whatever happens in between.
 */

export type { CheckResult, SmokeOptions } from './smoke-http.js';

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
 * Runs every check in order, reporting each as it finishes. Resolves to the results; never
 * throws for a shop problem (only for a bug in this script).
 */
export async function runSmoke(
  options: SmokeOptions,
  report: (result: CheckResult) => void = () => {},
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const request = createFetcher(options);
  const checks = createChecks(results, report);
  const homeRequestId = await serverChecks(options, request, checks);
  const product = await catalogueChecks(request, checks);
  await exposureChecks(options, request, checks, homeRequestId);
  await accountChecks(options, request, checks, product);
  return results;
}
