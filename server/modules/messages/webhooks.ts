import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { customerIdByVerifiedMobile, setChannelOffers } from '../accounts/index.js';
import { RECEIPT_MAX_AGE_MS, type Receipt, recordReceipt } from './receipts.js';

/** Compares two secrets in constant time (different lengths are simply unequal). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>`. */
export function whatsappSignatureValid(
  raw: Buffer,
  header: string | undefined,
  appSecret: string | undefined,
) {
  if (!appSecret || !header?.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', appSecret).update(raw).digest('hex');
  return sameSecret(header.slice('sha256='.length).toLowerCase(), expected);
}

/** "STOP" in any case, or the Hindi "रोकें" / "बंद": the customer withdraws WhatsApp offers. */
export function isStopWord(text: string): boolean {
  const word = text.trim().replace(/[.!।]+$/u, '');
  return /^stop$/i.test(word) || word === 'रोकें' || word === 'बंद';
}

type WhatsappPayload = {
  entry?: {
    changes?: {
      value?: {
        statuses?: { id?: string; status?: string; timestamp?: string; errors?: { title?: string }[] }[];
        messages?: {
          from?: string;
          timestamp?: string;
          type?: string;
          text?: { body?: string };
          button?: { text?: string };
        }[];
      };
    }[];
  }[];
};

const whatsappStatuses = new Set(['sent', 'delivered', 'read', 'failed']);

export type WebhookTally = { receipts: number; ignored: number; optOuts: number };

/**
 * A verified WhatsApp webhook: each status is a receipt; a customer's reply STOP withdraws their
 * consent to WhatsApp offers. Old or unknown entries are acknowledged and ignored (Meta retries
 * anything not answered 200).
 */
export async function handleWhatsappWebhook(db: Database, body: unknown, now: Date): Promise<WebhookTally> {
  const tally: WebhookTally = { receipts: 0, ignored: 0, optOuts: 0 };
  const values =
    ((body ?? {}) as WhatsappPayload).entry?.flatMap((e) => e.changes ?? []).map((c) => c.value ?? {}) ?? [];
  for (const value of values) {
    for (const status of value.statuses ?? []) {
      const at = new Date(Number(status.timestamp) * 1000);
      if (!status.id || !whatsappStatuses.has(status.status ?? '') || Number.isNaN(at.getTime())) {
        tally.ignored += 1;
        continue;
      }
      const outcome = await recordReceipt(
        db,
        {
          channel: 'whatsapp',
          providerMessageId: status.id,
          status: status.status as Receipt['status'],
          at,
          detail: status.errors?.[0]?.title,
        },
        now,
      );
      tally[outcome === 'recorded' ? 'receipts' : 'ignored'] += 1;
    }
    for (const message of value.messages ?? []) {
      const text = message.text?.body ?? message.button?.text ?? '';
      const at = new Date(Number(message.timestamp) * 1000);
      const mobile = (message.from ?? '').replace(/\D/g, '').slice(-10);
      const fresh = !Number.isNaN(at.getTime()) && now.getTime() - at.getTime() <= RECEIPT_MAX_AGE_MS;
      const userId = fresh && isStopWord(text) ? await customerIdByVerifiedMobile(db, mobile) : undefined;
      if (!userId) {
        tally.ignored += 1;
        continue;
      }
      // Recorded when the shop heard it: the reply's own time has whole seconds only, and must not
      // sort before a consent given in the same second.
      await setChannelOffers(db, userId, 'whatsapp', false, 'whatsapp reply', now);
      tally.optOuts += 1;
    }
  }
  return tally;
}

type Msg91Report = {
  requestId?: string;
  status?: string | number;
  desc?: string;
  date?: string;
  deliveryTime?: string;
  failureReason?: string;
  report?: { status?: string | number; desc?: string; date?: string }[];
};

/** MSG91's report statuses: 1 delivered; 2 failed, 9 NDNC, 16 and 25 rejected, 17 blocked. */
function msg91Status(
  status: string | number | undefined,
  desc: string | undefined,
): Receipt['status'] | undefined {
  const code = String(status ?? '')
    .trim()
    .toLowerCase();
  if (code === '1' || code === 'delivered' || desc?.toUpperCase() === 'DELIVERED') return 'delivered';
  if (['2', '9', '16', '17', '25', 'failed', 'rejected', 'ndnc', 'blocked'].includes(code)) return 'failed';
  return undefined;
}

/** MSG91 writes its times in India time, without a zone: "2026-11-29 14:05:09". */
function indiaTime(value: string | undefined, now: Date): Date {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(value?.trim() ?? '');
  return match ? new Date(`${match[1]}T${match[2]}+05:30`) : now;
}

/**
 * MSG91's delivery reports (JSON: one report, a list of them, or v2's `{data: "<JSON list>"}`
 * whose entries carry a `report` list), each naming the Flow request's id.
 */
export async function handleMsg91Webhook(db: Database, body: unknown, now: Date): Promise<WebhookTally> {
  const tally: WebhookTally = { receipts: 0, ignored: 0, optOuts: 0 };
  let reports: unknown = body;
  if (reports && typeof reports === 'object' && 'data' in reports && typeof reports.data === 'string') {
    try {
      reports = JSON.parse(reports.data);
    } catch {
      reports = [];
    }
  }
  const list = (Array.isArray(reports) ? reports : [reports]) as Msg91Report[];
  for (const report of list) {
    const entries = report?.report?.length ? report.report : [report ?? {}];
    for (const entry of entries) {
      const status = msg91Status(entry.status, entry.desc);
      const requestId = report?.requestId;
      if (!requestId || !status) {
        tally.ignored += 1;
        continue;
      }
      const at = indiaTime(entry.date ?? (entry as Msg91Report).deliveryTime, now);
      const outcome = await recordReceipt(
        db,
        {
          channel: 'sms',
          providerMessageId: requestId,
          status,
          at,
          detail: (entry as Msg91Report).failureReason || entry.desc,
        },
        now,
      );
      tally[outcome === 'recorded' ? 'receipts' : 'ignored'] += 1;
    }
  }
  return tally;
}
