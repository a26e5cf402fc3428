import type { Executor } from '../../db/client.js';
import { variantsByIds } from './variants.repository.js';

/** A variant's weight (grams) and box (millimetres) as the merchant entered them; null until entered. */
export type VariantParcel = {
  weightGrams: number | null;
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
};

/** The weights and boxes of variants, by id, for booking parcels with a courier (shipments). */
export async function variantParcels(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, VariantParcel>> {
  const rows = await variantsByIds(db, [...new Set(ids)]);
  return new Map(
    rows.map((row) => [
      row.id,
      { weightGrams: row.weightGrams, lengthMm: row.lengthMm, widthMm: row.widthMm, heightMm: row.heightMm },
    ]),
  );
}
