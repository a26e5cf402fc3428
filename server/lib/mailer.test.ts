import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';

/** The dev outbox (no SMTP_URL): every message as an .eml file, attachments included. */
describe('the dev outbox', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('writes a message with its attachment, as a mail client would open it', async () => {
    const outboxDir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    dirs.push(outboxDir);
    const mailer = createMailer({ outboxDir, log: pino({ level: 'silent' }) });
    const pdf = Buffer.from('%PDF-1.3 a stand-in for an invoice');
    await mailer.send({
      to: 'asha@example.in',
      subject: 'Your order has been delivered',
      text: 'Your tax invoice is attached.',
      html: '<p>Your tax invoice is attached.</p>',
      attachments: [{ filename: 'BB-26-27-000123.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    const [file] = await readdir(outboxDir);
    const raw = await readFile(path.join(outboxDir, file!), 'utf8');
    expect(raw).toMatch(/Content-Type: multipart\/mixed/);
    expect(raw).toMatch(/Content-Type: application\/pdf; name=BB-26-27-000123\.pdf/);
    expect(raw).toMatch(/Content-Disposition: attachment; filename=BB-26-27-000123\.pdf/);
    // The part's body: after its headers, up to the closing boundary.
    const body = raw.split(/Content-Disposition: attachment[^\n]*\n/)[1]!.split(/\n--/)[0]!;
    expect(Buffer.from(body.replace(/\s+/g, ''), 'base64').equals(pdf)).toBe(true);
  });
});
