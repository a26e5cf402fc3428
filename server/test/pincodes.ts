import type { Executor } from '../db/client.js';
import { pincodes } from '../db/schema.js';
import { ensureDemoPincodes } from '../db/seed/demo-pincodes.js';

/**
 * Test databases start with no pincodes, and an empty list delivers everywhere (so suites that do
 * not care about delivery areas never meet a refusal). Suites that do load the demo's list, the
 * one the e2e server seeds: every address the tests use (560038 Bengaluru, 682031 Kochi, 600001
 * Chennai…) is in it, and 744301 Car Nicobar is not served.
 */
export async function loadDemoPincodes(db: Executor): Promise<number> {
  return ensureDemoPincodes(db);
}

/** Empties the list again: back to delivering everywhere. */
export async function clearPincodes(db: Executor): Promise<void> {
  await db.delete(pincodes);
}
