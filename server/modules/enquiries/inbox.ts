import type { Executor } from '../../db/client.js';
import { countWithStatus } from './enquiries.repository.js';

/**
 * What other modules may know about the enquiries inbox (the console's dashboard), through the
 * enquiries module rather than its repository.
 */

/** Enquiries nobody has answered yet (status Submitted). */
export async function countWaitingEnquiries(db: Executor): Promise<number> {
  return countWithStatus(db, 'Submitted');
}
