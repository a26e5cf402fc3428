import type { FastifyInstance } from 'fastify';
import { readTestOutbox, type TestOutboxFile } from '../modules/messages/index.js';

/**
 * The SMS or WhatsApp messages the built-in test provider wrote for `to` (ten digits or +91...),
 * of `kind` when given, oldest first, after the worker has sent everything waiting.
 */
export async function textMessagesTo(
  app: FastifyInstance,
  channel: 'sms' | 'whatsapp',
  to: string,
  kind?: string,
): Promise<TestOutboxFile[]> {
  await app.services.messaging.worker.drain();
  return readTestOutbox(app.services.messaging.outboxDir, channel, to, kind);
}

/** The code in the newest SMS of `kind` to `to`. */
export async function latestSmsCode(app: FastifyInstance, to: string, kind: 'mobile-code' | 'cod-code') {
  const sms = (await textMessagesTo(app, 'sms', to, kind)).at(-1);
  if (!sms?.params.code) throw new Error(`no ${kind} SMS to ${to}`);
  return sms.params.code;
}
