import type { Executor } from '../../db/client.js';
import { type EnquiryRow, enquiriesByEmail, eraseEnquiriesOf } from './enquiries.repository.js';

/** A customer's enquiries (sent with their e-mail), as other modules may read them: their data export. */
export async function enquiriesOfCustomer(db: Executor, email: string): Promise<EnquiryRow[]> {
  return enquiriesByEmail(db, email);
}

/**
 * Erases the customer's enquiries and tickets (their account is being erased): see eraseEnquiriesOf.
 * Answers the addresses they were sent from.
 */
export async function eraseEnquiriesOfCustomer(
  db: Executor,
  userId: string,
  email: string,
): Promise<string[]> {
  return eraseEnquiriesOf(db, userId, email);
}
