import { CourierProviderError } from '../courier-provider.js';

/**
 * Shiprocket's REST API (v1/external) as the adapter calls it: a bearer token from its login, kept
 * and reused, and every call bounded by a timeout. Its answers become CourierProviderErrors staff
 * can act on: with the HTTP status for a refusal (4xx: the same request will be refused again),
 * without one when Shiprocket could not be reached, failed (5xx), was throttling, or would not
 * accept the shop's login (nothing wrong with the parcel: the same request may succeed later).
 */

export const SHIPROCKET_API_URL = 'https://apiv2.shiprocket.in/v1/external';

/** Shiprocket's tokens last 10 days (240 hours); the shop logs in again a day before that. */
const TOKEN_DAYS = 10;
const RENEW_BEFORE_MS = 86_400_000;

export type ShiprocketCredentials = {
  /** The API user's e-mail and password (Settings > API in Shiprocket's panel). */
  email: string;
  password: string;
  /** Base URL up to /v1/external, without a trailing slash. */
  apiUrl: string;
  /** How long a call may take before the shop stops waiting. */
  timeoutMs: number;
  /** The clock (tests move it to see a token renewed). */
  now?: () => number;
};

type Call = {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number> | undefined;
  body?: unknown;
  /** What the shop was asking, for messages: "book the parcel", "track AWB 123". */
  doing: string;
};

export type ShiprocketClient = {
  call<T = Record<string, unknown>>(call: Call): Promise<{ status: number; body: T }>;
  /** Logins made so far (tests check the token is reused). */
  readonly logins: number;
};

/** `{message, errors: {field: [..]}}`, Shiprocket's error body, as one sentence. */
function messageOf(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const { message, errors } = body as { message?: unknown; errors?: unknown };
    const details =
      errors && typeof errors === 'object'
        ? Object.values(errors as Record<string, unknown>)
            .flat()
            .filter((e): e is string => typeof e === 'string')
        : [];
    const head = typeof message === 'string' && message.trim() ? message.trim() : `HTTP ${status}`;
    return details.length > 0 ? `${head} (${details.join(' ')})` : head;
  }
  return `HTTP ${status}`;
}

export function createShiprocketClient(credentials: ShiprocketCredentials): ShiprocketClient {
  const now = credentials.now ?? Date.now;
  let token: { value: string; renewAt: number } | undefined;
  let loggingIn: Promise<string> | undefined;
  let logins = 0;

  /** One HTTP exchange with the timeout; network failures and timeouts become errors without a code. */
  async function exchange(call: Call, bearer: string | undefined) {
    const url = new URL(`${credentials.apiUrl}/${call.path.replace(/^\//, '')}`);
    for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, String(value));
    let response: Response;
    try {
      response = await fetch(url, {
        method: call.method,
        headers: {
          accept: 'application/json',
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(credentials.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const reason = timedOut
        ? `no answer within ${credentials.timeoutMs / 1000} s`
        : `could not connect: ${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)}`;
      throw new CourierProviderError(`Shiprocket did not answer when asked to ${call.doing} (${reason}).`);
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new CourierProviderError(
        `Shiprocket's answer was cut off when asked to ${call.doing} (HTTP ${response.status}).`,
      );
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  }

  async function login(): Promise<string> {
    logins += 1;
    const answer = await exchange(
      {
        method: 'POST',
        path: 'auth/login',
        body: { email: credentials.email, password: credentials.password },
        doing: 'sign the shop in',
      },
      undefined,
    );
    const value = (answer.body as { token?: unknown } | undefined)?.token;
    if (answer.status >= 400 || typeof value !== 'string' || value === '') {
      // Not the parcel's fault: no status code, so nothing is marked refused.
      const why = answer.status >= 500 ? 'failed' : 'refused the login';
      throw new CourierProviderError(
        `Shiprocket ${why} for ${credentials.email} (${messageOf(answer.body, answer.status)}): check SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD, an API user's made in Shiprocket's Settings > API.`,
      );
    }
    token = { value, renewAt: now() + TOKEN_DAYS * 86_400_000 - RENEW_BEFORE_MS };
    return value;
  }

  /** The kept token, or a new one (one login at a time, however many calls are waiting for it). */
  async function currentToken(): Promise<string> {
    if (token && now() < token.renewAt) return token.value;
    loggingIn ??= login().finally(() => {
      loggingIn = undefined;
    });
    return loggingIn;
  }

  async function call<T>(request: Call): Promise<{ status: number; body: T }> {
    const bearer = await currentToken();
    let answer = await exchange(request, bearer);
    if (answer.status === 401) {
      // Expired or revoked early (another login elsewhere): sign in again once and retry.
      if (token?.value === bearer) token = undefined;
      answer = await exchange(request, await currentToken());
      if (answer.status === 401)
        throw new CourierProviderError(
          `Shiprocket would not accept the shop's login when asked to ${request.doing}: check SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD.`,
        );
    }
    if (answer.body === undefined)
      throw new CourierProviderError(
        `Shiprocket answered something other than JSON when asked to ${request.doing} (HTTP ${answer.status}).`,
      );
    if (answer.status >= 500 || answer.status === 429) {
      const what = answer.status === 429 ? 'is limiting requests' : `failed (HTTP ${answer.status})`;
      throw new CourierProviderError(
        `Shiprocket ${what} when asked to ${request.doing}: ${messageOf(answer.body, answer.status)}. Try again shortly.`,
      );
    }
    if (answer.status >= 400)
      throw new CourierProviderError(
        `Shiprocket refused to ${request.doing}: ${messageOf(answer.body, answer.status)}`,
        answer.status,
      );
    return { status: answer.status, body: answer.body as T };
  }

  return {
    call,
    get logins() {
      return logins;
    },
  };
}
