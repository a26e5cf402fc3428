import type { Executor, Transaction } from '../../db/client.js';
import { freeSlug, toSlug } from '../../lib/slug.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { type TaxonomyNames, taxonomyNames } from './product-writes.repository.js';
import * as taxonomy from './taxonomy.repository.js';

/**
 * Brands, categories and colours by the names people write for them: the original admin client
 * names brand and category by title, a CSV file names all three. Imports may add the ones the shop
 * lacks, each addition audited.
 */

/** Every category, brand and colour with its names: a few hundred rows at most, read once per file. */
export function readTaxonomyNames(db: Executor): Promise<TaxonomyNames> {
  return taxonomyNames(db);
}

export type Lookups = {
  categories: Map<string, string>;
  brands: Map<string, string>;
  colorsByValue: Map<string, string>;
  colorsByName: Map<string, string[]>;
};

/** Ids by lowercased title (colours by value, #rrggbb, and by name, which several may share). */
export function buildLookups(names: TaxonomyNames): Lookups {
  const colorsByName = new Map<string, string[]>();
  for (const color of names.colors) {
    const key = color.name.trim().toLowerCase();
    if (key) colorsByName.set(key, [...(colorsByName.get(key) ?? []), color.id]);
  }
  return {
    categories: new Map(names.categories.map((c) => [c.title.trim().toLowerCase(), c.id])),
    brands: new Map(names.brands.map((b) => [b.title.trim().toLowerCase(), b.id])),
    colorsByValue: new Map(names.colors.map((c) => [c.title.trim().toLowerCase(), c.id])),
    colorsByName,
  };
}

export type NewTaxonomyEntry =
  | { kind: 'brand' | 'category'; title: string }
  | { kind: 'color'; value: string; name: string };

/**
 * Adds a brand or category (its slug made from the title, numbered past those taken) or a colour,
 * with its audit event (`summary` says why) in the caller's transaction; returns its id.
 */
export async function addTaxonomyEntry(
  tx: Transaction,
  actor: AuditActor,
  entry: NewTaxonomyEntry,
  summary: string,
): Promise<string> {
  let id: string;
  if (entry.kind === 'color') {
    id = (await taxonomy.insert(tx, 'color', { title: entry.value, name: entry.name })).id;
  } else {
    const base = toSlug(entry.title, entry.kind);
    const slug = freeSlug(base, new Set(await taxonomy.slugsLike(tx, entry.kind, base)));
    id = (await taxonomy.insert(tx, entry.kind, { title: entry.title, slug })).id;
  }
  await recordAudit(tx, actor, {
    action: `${entry.kind}.create`,
    entityType: entry.kind,
    entityId: id,
    summary,
  });
  return id;
}
