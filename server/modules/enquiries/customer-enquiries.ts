import type { Executor } from '../../db/client.js';
import { type EnquiryRow, enquiriesByEmail, eraseEnquiriesByEmail } from './enquiries.repository.js';

/** A customer's enquiries (sent with their e-mail), as other modules may read them: their data export. */
export async function enquiriesOfCustomer(db: Executor, email: string): Promise<EnquiryRow[]> {
  return enquiriesByEmail(db, email);
}

/** Erases the customer's enquiries (their account is being erased): see eraseEnquiriesByEmail. */
export async function eraseEnquiriesOfCustomer(db: Executor, email: string): Promise<number> {
  return eraseEnquiriesByEmail(db, email);
}
