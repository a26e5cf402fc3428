/**
 * The actions that record staff reading customers' personal data (DPDP accountability): one
 * customer's page, and every list, search, export or report read in bulk (who, what was asked and
 * how many records came back; never the records). `kind=personal-data` filters the trail to them.
 */
export const personalDataReadActions = [
  'customer.view',
  'customer.list',
  'order.list',
  'enquiry.list',
  'message.list',
  'report.gst',
] as const;
export type PersonalDataReadAction = (typeof personalDataReadActions)[number];

/** Groups of actions the audit trail can be filtered by, with the console's words for them. */
export const auditKinds = { 'personal-data': "Reads of customers' personal data" } as const;
export type AuditKind = keyof typeof auditKinds;

export const isAuditKind = (value: string | undefined): value is AuditKind =>
  value !== undefined && Object.hasOwn(auditKinds, value);
