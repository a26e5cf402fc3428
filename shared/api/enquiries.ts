import { endpoint } from './endpoint.js';
import type * as schemas from './enquiries.schemas.js';

export const submitEnquiry = endpoint<typeof schemas.submitEnquiry>({
  method: 'POST',
  path: '/api/enquiry',
  access: 'public',
  tag: 'Enquiries',
  summary: 'Send the contact form',
  description:
    'Stored with status Submitted, with its language for the replies: `language` (`en` or `hi`, the ' +
    "page's), else the first of those in Accept-Language, else English. Limited to 5 per 10 minutes per address.",
  status: 201,
  errors: [400, 429],
});
