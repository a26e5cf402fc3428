import type { enquiryStatuses } from '../../../../shared/schemas/enquiry';

export type EnquiryStatus = (typeof enquiryStatuses)[number];

const tone: Record<EnquiryStatus, string> = {
  Submitted: 'badge--warning',
  Contacted: '',
  'In Progress': '',
  Resolved: 'badge--success',
};

/** The four statuses in inbox order (a type-only import keeps the schema out of the page). */
export const enquiryStatusList = Object.keys(tone) as EnquiryStatus[];

/** Amber while nobody has answered, green once resolved. */
export function EnquiryStatusBadge({ status }: { status: EnquiryStatus }) {
  return <span className={`badge ${tone[status]}`}>{status}</span>;
}
