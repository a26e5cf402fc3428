/**
 * The text index (decision 025) as the shelf index reads it: every product on sale's search vector,
 * a slice at a time, in the snapshot's order, and a fingerprint of their ids, so that it answers
 * only beside a snapshot of the same products.
 */

import type { Executor } from '../../db/client.js';
import * as repository from './catalog.repository.js';
import type { Snapshot } from './shelf-snapshot.js';
import { createTextIndexBuilder, type TextIndex } from './text-index.js';

/**
 * Vectors are read this many products at a time: no one statement holds a million, and on PGlite,
 * where a statement runs on the server's thread, none holds it up long (20,000: 470 ms at most).
 */
const VECTORS_PER_READ = 5_000;

/** Products whose vectors are added to the text index between two pauses for the event loop. */
const VECTORS_PER_SLICE = 2_000;

/**
 * The text index of every product on sale, read in the snapshot's order, and its products' ids'
 * fingerprint: it answers only with a snapshot of the same products in the same order.
 */
export async function readTextIndex(db: Executor): Promise<{ ids: string; index: TextIndex }> {
  const builder = createTextIndexBuilder();
  const ids = createFingerprint();
  let after: { key: string; id: string } | undefined;
  for (;;) {
    const rows = await repository.searchVectorsAfter(db, after, VECTORS_PER_READ);
    for (let i = 0; i < rows.length; i++) {
      builder.add(rows[i]!.vector);
      ids.add(rows[i]!.id);
      if (i % VECTORS_PER_SLICE === VECTORS_PER_SLICE - 1) await new Promise((go) => setImmediate(go));
    }
    if (rows.length < VECTORS_PER_READ) return { ids: ids.value(), index: builder.finish() };
    const last = rows[rows.length - 1]!;
    after = { key: last.key, id: last.id };
  }
}

/**
 * Two 32-bit FNV-1a hashes of a list of ids and its length: equal lists give equal fingerprints,
 * different ones (a product archived or renamed across a change not heard yet) all but surely not,
 * without keeping a second copy of a million ids.
 */
function createFingerprint() {
  let first = 0x811c9dc5;
  let second = 0x01000193;
  let count = 0;
  return {
    add(id: string) {
      for (let i = 0; i < id.length; i++) {
        const code = id.charCodeAt(i);
        first = Math.imul(first ^ code, 16_777_619);
        second = Math.imul(second ^ code, 2_246_822_519);
      }
      first = Math.imul(first ^ 44, 16_777_619);
      second = Math.imul(second ^ 44, 2_246_822_519);
      count++;
    },
    value: () => `${first >>> 0}:${second >>> 0}:${count}`,
  };
}

const fingerprints = new WeakMap<Snapshot, string>();
export function fingerprintOf(s: Snapshot): string {
  let value = fingerprints.get(s);
  if (value === undefined) {
    const ids = createFingerprint();
    for (const id of s.ids) ids.add(id);
    value = ids.value();
    fingerprints.set(s, value);
  }
  return value;
}
