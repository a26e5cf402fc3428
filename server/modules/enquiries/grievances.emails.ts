import type { Locale } from '../../../shared/locales.js';
import type { TicketKind, TicketTopic } from '../../../shared/schemas/grievance.js';
import { translator } from '../../i18n/index.js';
import { greeting, layoutEmail, type Mail } from '../../lib/mailer.js';

/**
 * The acknowledgement of a complaint or data request, sent as soon as it is filed, in the
 * language of the one who filed it: the ticket number to quote and the dates we hold ourselves to,
 * in India time. Sending it is what the E-Commerce Rules call acknowledging the complaint.
 */
export function ticketAcknowledgementEmail(input: {
  to: string;
  name: string;
  ticketNumber: string;
  kind: TicketKind;
  topic: TicketTopic;
  createdAt: Date;
  respondBy: Date;
  requestsUrl: string;
  locale: Locale;
}): Mail {
  const { t, date } = translator(input.locale);
  const { kind, ticketNumber: ticket } = input;
  // ICU select keys are words: `withdraw-consent` is `withdraw_consent` in the catalogue.
  const topic = t(kind === 'grievance' ? 'support.topic.grievance' : 'support.topic.rights', {
    topic: input.topic.replace(/-/g, '_'),
  });
  return {
    ...layoutEmail({
      subject: t('support.ack.subject', { kind, ticket }),
      greeting: greeting(t, input.name),
      paragraphs: [
        t('support.ack.thanks', { kind, ticket }),
        t('support.ack.received', { kind, topic, at: date(input.createdAt, 'dateTime') }),
        kind === 'grievance'
          ? t('support.ack.resolveBy', { date: date(input.respondBy, 'date') })
          : t('support.ack.answerBy', { date: date(input.respondBy, 'date') }),
        t('support.ack.identity'),
        t('support.ack.follow'),
      ],
      action: { label: t('support.action.tickets'), url: input.requestsUrl },
      footer: t('email.teamSignature'),
      locale: input.locale,
    }),
    to: input.to,
  };
}
