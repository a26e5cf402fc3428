import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TestOutboxFile } from '../modules/messages/index.js';

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
  const folder = path.join(app.services.messaging.outboxDir, channel);
  const names = (await readdir(folder).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
  const wanted = to.startsWith('+') ? to : `+91${to}`;
  const files: TestOutboxFile[] = [];
  for (const name of names) {
    const file = JSON.parse(await readFile(path.join(folder, name), 'utf8')) as TestOutboxFile;
    if (file.to === wanted && (!kind || file.kind === kind)) files.push(file);
  }
  return files;
}

/** The code in the newest SMS of `kind` to `to`. */
export async function latestSmsCode(app: FastifyInstance, to: string, kind: 'mobile-code' | 'cod-code') {
  const sms = (await textMessagesTo(app, 'sms', to, kind)).at(-1);
  if (!sms?.params.code) throw new Error(`no ${kind} SMS to ${to}`);
  return sms.params.code;
}
