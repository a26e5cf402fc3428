import {
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  urlOf,
} from '../../../shared/api/endpoint';
import { ApiError, errorFromResponse } from '../../lib/api-client';
import { saveDownload } from '../../lib/download';
import { clearStaffToken, readStaffToken } from './staff-session';

export { ApiError, isApiError } from '../../lib/api-client';

type CallInput<E extends Endpoint> = {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  signal?: AbortSignal;
};

const networkMessage = "We couldn't reach the server. Check your connection and try again.";

/**
 * The console's own request function rather than the shop's client: it sends the staff token,
 * sends multipart bodies (uploads), and ends the console session on a 401. Kept apart so that
 * none of it reaches the storefront's first-load JavaScript.
 */
async function request<T>(method: string, url: string, body: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = readStaffToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
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
    parsed = text;
  }
  if (!response.ok) {
    const error = errorFromResponse(response.status, parsed);
    // The session ended (idle 30 minutes, 12 hours, revoked): back to sign-in, saying why.
    if (response.status === 401 && token) clearStaffToken(error.message);
    throw error;
  }
  return parsed as T;
}

export const adminApi = {
  /** A JSON call, typed by the shared endpoint definition. */
  call<E extends Endpoint>(endpoint: E, input: CallInput<E> = {}): Promise<ResponseOf<E>> {
    return request(endpoint.method, urlOf(endpoint, input), input.body, input.signal);
  },
  /** A multipart call (uploads): `form` holds the files and fields. */
  upload<E extends Endpoint>(
    endpoint: E,
    form: FormData,
    input: Omit<CallInput<E>, 'body'> = {},
  ): Promise<ResponseOf<E>> {
    return request(endpoint.method, urlOf(endpoint, input), form, input.signal);
  },
};

/** Files under one repeated field name (the upload endpoint's `images`), as multipart. */
export function uploadFiles<E extends Endpoint>(
  endpoint: E,
  files: readonly File[],
  field = 'images',
  input: Omit<CallInput<E>, 'body'> = {},
): Promise<ResponseOf<E>> {
  const form = new FormData();
  for (const file of files) form.append(field, file, file.name);
  return adminApi.upload(endpoint, form, input);
}

/**
 * A download (CSV export, invoice, shipping label…) with the staff token: fetched, then saved under
 * `fileName`; with `body`, asked for by a JSON POST (the labels of many parcels).
 */
export function downloadFile(url: string, fileName: string, body?: unknown): Promise<void> {
  return saveDownload(url, fileName, readStaffToken(), body);
}
