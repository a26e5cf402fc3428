import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Executor } from '../client.js';
import { pincodes } from '../schema.js';

/**
 * The demo's serviceable pincodes (demo-pincodes.csv, in the console export's columns): every state
 * and union territory, the head post offices of the big cities and a few towns of each, with
 * delivery days from a warehouse in Bengaluru (Karnataka 1-2, the south 2-3, the north-east and the
 * islands 6-8). Cash on delivery is off in some remote places, and a few island pincodes are not
 * served at all, so the storefront's "We do not deliver to … yet" can be seen. A real shop imports
 * its courier's list, or the All India Pincode Directory (docs/deploy.md).
 */
export const DEMO_PINCODES_FILE = new URL('./demo-pincodes.csv', import.meta.url);

export type DemoPincode = typeof pincodes.$inferInsert;

export function demoPincodes(): DemoPincode[] {
  const rows = parse(readFileSync(DEMO_PINCODES_FILE), { columns: true, skip_empty_lines: true }) as Record<
    string,
    string
  >[];
  return rows.map((row) => ({
    pincode: row.pincode!,
    city: row.city!,
    district: row.district ?? '',
    state: row.state!,
    serviceable: row.serviceable === 'yes',
    cod: row.cod === 'yes',
    deliveryDays: Number(row.deliveryDays),
  }));
}

/** Adds the demo pincodes that are missing; one the shop owner changed keeps their values. */
export async function ensureDemoPincodes(tx: Executor): Promise<number> {
  const added = await tx.insert(pincodes).values(demoPincodes()).onConflictDoNothing().returning({
    pincode: pincodes.pincode,
  });
  return added.length;
}
