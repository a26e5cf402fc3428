/** The smoke test's requests and checks (smoke-lib.ts): each check one line, a failure with where to look. */

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

export type Answer = { status: number; headers: Headers; text: string; json: unknown };

export type Fetcher = (
  path: string,
  init?: { method?: string; token?: string; body?: unknown; headers?: Record<string, string>; base?: string },
) => Promise<Answer>;

export type Checks = {
  /** Runs one check and reports it; resolves to whether it passed. */
  check: (name: string, run: () => Promise<string>) => Promise<boolean>;
  /** Reports a check that could not run. */
  skip: (name: string, why: string) => void;
};

class CheckFailed extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** Ends the running check as failed, with where to look. */
export const fail = (message: string, hint?: string): never => {
  throw new CheckFailed(message, hint);
};

/** The JSON answer's message, when the shop sent one: what the customer would have been told. */
export function messageOf(answer: Answer): string {
  const body = answer.json as { message?: unknown; requestId?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? ` "${body.message}"` : '';
  const requestId = typeof body?.requestId === 'string' ? ` (request ${body.requestId})` : '';
  return `${answer.status}${message}${requestId}`;
}

export const logsHint = (answer: Answer) =>
  `the app servers' logs${answer.headers.get('x-request-id') ? ` for reqId ${answer.headers.get('x-request-id')}` : ''}`;

/** Requests to the shop with the run's timeout; no answer at all fails the check, saying where to look. */
export function createFetcher(options: SmokeOptions): Fetcher {
  const timeoutMs = options.timeoutMs ?? 15_000;
  return async (path, init = {}) => {
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
}

/** Checks that collect their results in order and report each as it finishes. */
export function createChecks(results: CheckResult[], report: (result: CheckResult) => void): Checks {
  return {
    async check(name, run) {
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
    },
    skip(name, why) {
      const result = { name, ok: false, detail: `not run: ${why}` };
      results.push(result);
      report(result);
    },
  };
}
