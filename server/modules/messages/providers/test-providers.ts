import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MessageChannel } from '../../../db/schema.js';
import { builtInDltTemplateId } from '../message-templates.js';
import { international, type MessageProvider, type OutgoingMessage } from './message-provider.js';
import type { TestOutboxFile } from './test-outbox.js';

/**
 * The built-in test providers (the default; the demo and the tests use them): each message is a
 * JSON file in DATA_DIR/outbox/sms/ or DATA_DIR/outbox/whatsapp/, named `<ISO time>-<outbox id>.json`,
 * as e-mails are .eml files beside them. Tests and the e2e find a customer's messages by `to` and
 * `kind` (readTestOutbox). The SMS one uses made-up DLT template ids, so every kind is sent.
 */
export function testMessageProvider(
  channel: MessageChannel,
  options: { outboxDir: string; senderId: string; now?: () => Date },
): MessageProvider {
  const folder = path.join(options.outboxDir, channel);
  const now = options.now ?? (() => new Date());
  return {
    channel,
    name: 'test',
    async send(message: OutgoingMessage) {
      const at = now().toISOString();
      const file: TestOutboxFile = {
        id: message.id,
        channel,
        to: international(message.to),
        kind: message.kind,
        template: channel === 'sms' ? builtInDltTemplateId(message.kind) : message.rendered.whatsapp.name,
        language: message.language,
        params: message.params,
        text: channel === 'sms' ? message.rendered.smsText : message.rendered.whatsapp.text,
        ...(channel === 'sms' ? { sender: options.senderId } : {}),
        at,
      };
      await mkdir(folder, { recursive: true });
      // Written as the .eml files are (colons and dots made dashes); the names still sort by time.
      const name = `${at.replace(/[:.]/g, '-')}-${message.id}.json`;
      // Written aside, then renamed: a reader (a test polling for the message) never sees half a file.
      const target = path.join(folder, name);
      await writeFile(`${target}.part`, `${JSON.stringify(file, null, 2)}\n`);
      await rename(`${target}.part`, target);
      return { providerMessageId: `test-${channel}-${message.id}` };
    },
  };
}
