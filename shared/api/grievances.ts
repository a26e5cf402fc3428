import { endpoint } from './endpoint.js';
import type * as schemas from './grievances.schemas.js';

const tag = 'Complaints and data requests';

export const submitTicket = endpoint<typeof schemas.submitTicket>({
  method: 'POST',
  path: '/api/grievances',
  access: 'public',
  tag,
  summary: 'File a complaint or a data-rights request',
  description:
    'Answers the ticket number and the dates by which it is acknowledged (48 hours) and answered ' +
    '(a month for a complaint, 30 days for a data request); an acknowledgement is e-mailed at once. A bearer token, when sent and valid, links ' +
    'the ticket to the account (its "My requests"); signed out works too. The acknowledgement is in the ' +
    "account's language when signed in, else in `language` (`en` or `hi`, the page's), else in the first " +
    'of those in Accept-Language, else English. Limited to 5 per 10 minutes per address, like the contact ' +
    'form.',
  status: 201,
  errors: [400, 429],
});

export const listMyTickets = endpoint<typeof schemas.listMyTickets>({
  method: 'GET',
  path: '/api/user/grievances',
  access: 'customer',
  tag,
  summary: 'Your complaints and data requests, newest first',
  description: 'Only the tickets filed while signed in to this account (at most 100).',
});
