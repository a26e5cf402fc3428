import type { Executor } from '../../db/client.js';
import { type EnquiryRow, enquiriesByEmail } from './enquiries.repository.js';

/** A customer's enquiries (sent with their e-mail), as other modules may read them: their data export. */
export async function enquiriesOfCustomer(db: Executor, email: string): Promise<EnquiryRow[]> {
  return enquiriesByEmail(db, email);
}
