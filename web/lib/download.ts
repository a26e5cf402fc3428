import { errorFromResponse } from './api-client';
import { readToken } from './stored-customer';

/**
 * Downloads a file the API answers to the signed-in customer (a tax invoice): fetched with the
 * bearer token, since a plain link cannot send it, then saved under `fileName`. A refusal throws
 * the API's message as an ApiError, like any other call.
 */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  const token = readToken();
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
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
