import * as z from 'zod/mini';
import { emailField, languageField, mobileField, requiredPlainText } from './fields.js';
import {
  grievanceTopics,
  rightsTopics,
  TICKET_DESCRIPTION_MAX,
  type TicketTopic,
  ticketKinds,
  topicsOf,
} from './grievance-topics.js';
import { plainText } from './plain-text.js';

export * from './grievance-topics.js';

const kindField = z.enum(ticketKinds, { error: 'Choose whether this is a complaint or a data request' });
/** Any topic of either kind here; whether it belongs to the chosen kind is checked once both are read. */
const topicField = z.enum(
  [...grievanceTopics, ...rightsTopics.filter((t) => t !== 'other')] as [TicketTopic, ...TicketTopic[]],
  { error: 'Choose what it is about' },
);

/** The complaints and data requests form, and POST /api/grievances. */
export const ticketSchema = z
  .object({
    kind: kindField,
    topic: topicField,
    orderNumber: z.optional(
      z.string().check(z.trim(), z.maxLength(40, 'An order number is at most 40 characters'), plainText()),
    ),
    description: requiredPlainText(
      'Tell us what happened or what you would like us to do',
      TICKET_DESCRIPTION_MAX,
    ),
    name: requiredPlainText('Name is required', 100),
    email: emailField,
    mobile: mobileField('Mobile is required'),
    /** The page's language: the acknowledgement and replies are written in it (decision 052). */
    language: languageField,
  })
  .check(
    z.refine(
      (values) => (topicsOf[values.kind] as readonly string[] | undefined)?.includes(values.topic) ?? true,
      {
        path: ['topic'],
        message: 'Choose what it is about',
      },
    ),
  );

export type TicketInput = z.input<typeof ticketSchema>;
export type Ticket = z.output<typeof ticketSchema>;
