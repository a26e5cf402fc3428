import type { Executor } from '../../db/client.js';
import * as repository from './taxonomy.repository.js';

/** More brands or categories than any shop has; the lists are read whole. */
const TAXONOMY_MAX = 10_000;

/**
 * Titles of the brands or categories with these ids (unknown ids are left out), for modules that
 * refer to them without owning them: a coupon restricted to some.
 */
export async function taxonomyTitles(
  db: Executor,
  kind: 'brand' | 'category',
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const wanted = new Set(ids);
  const rows = await repository.listAll(db, kind, TAXONOMY_MAX);
  return new Map(rows.filter((row) => wanted.has(row.id)).map((row) => [row.id, row.title]));
}
