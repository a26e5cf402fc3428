import {
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  urlOf,
} from '../../shared/api/endpoint';
import { readToken } from './stored-customer';

/** A call's parts, typed by its endpoint's schemas (shared/api/). */
export type CallInput<E extends Endpoint> = {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  signal?: AbortSignal;
};

/**
 * What a route's `load` may call: the server implements it in-process, the browser with fetch.
 * Calls name a shared endpoint, never a string, so an answer's type is the server's own.
 */
export interface ApiClient {
  call<E extends Endpoint>(endpoint: E, input?: CallInput<E>): Promise<ResponseOf<E>>;
}

/** A failed API call, carrying the server's `{message}` (and field errors for a 400). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return (
    error instanceof Error && error.name === 'ApiError' && typeof (error as ApiError).status === 'number'
  );
}

const networkMessage = "We couldn't reach the shop. Check your connection and try again.";

/** Turns an API response body into an error a page can show as it is. */
export function errorFromResponse(status: number, body: unknown): ApiError {
  const payload = (body ?? {}) as { message?: unknown; errors?: Record<string, string> };
  const message =
    typeof payload.message === 'string' && payload.message
      ? payload.message
      : status >= 500
        ? 'Something went wrong on our side. Please try again.'
        : `The request failed (${status}).`;
  return new ApiError(status, message, payload.errors);
}

/** The page's language, told to the API (e-mails to someone without an account are written in it). */
let pageLanguage: string | undefined;
export function setRequestLanguage(language: string): void {
  pageLanguage = language;
}

async function request<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (pageLanguage) headers['accept-language'] = pageLanguage;
  // Read on every call, not once at start-up: a login or logout in this or another tab must apply
  // to the very next request.
  const token = readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, networkMessage);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw errorFromResponse(response.status, parsed);
  return parsed as T;
}

/** The browser's API client: JSON in and out, bearer token from the stored customer. */
export const api: ApiClient = {
  call: (endpoint, input = {}) => request(endpoint.method, urlOf(endpoint, input), input.body, input.signal),
};
