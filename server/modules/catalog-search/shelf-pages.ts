/**
 * A list's page from the snapshot: its matches walked in the sort's order until the page's end, or
 * gathered from their groups into a heap of the first ones (`FirstInOrder`), whichever costs less.
 */

import type { ResolvedFilters } from './shelf-filters.repository.js';
import { firstAtLeast, firstInPriceOrder, type Snapshot, type SortField, select } from './shelf-snapshot.js';

/**
 * How a page is found: a filter's matches are gathered from their groups (keeping the page's in
 * a heap), or the sort's order is walked until the page's end, testing each product on the way.
 * Walking to the end of page p passes about p x 24 x (span / matches) products, the span being
 * the ranks between the matching groups' first and last product (`spans`), which grows with the
 * catalogue; gathering costs about this many walking steps per match. Whichever costs
 * less is done: a filter matching 2,000 products of 100,000 is walked for page 1 (about 1,200
 * steps) and gathered for page 5; of a million, gathered for every page (page 1's walk: 12,000).
 */
const GATHER_STEP_COST = 2;

/**
 * Positions `offset` to `offset + limit - 1` of the matches in the sort's order (ties by id in
 * the sort's direction, as the database's ranks have them), and how many match in all.
 */
export function pageOf(
  s: Snapshot,
  filters: ResolvedFilters,
  { field, descending }: { field: SortField; descending: boolean },
  offset: number,
  limit: number,
  gatherUpTo: number | undefined,
): { ids: string[]; total: number } {
  const { passes, low, high, byPrice } = select(s, filters);
  const { groupStart, prices, members } = s;
  const span = s.spans[field];
  let total = 0;
  // The ranks the passing groups' products lie between: a walk starts and stops there.
  let first = s.ids.length;
  let last = 0;
  for (let g = 0; g < passes.length; g++) {
    if (passes[g] === 0) continue;
    const from = groupStart[g]!;
    const to = groupStart[g + 1]!;
    const inRange = byPrice
      ? firstAtLeast(prices, from, to, high + 1) - firstAtLeast(prices, from, to, low)
      : to - from;
    total += inRange;
    if (inRange > 0) {
      first = Math.min(first, span[2 * g]!);
      last = Math.max(last, span[2 * g + 1]!);
    }
  }
  if (offset >= total) return { ids: [], total };
  const ranks = s.rankOf[field];
  let page: number[];
  const walkSteps = ((offset + limit) * (last - first + 1)) / total;
  if (gatherUpTo === undefined ? total * GATHER_STEP_COST <= walkSteps : total <= gatherUpTo) {
    // Few matches: gather them from their groups' price ranges and keep the first offset + limit
    // in the sort's order (sorting all of them cost more than the rest of the request).
    const first = new FirstInOrder(offset + limit, descending ? (n) => -ranks[n]! : (n) => ranks[n]!);
    for (let g = 0; g < passes.length; g++) {
      if (passes[g] === 0) continue;
      const from = groupStart[g]!;
      const to = groupStart[g + 1]!;
      const end = byPrice ? firstAtLeast(prices, from, to, high + 1) : to;
      for (let at = byPrice ? firstAtLeast(prices, from, to, low) : from; at < end; at++)
        first.offer(members[at]!);
    }
    page = first.inOrder().slice(offset);
  } else {
    // Many: walk the sort's order, skipping what does not match, and stop at the page's end.
    const order = s.inOrder[field];
    const { groupOf, priceOf } = s;
    page = [];
    let seen = 0;
    const step = descending ? -1 : 1;
    // In price order a price range is one stretch: start there, not at the cheapest or dearest end.
    let start = descending ? last : first;
    const priceStretch = field === 'price' && byPrice;
    if (priceStretch) {
      const stretch = firstInPriceOrder(order, priceOf, descending ? high + 1 : low);
      start = descending ? Math.min(start, stretch - 1) : Math.max(start, stretch);
    }
    for (let at = start; at >= first && at <= last; at += step) {
      const n = order[at]!;
      if (passes[groupOf[n]!] === 0) continue;
      const price = priceOf[n]!;
      if (price < low || price > high) {
        if (priceStretch) break;
        continue;
      }
      if (seen++ < offset) continue;
      page.push(n);
      if (page.length === limit) break;
    }
  }
  return { ids: page.map((n) => s.ids[n]!), total };
}

/**
 * The `size` items with the smallest keys among those offered, in order: a heap with the largest
 * kept key on top, so most items are turned away with one comparison. Keys are distinct (ranks).
 */
export class FirstInOrder {
  private readonly heap: number[] = [];
  private readonly keys: number[] = [];
  constructor(
    private readonly size: number,
    private readonly keyOf: (item: number) => number,
  ) {}

  offer(item: number) {
    this.offerKeyed(item, this.keyOf(item));
  }

  /** The key an item must be below to be kept (Infinity until `size` are kept). */
  get bar(): number {
    return this.heap.length < this.size ? Infinity : this.keys[0]!;
  }

  /** `offer` with the item's key already worked out (the key `keyOf` would give). */
  offerKeyed(item: number, key: number) {
    if (this.size <= 0) return;
    const { heap, keys } = this;
    if (heap.length < this.size) {
      // Sift up from the new leaf.
      let at = heap.length;
      heap.push(item);
      keys.push(key);
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (keys[parent]! >= key) break;
        heap[at] = heap[parent]!;
        keys[at] = keys[parent]!;
        at = parent;
      }
      heap[at] = item;
      keys[at] = key;
      return;
    }
    if (key >= keys[0]!) return;
    // Replace the top and sift down.
    let at = 0;
    const length = heap.length;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= length) break;
      const right = left + 1;
      const larger = right < length && keys[right]! > keys[left]! ? right : left;
      if (keys[larger]! <= key) break;
      heap[at] = heap[larger]!;
      keys[at] = keys[larger]!;
      at = larger;
    }
    heap[at] = item;
    keys[at] = key;
  }

  inOrder(): number[] {
    return this.heap
      .map((item, i) => [item, this.keys[i]!] as const)
      .sort((a, b) => a[1] - b[1])
      .map(([item]) => item);
  }
}
