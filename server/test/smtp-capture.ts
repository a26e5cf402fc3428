import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { to: string[]; raw: string };

/**
 * A real SMTP server on loopback that keeps every message, for tests of e-mail flows. `port`: a
 * fixed one (the mail-outage bench restarts the app against the same address).
 */
export async function startSmtpCapture(options: { port?: number; refusing?: boolean } = {}) {
  const messages: CapturedMail[] = [];
  // While refusing, every connection is answered "421 try again later", as a mail server that is
  // down for maintenance or overloaded does; senders must keep the message and retry.
  let refusing = options.refusing ?? false;
  let refused = 0;
  // While held, messages are received but not accepted: the sender waits, as on a slow mail server.
  let held: Promise<void> | undefined;
  let release = () => {};
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (!refusing) return callback();
      refused += 1;
      const error = new Error('Service not available, try again later') as Error & { responseCode: number };
      error.responseCode = 421;
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accept = () => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        };
        if (held) void held.then(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Refuses (421) every connection from now on, or accepts them again. */
    refuse(on: boolean) {
      refusing = on;
    },
    /** How many connections were refused. */
    get refused() {
      return refused;
    },
    /** Holds every message until the returned function is called. */
    hold(): () => void {
      held = new Promise<void>((resolve) => {
        release = () => {
          held = undefined;
          resolve();
        };
      });
      return () => release();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes a raw message's quoted-printable parts so links and ₹ amounts can be read. */
export function mailText(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * A captured message as its reader sees it: the subject with its encoded words decoded (a Hindi
 * subject travels as `=?UTF-8?B?...?=`), and the text and HTML parts decoded from base64 or
 * quoted-printable, whichever the sender chose.
 */
export function readMail(raw: string): { subject: string; text: string; html: string; raw: string } {
  const unfolded = raw.replace(/\r\n/g, '\n');
  const headerEnd = unfolded.indexOf('\n\n');
  const headers = unfolded.slice(0, headerEnd).replace(/\n[ \t]+/g, ' ');
  const subjectLine = /^Subject: (.*)$/m.exec(headers)?.[1] ?? '';
  const subject = subjectLine
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_match, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
  const part = (type: string) => {
    const found = new RegExp(
      `Content-Type: ${type}[^\\n]*\\n(?:[^\\n]+\\n)*?Content-Transfer-Encoding: ([^\\n]+)\\n(?:[^\\n]+\\n)*\\n([\\s\\S]*?)(?:\\n--|$)`,
      'i',
    ).exec(unfolded);
    if (!found) return '';
    const [, encoding = '', body = ''] = found;
    return encoding.trim().toLowerCase() === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding.trim().toLowerCase() === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  };
  return { subject, text: part('text/plain'), html: part('text/html'), raw };
}

function decodeQuotedPrintable(text: string): string {
  return mailText(text);
}
