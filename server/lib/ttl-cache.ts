/**
 * A small in-process cache of promises with a time to live and a size cap (oldest entry out
 * first). Storing the promise means concurrent misses for one key share a single database round
 * trip; a failed load is forgotten at once so the next request tries again.
 */
export function createTtlCache(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (options.ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value as Promise<T>;
      if (hit) entries.delete(key);
      const value = load();
      entries.set(key, { expires: now() + options.ttlMs, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
    clear() {
      entries.clear();
    },
    /** Forgets the entries whose key starts with `prefix`. */
    clearPrefix(prefix: string) {
      for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}

export type TtlCache = ReturnType<typeof createTtlCache>;
