import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';

/**
 * Serialises what starts or settles one shopper's checkouts (the original client sends two per
 * click): starting a checkout, holding its stock and placing its order all take it first, in their
 * transaction, and hold it until the commit. A named lock, not a row: it belongs to no module's
 * table.
 */
export async function lockShopper(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout:${userId}`}, 0))`);
}
