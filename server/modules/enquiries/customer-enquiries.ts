import type { Executor } from '../../db/client.js';
import {
  type EnquiryRow,
  eraseEnquiriesOf,
  type TicketOwner,
  ticketsOfOwner,
} from './enquiries.repository.js';

export type { TicketOwner };

/**
 * A customer's enquiries and tickets, as other modules may read them (their data export): those
 * filed while signed in to the account, and those sent with its e-mail address after the address
 * was proved. Before the proof, anyone could have registered with someone else's address, so what
 * was filed under it signed out is not theirs to read or erase (decision 029).
 */
export async function enquiriesOfCustomer(db: Executor, owner: TicketOwner): Promise<EnquiryRow[]> {
  return ticketsOfOwner(db, owner);
}

/**
 * Erases the customer's enquiries and tickets, by the same rule (their account is being erased):
 * see eraseEnquiriesOf. Answers the addresses they were sent from.
 */
export async function eraseEnquiriesOfCustomer(db: Executor, owner: TicketOwner): Promise<string[]> {
  return eraseEnquiriesOf(db, owner);
}
