/** Map.groupBy arrives in Node 21; the shop supports Node 20. */
export function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * The items in slices of at most `size`: a statement carries at most 65,535 parameters, so a
 * list of rows or ids that can grow with the shop goes to the database a slice at a time.
 */
export function inSlices<T>(items: readonly T[], size: number): T[][] {
  const slices: T[][] = [];
  for (let i = 0; i < items.length; i += size) slices.push(items.slice(i, i + size));
  return slices;
}
