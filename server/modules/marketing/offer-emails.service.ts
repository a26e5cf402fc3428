import type { OfferEmailInput } from '../../../shared/api/offer-emails.schemas.js';
import type { Database } from '../../db/client.js';
import type { MailQueue } from '../../lib/mail-queue.js';
import { marketingAudienceSize, marketingRecipients } from '../accounts/consents.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';
import { offerEmail } from './offer-emails.emails.js';

/**
 * Offer e-mails (issue 17): written in the console, sent to the customers whose current choice is
 * yes and to nobody else, each with its own link to stop them. The marketing module owns no table:
 * who wants offers is the accounts module's consent records.
 */
export function createOfferEmails(deps: { db: Database; mailQueue: MailQueue; publicUrl: string }) {
  const { db, mailQueue, publicUrl } = deps;
  return {
    async audience() {
      return { subscribers: await marketingAudienceSize(db) };
    },

    async send(actor: AuditActor, input: OfferEmailInput & { subject: string; message: string }) {
      const recipients = await marketingRecipients(db);
      const action = input.linkPath
        ? { label: input.linkLabel || 'Shop now', url: `${publicUrl}${input.linkPath}` }
        : undefined;
      for (const recipient of recipients) {
        const token = encodeURIComponent(recipient.withdrawToken);
        mailQueue.enqueue(
          offerEmail({
            to: recipient.email,
            firstname: recipient.firstname,
            subject: input.subject,
            message: input.message,
            action,
            stopUrl: `${publicUrl}/unsubscribe?token=${token}`,
            oneClickUrl: `${publicUrl}/api/marketing/unsubscribe?token=${token}`,
          }),
          'offer',
        );
      }
      await recordAudit(db, actor, {
        action: 'offer-email.send',
        entityType: 'offer-email',
        summary: `E-mailed the offer "${input.subject}" to ${recipients.length} customers who want offers`,
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
