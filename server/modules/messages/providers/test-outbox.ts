import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MessageChannel } from '../../../db/schema.js';

/**
 * A message the built-in test providers wrote (test-providers.ts): one JSON file per message in
 * <outbox>/sms/ or <outbox>/whatsapp/, named `<ISO time>-<outbox id>.json` so the names sort by time.
 */
export type TestOutboxFile = {
  id: string;
  channel: MessageChannel;
  to: string;
  kind: string;
  template: string;
  language: string;
  params: Record<string, string>;
  text: string;
  sender?: string;
  at: string;
};

/**
 * The messages of `channel` the test provider wrote to `to` (ten digits or +91...), of `kind` when
 * given, oldest first: what the API tests and the e2e read as the customer's phone.
 */
export async function readTestOutbox(
  outboxDir: string,
  channel: MessageChannel,
  to: string,
  kind?: string,
): Promise<TestOutboxFile[]> {
  const folder = path.join(outboxDir, channel);
  const names = (await readdir(folder).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
  const wanted = to.startsWith('+') ? to : `+91${to}`;
  const found: TestOutboxFile[] = [];
  for (const name of names) {
    const file = JSON.parse(await readFile(path.join(folder, name), 'utf8')) as TestOutboxFile;
    if (file.to === wanted && (!kind || file.kind === kind)) found.push(file);
  }
  return found;
}
