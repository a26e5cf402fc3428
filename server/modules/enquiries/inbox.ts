import type { Executor } from '../../db/client.js';
import { countOverdue, countWithStatus } from './enquiries.repository.js';

/**
 * What other modules may know about the enquiries inbox (the console's dashboard), through the
 * enquiries module rather than its repository.
 */

/** Enquiries nobody has answered yet (status Submitted). */
export async function countWaitingEnquiries(db: Executor): Promise<number> {
  return countWithStatus(db, 'Submitted');
}

/** Complaints and data requests past a time limit (decision 020): the dashboard's attention item. */
export async function countOverdueRequests(db: Executor): Promise<number> {
  return countOverdue(db);
}
