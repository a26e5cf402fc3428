import { endpoint } from './endpoint.js';
import type * as schemas from './offer-emails.schemas.js';

const tag = 'Offer e-mails (staff)';

export const offerAudience = endpoint<typeof schemas.offerAudience>({
  method: 'GET',
  path: '/api/admin/offer-emails/audience',
  access: 'staff',
  permission: 'customers.write',
  tag,
  summary: 'How many customers want offers by e-mail',
});

export const sendOfferEmail = endpoint<typeof schemas.sendOfferEmail>({
  method: 'POST',
  path: '/api/admin/offer-emails',
  access: 'staff',
  permission: 'customers.write',
  tag,
  summary: 'E-mail an offer to every customer who wants offers',
  description:
    'Only to customers whose current choice is yes. Each message carries its own one-click link to stop ' +
    'them (and List-Unsubscribe headers, RFC 8058). Recorded in the audit trail with the subject and the ' +
    "number queued. Each is written in the customer's language: `translations.hi` gives the Hindi subject, " +
    'message and button; without it, Hindi customers get the English words in a Hindi greeting and footer. ' +
    'Limited to 5 an hour.',
  errors: [400, 429],
});
