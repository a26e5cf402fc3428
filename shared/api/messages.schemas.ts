import * as z from 'zod/mini';
import { queryInt } from './orders-admin.schemas.js';

export const messageChannelValues = ['sms', 'whatsapp'] as const;
export const messageStatusValues = [
  'queued',
  'sent',
  'delivered',
  'read',
  'failed',
  'skipped',
  'given-up',
] as const;

export const whatsappWebhookVerify = {
  query: z.object({
    'hub.mode': z.optional(z.string().check(z.maxLength(40))),
    'hub.verify_token': z.optional(z.string().check(z.maxLength(200))),
    'hub.challenge': z.optional(z.string().check(z.maxLength(200))),
  }),
  response: z.string().check(z.describe('text/plain: the challenge')),
};

/** The bodies are raw bytes (the signature or secret covers them); the answers say what was done. */
const webhookAnswer = z.object({
  status: z.literal('processed'),
  receipts: z.number(),
  ignored: z.number(),
  optOuts: z.number(),
});

export const whatsappWebhook = { response: webhookAnswer };

export const msg91Webhook = {
  query: z.object({ secret: z.optional(z.string().check(z.maxLength(200))) }),
  response: webhookAnswer,
};

export const apiAdminMessage = z.object({
  id: z.string(),
  createdAt: z.string(),
  channel: z.enum(messageChannelValues),
  kind: z.string(),
  /** "••••••3210" */
  to: z.string(),
  language: z.string(),
  status: z.enum(messageStatusValues),
  statusAt: z.string(),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
});
export type ApiAdminMessage = z.output<typeof apiAdminMessage>;

export const adminMessages = {
  query: z.object({
    channel: z.optional(z.enum(messageChannelValues, { error: 'The channel must be sms or whatsapp' })),
    status: z.optional(z.enum(messageStatusValues, { error: 'That is not a message status' })),
    page: queryInt('page', 1, 10_000),
  }),
  response: z.object({
    messages: z.array(apiAdminMessage),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
};
