import type { OfferEmailInput } from '../../../shared/api/offer-emails.schemas.js';
import { defaultLocale, type Locale } from '../../../shared/locales.js';
import type { Database } from '../../db/client.js';
import { translator } from '../../i18n/index.js';
import { conflict } from '../../lib/errors.js';
import { marketingAudienceSize, marketingRecipients } from '../accounts/index.js';
import { type AuditActor, recordAudit, sameActionSince } from '../audit/index.js';
import { queueEmail } from '../email-outbox/index.js';
import { offerEmail } from './offer-emails.emails.js';

/**
 * Offer e-mails: written in the console, sent to the customers whose current choice is
 * yes and to nobody else, each with its own link to stop them. The marketing module owns no table:
 * who wants offers is the accounts module's consent records.
 */
const REPEAT_GUARD_MS = 10 * 60_000;
const indiaTime = new Intl.DateTimeFormat('en-IN', { timeStyle: 'short', timeZone: 'Asia/Kolkata' });
const auditSummary = (subject: string) => `E-mailed the offer "${subject}" to the customers who want offers`;

export function createOfferEmails(deps: { db: Database; publicUrl: string }) {
  const { db, publicUrl } = deps;
  return {
    async audience() {
      return { subscribers: await marketingAudienceSize(db) };
    },

    async send(actor: AuditActor, input: OfferEmailInput & { subject: string; message: string }) {
      // The offer's words in a customer's language when the console gave them, else the English.
      const wordsFor = (locale: Locale) => {
        const words = (locale === defaultLocale ? undefined : input.translations?.[locale]) ?? input;
        return {
          subject: words.subject,
          message: words.message,
          action: input.linkPath
            ? {
                label: words.linkLabel || translator(locale).t('marketing.offer.shopNow'),
                url: `${publicUrl}${input.linkPath}`,
              }
            : undefined,
        };
      };
      // Who wants offers is read, and every message queued, in one transaction: a customer who
      // withdraws meanwhile is either before it (not sent) or after it (sent once, as they asked then).
      const recipients = await db.transaction(async (tx) => {
        // A double click, or two staff at once, must not mail everyone twice: the same subject
        // within 10 minutes is refused (checked under a lock, so the second waits for the first).
        const sent = await sameActionSince(
          tx,
          'offer-email.send',
          auditSummary(input.subject),
          new Date(Date.now() - REPEAT_GUARD_MS),
        );
        if (sent) {
          throw conflict(
            `“${input.subject}” was sent at ${indiaTime.format(sent)}. To send it again, wait 10 minutes, or change the subject.`,
          );
        }
        const list = await marketingRecipients(tx);
        for (const recipient of list) {
          const token = encodeURIComponent(recipient.withdrawToken);
          await queueEmail(
            tx,
            offerEmail({
              to: recipient.email,
              firstname: recipient.firstname,
              ...wordsFor(recipient.language),
              locale: recipient.language,
              stopUrl: `${publicUrl}/unsubscribe?token=${token}`,
              oneClickUrl: `${publicUrl}/api/marketing/unsubscribe?token=${token}`,
            }),
            'offer',
          );
        }
        await recordAudit(tx, actor, {
          action: 'offer-email.send',
          entityType: 'offer-email',
          summary: auditSummary(input.subject),
          after: { recipients: list.length },
        });
        return list;
      });
      return {
        queued: recipients.length,
        message:
          recipients.length === 0
            ? 'Nobody has asked for offers by e-mail yet, so nothing was sent.'
            : `The offer is on its way to ${recipients.length.toLocaleString('en-IN')} ${recipients.length === 1 ? 'customer' : 'customers'}.`,
      };
    },
  };
}

export type OfferEmails = ReturnType<typeof createOfferEmails>;
