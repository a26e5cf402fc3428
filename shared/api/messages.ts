import { endpoint } from './endpoint.js';
import type * as schemas from './messages.schemas.js';

/**
 * SMS and WhatsApp (decision 054): the providers' webhooks (delivery receipts, WhatsApp replies)
 * and the console's list of messages.
 */
const tag = 'Messages (SMS and WhatsApp)';

export const whatsappWebhookVerify = endpoint<typeof schemas.whatsappWebhookVerify>({
  method: 'GET',
  path: '/api/webhooks/whatsapp',
  access: 'public',
  tag,
  summary: "WhatsApp webhook: Meta's verification handshake",
  description:
    'Meta calls it when the webhook is set up: with `hub.mode=subscribe` and `hub.verify_token` equal to ' +
    'WHATSAPP_VERIFY_TOKEN the answer is `hub.challenge` as plain text; otherwise 403.',
  errors: [403],
});

export const whatsappWebhook = endpoint<typeof schemas.whatsappWebhook>({
  method: 'POST',
  path: '/api/webhooks/whatsapp',
  access: 'public',
  tag,
  summary: "WhatsApp webhook: messages' statuses and customers' replies",
  description:
    'The body is read as raw bytes (up to 256 KiB): `X-Hub-Signature-256` must be `sha256=` and the ' +
    'HMAC-SHA256 of exactly those bytes with WHATSAPP_APP_SECRET, else 401 and nothing changes. ' +
    "Each status (sent, delivered, read, failed) is recorded once and moves the message's status " +
    'forward only; a reply STOP (any case, or रोकें / बंद) from a verified number withdraws that ' +
    "customer's consent to WhatsApp offers. Statuses of unknown messages and entries older than a day " +
    'are acknowledged and ignored.',
  errors: [401],
});

export const msg91Webhook = endpoint<typeof schemas.msg91Webhook>({
  method: 'POST',
  path: '/api/webhooks/msg91',
  access: 'public',
  tag,
  summary: "MSG91's SMS delivery reports",
  description:
    'MSG91 does not sign its reports: the shared secret SMS_WEBHOOK_SECRET must come in the ' +
    '`X-Webhook-Secret` header or the `secret` query parameter, else 401. JSON: one report, a list, ' +
    "or the v2 `{data}` form; each names the Flow request's id. Recorded once, forward only.",
  errors: [401],
});

export const adminMessages = endpoint<typeof schemas.adminMessages>({
  method: 'GET',
  path: '/api/admin/messages',
  access: 'staff',
  permission: 'customers.read',
  tag,
  summary: 'Recent SMS and WhatsApp messages, newest first, by channel and status',
  description:
    'Numbers are masked (the last 4 digits). Each read is recorded in the audit trail (customers’ ' +
    'personal data read in bulk).',
});
