import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { defaultLocale, type Locale } from '../../shared/locales.js';
import { type MessageValues, type Translate, translator } from '../i18n/index.js';
import { SHOP_NAME } from './shop-name.js';

export { SHOP_NAME };

const FROM = `${SHOP_NAME} <no-reply@bharatbazaar.in>`;

/** A file sent with a message (the tax invoice with the delivered e-mail). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Extra headers: marketing e-mails' List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /**
   * The Message-ID header, `<...@bharatbazaar.in>`. The outbox gives each message one that stays
   * the same across retries, so a receiving server (or a person) can tell a repeat from a new one.
   */
  messageId?: string;
};
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * SMTP when SMTP_URL is set. Otherwise every message is written to DATA_DIR/outbox as an .eml
 * file and logged, so password resets work on a fresh clone with no mail server.
 */
export function createMailer(options: {
  smtpUrl?: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    // Bounded waits: the outbox worker's lease on a message (EMAIL_LEASE_SECONDS, 2 min by default)
    // must outlast one attempt, or a slow server could see the message claimed by a second worker.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 60_000,
    });
    return {
      async send(mail) {
        await transport.sendMail({ from: FROM, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // Two messages with one subject in the same millisecond (two staff invitations queued together)
  // must not share a file name: the second would overwrite the first.
  let written = 0;
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: FROM, ...mail });
      await mkdir(options.outboxDir, { recursive: true });
      written += 1;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(written).padStart(5, '0')}-${mail.subject
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .slice(0, 40)}.eml`;
      const file = path.join(options.outboxDir, name);
      await writeFile(file, info.message as Buffer);
      options.log.info({ to: mail.to, subject: mail.subject, file }, `E-mail written to ${file}`);
    },
  };
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** "Hello Priya," in the message's language; a blank name still reads as a greeting. */
export function greeting(t: Translate, firstname: string): string {
  const name = firstname.trim();
  return name ? t('email.greeting', { name }) : t('email.greetingNoName');
}

/**
 * A translated sentence for an HTML part: escaped like any text, with the `markup` variables (a
 * link, a bold order number) put in as the HTML given, which the caller escapes itself.
 */
export function htmlMessage(
  t: Translate,
  key: string,
  values: MessageValues,
  markup: Record<string, string>,
): string {
  const slots = Object.keys(markup).map((name, i) => [name, `\u0001${i}\u0002`] as const);
  let html = escapeHtml(t(key, { ...values, ...Object.fromEntries(slots) }));
  for (const [name, slot] of slots) html = html.replace(slot, markup[name]!);
  return html;
}

/**
 * The frame every message shares: a plain-text part and a simple, accessible HTML part, with its
 * own few words (the link under the button, the signature) in `locale` (English by default: staff
 * e-mails). The caller writes the rest in that language too.
 */
export function layoutEmail(input: {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
  /** A link under the footer (marketing e-mails: how to stop them). */
  footerLink?: { text: string; label: string; url: string };
  locale?: Locale;
}): Mail & { to: '' } {
  const { t, lang } = translator(input.locale ?? defaultLocale);
  const footer = input.footer ?? t('email.signature');
  const textParts = [input.greeting, '', ...input.paragraphs.flatMap((p) => [p, ''])];
  if (input.action) textParts.push(`${input.action.label}: ${input.action.url}`, '');
  textParts.push(footer);
  if (input.footerLink)
    textParts.push('', `${input.footerLink.text} ${input.footerLink.label}: ${input.footerLink.url}`);
  const html = `<!doctype html><html lang="${lang}"><body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:32px">
<tr><td style="font-size:20px;font-weight:bold;color:#0f3d91;padding-bottom:16px">${SHOP_NAME}</td></tr>
<tr><td style="font-size:15px;line-height:1.6"><p>${escapeHtml(input.greeting)}</p>
${input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${input.action ? `<p style="margin:24px 0"><a href="${escapeHtml(input.action.url)}" style="background:#0f3d91;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(input.action.label)}</a></p><p style="font-size:13px;color:#6b7280">${escapeHtml(t('email.buttonFallback'))} ${escapeHtml(input.action.url)}</p>` : ''}
<p style="font-size:13px;color:#6b7280">${escapeHtml(footer)}</p>${input.footerLink ? `\n<p style="font-size:13px;color:#6b7280">${escapeHtml(input.footerLink.text)} <a href="${escapeHtml(input.footerLink.url)}" style="color:#0f3d91">${escapeHtml(input.footerLink.label)}</a></p>` : ''}</td></tr>
</table></td></tr></table></body></html>`;
  return { to: '', subject: input.subject, text: textParts.join('\n'), html };
}
