// The kinds, topics, labels and deadlines of support tickets: no zod, so a page can show them
// without loading the schemas (grievance.ts re-exports them beside ticketSchema).

/**
 * Complaints (Consumer Protection (E-Commerce) Rules 2020) and data-rights requests (DPDP Rules
 * 2025, rule 14) share the enquiries inbox; a contact-form message is kind `enquiry`.
 */
export const supportKinds = ['enquiry', 'grievance', 'rights-request'] as const;
export type SupportKind = (typeof supportKinds)[number];

/** The two kinds the complaints form files (the contact form files `enquiry`). */
export const ticketKinds = ['grievance', 'rights-request'] as const;
export type TicketKind = (typeof ticketKinds)[number];

export const grievanceTopics = ['order', 'product', 'delivery', 'refund', 'privacy', 'other'] as const;
export const rightsTopics = [
  'access',
  'correction',
  'erasure',
  'nomination',
  'withdraw-consent',
  'other',
] as const;
export type TicketTopic = (typeof grievanceTopics)[number] | (typeof rightsTopics)[number];

export const topicsOf: Record<TicketKind, readonly TicketTopic[]> = {
  grievance: grievanceTopics,
  'rights-request': rightsTopics,
};

export const kindLabels: Record<SupportKind, string> = {
  enquiry: 'Enquiry',
  grievance: 'Complaint',
  'rights-request': 'Data request',
};

/** Words for each topic, per kind ("other" reads differently in each). */
export const topicLabels: Record<TicketKind, Partial<Record<TicketTopic, string>>> = {
  grievance: {
    order: 'An order',
    product: 'A product',
    delivery: 'A delivery',
    refund: 'A refund or return',
    privacy: 'Privacy or my data',
    other: 'Something else',
  },
  'rights-request': {
    access: 'A summary of my data and who it is shared with',
    correction: 'Correct or complete my data',
    erasure: 'Erase my data',
    nomination: 'Nominate someone to act for me on death or incapacity',
    'withdraw-consent': 'Withdraw my consent',
    other: 'Something else about my data',
  },
};

/**
 * The time limits the shop promises (decision 020). Both kinds are acknowledged within 48 hours. A
 * complaint is resolved within one calendar month (E-Commerce Rules 2020: "within one month from
 * the date of receipt"; 31 January gives 28 or 29 February). A data request is answered within 30
 * days: the DPDP Rules 2025 allow 90, but the privacy notice promises 30.
 */
export const ACKNOWLEDGE_HOURS = 48;
export const RIGHTS_REQUEST_DAYS = 30;

export const TICKET_DESCRIPTION_MAX = 4000;
