import type { CatalogChange } from './catalog-change.js';

/**
 * Each listed product's answer, as the JSON text a list page sends, kept by product id while it
 * is known to be current (decision 024). The shelf index (shelf-index.ts) finds a page's ids in
 * memory; without this, every page still read its 24 rows from the database and turned them into
 * JSON again, which was most of a list's cost. A card is dropped:
 * - with every card, on any catalogue change but stock (a product, a price, a rating, a
 *   category's name: `changed('all')`), or while this server cannot hear changes (`setHearing`);
 * - `maxAgeMs` after it was read, so stock bought, given back or held at checkout (which lists
 *   show only as "Only N left") shows within that time, as lists' stock did under the response
 *   cache;
 * - the least recently used first, beyond `maxEntries`.
 * A read that began before a change does not store what it read: it may predate the change.
 */
export function createShelfCards(options: { maxEntries: number; maxAgeMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  // A Map keeps insertion order: a card used is moved to the end, so the first is the least recent.
  const cards = new Map<string, { json: string; readAt: number }>();
  let generation = 0;
  let hearing = true;

  return {
    /** The cards held for `ids`, in order (undefined where none is held), and the ids to read. */
    get(ids: readonly string[]): { json: (string | undefined)[]; missing: string[] } {
      const json: (string | undefined)[] = [];
      const missing: string[] = [];
      const oldest = now() - options.maxAgeMs;
      for (const id of ids) {
        const card = hearing ? cards.get(id) : undefined;
        if (card && card.readAt > oldest) {
          cards.delete(id);
          cards.set(id, card);
          json.push(card.json);
        } else {
          if (card) cards.delete(id);
          json.push(undefined);
          missing.push(id);
        }
      }
      return { json, missing };
    },

    /** What `put` needs to know the cards were read after any change: take it before reading. */
    readBegins(): { generation: number; at: number } {
      return { generation, at: now() };
    },

    /** Keeps cards read since `read` began, unless the catalogue changed meanwhile. */
    put(read: { generation: number; at: number }, entries: Iterable<[id: string, json: string]>) {
      if (!hearing || read.generation !== generation || options.maxEntries <= 0 || options.maxAgeMs <= 0)
        return;
      for (const [id, json] of entries) {
        cards.delete(id);
        cards.set(id, { json, readAt: read.at });
      }
      for (const id of cards.keys()) {
        if (cards.size <= options.maxEntries) break;
        cards.delete(id);
      }
    },

    /** A catalogue change heard: anything but stock makes every card go (stock waits for maxAgeMs). */
    changed(kind: CatalogChange) {
      if (kind === 'stock') return;
      generation++;
      cards.clear();
    },

    /** While this server cannot hear changes, no card is used or kept. */
    setHearing(value: boolean) {
      hearing = value;
      generation++;
      cards.clear();
    },

    get size() {
      return cards.size;
    },
  };
}

export type ShelfCards = ReturnType<typeof createShelfCards>;
