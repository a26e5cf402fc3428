/**
 * Loaded route data by URL, so going back to a page just seen shows it at once instead of a
 * spinner. Small and short-lived on purpose: pages that change data call `revalidate()`, and a
 * login or logout empties it.
 */
const ttlMs = 30_000;
const maxEntries = 20;
const entries = new Map<string, { data: unknown; at: number }>();

export const routeCache = {
  get(key: string): { data: unknown } | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.at > ttlMs) {
      entries.delete(key);
      return undefined;
    }
    return { data: entry.data };
  },
  set(key: string, data: unknown) {
    entries.delete(key);
    entries.set(key, { data, at: Date.now() });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  },
  /** Forgets one page's data, e.g. /wishlist after a heart was toggled elsewhere. */
  delete(key: string) {
    entries.delete(key);
  },
  clear() {
    entries.clear();
  },
};
