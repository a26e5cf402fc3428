import { errorFromResponse } from './api-client';
import { readToken } from './stored-customer';

/**
 * Fetches a file the API answers with a bearer token (a plain link cannot send one) and saves it
 * under `fileName`. A refusal throws the API's message as an ApiError, like any other call. The
 * storefront passes the customer's token (`downloadFile`), the console the staff member's. With
 * `body` the file is asked for by a JSON POST (many shipping labels in one PDF).
 */
export async function saveDownload(
  url: string,
  fileName: string,
  token: string | null,
  body?: unknown,
): Promise<void> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(
    url,
    body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) },
  );
  if (!response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    throw errorFromResponse(response.status, body);
  }
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** A file for the signed-in customer (a tax invoice). */
export function downloadFile(url: string, fileName: string): Promise<void> {
  return saveDownload(url, fileName, readToken());
}
