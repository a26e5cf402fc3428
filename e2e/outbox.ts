import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { readTestOutbox, type TestOutboxFile } from '../server/modules/messages/providers/test-outbox';

/**
 * The e-mails the e2e server's dev mailer writes to .data/e2e-<port>/outbox as .eml files, read
 * back as a person would see them: recipient, decoded subject (₹ arrives RFC 2047-encoded) and the
 * plain-text part.
 */
const outbox = path.join('.data', `e2e-${process.env.E2E_PORT ?? 3100}`, 'outbox');

export type OutboxMail = { file: string; to: string; subject: string; text: string };

/** An RFC 2047 header (`=?UTF-8?Q?…?=` or `=?UTF-8?B?…?=` words, folded over lines) as text. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

/** The plain-text part of a message, quoted-printable or base64 (Hindi text often is) decoded. */
function plainText(raw: string): string {
  const part = raw.split(/Content-Type: text\/plain[^\n]*\n/i)[1]?.split(/\n----_/)[0] ?? '';
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(part))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (!/Content-Transfer-Encoding: quoted-printable/i.test(part)) return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Every message the dev mailer wrote to `to`, oldest first. */
export async function mailsTo(to: string): Promise<OutboxMail[]> {
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails: OutboxMail[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(outbox, file), 'utf8');
    const headers = raw.split(/\r?\n\r?\n/)[0] ?? '';
    const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
    const recipient = unfolded.match(/^To: (.*)$/im)?.[1]?.trim() ?? '';
    if (recipient !== to) continue;
    mails.push({
      file,
      to: recipient,
      subject: decodeHeader(unfolded.match(/^Subject: (.*)$/im)?.[1] ?? ''),
      text: plainText(raw),
    });
  }
  return mails;
}

/** Waits for the message to `to` whose subject contains `subject`, and answers it. */
export async function expectMail(to: string, subject: string | RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(to)).find((mail) =>
          typeof subject === 'string' ? mail.subject.includes(subject) : subject.test(mail.subject),
        );
        return found?.subject;
      },
      { message: `an e-mail to ${to} about "${subject}" in ${outbox}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return found!;
}

/** The e2e server's DATA_DIR: its test SMS and WhatsApp providers write under outbox/sms and outbox/whatsapp. */
export const e2eDataDir = path.join('.data', `e2e-${process.env.E2E_PORT ?? 3100}`);

async function latestText(dataDir: string, channel: 'sms' | 'whatsapp', to: string, kind: string) {
  let found: TestOutboxFile | undefined;
  await expect
    .poll(
      async () => {
        found = (await readTestOutbox(path.join(dataDir, 'outbox'), channel, to, kind)).at(-1);
        return found?.id;
      },
      { message: `a ${channel} ${kind} message to ${to} in ${dataDir}/outbox/${channel}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return found!;
}

/** Waits for the newest SMS of `kind` to `to` (a mobile code, a COD code...) and answers it. */
export function latestSms(dataDir: string, to: string, kind: string): Promise<TestOutboxFile> {
  return latestText(dataDir, 'sms', to, kind);
}

/** Waits for the newest WhatsApp message of `kind` to `to` and answers it. */
export function latestWhatsapp(dataDir: string, to: string, kind: string): Promise<TestOutboxFile> {
  return latestText(dataDir, 'whatsapp', to, kind);
}
