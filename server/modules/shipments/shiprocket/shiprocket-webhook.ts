import { safeEqual } from '../../../lib/secrets.js';
import type { CourierEvent } from '../courier-provider.js';
import { parseIndiaTime, type ShiprocketScan, scanEventId, statusOfId, text } from './shiprocket-mapping.js';

/**
 * Shiprocket's tracking webhook (set in its panel, Settings > API > Webhooks): a JSON POST on every
 * new scan, carrying the token the merchant typed there in `x-api-key` (it signs nothing). It has
 * no event id, and is sent again on failure: the id is derived from AWB, status and time.
 */
export const SHIPROCKET_TOKEN_HEADER = 'x-api-key';

/**
 * The scan a webhook reports: undefined when its token is wrong or its body unreadable, `ignored`
 * for a verified report of a status the shop does not follow.
 */
export function parseShiprocketWebhook(
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
  token: string,
): CourierEvent | 'ignored' | undefined {
  const sent = headers[SHIPROCKET_TOKEN_HEADER];
  if (!sent || !safeEqual(sent, token)) return undefined;
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(rawBody.toString('utf8'));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    body = parsed as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const awb = typeof body.awb === 'number' ? String(body.awb) : text(body.awb);
  if (!awb) return undefined;
  const statusId = Number(body.shipment_status_id);
  const status = statusOfId(statusId);
  if (!status) return 'ignored';
  const scans = Array.isArray(body.scans) ? (body.scans as ShiprocketScan[]) : [];
  // The scan this report is about: the latest of its status (scans are listed oldest first). Its
  // time before current_timestamp, so that polling (which reads only scans) derives the same id.
  const scan = scans.filter((s) => Number(s['sr-status']) === statusId).at(-1);
  const occurredAt = parseIndiaTime(scan?.date) ?? parseIndiaTime(body.current_timestamp);
  // A verified report of an unreadable time cannot be told from its replays: polling will find it.
  if (!occurredAt) return 'ignored';
  return {
    eventId: scanEventId(awb, statusId, occurredAt),
    awb,
    status,
    occurredAt,
    location: text(scan?.location),
    description: text(scan?.activity) ?? text(body.current_status),
    raw: body,
  };
}
