import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.js';

describe('createTtlCache', () => {
  it('answers from memory until the entry expires, then loads again', async () => {
    let clock = 0;
    let loads = 0;
    const cache = createTtlCache({ ttlMs: 1000, maxEntries: 10, now: () => clock });
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    clock = 999;
    expect(await cache.get('a', load)).toBe(1);
    clock = 1000;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('shares one load between concurrent misses and forgets failures', async () => {
    let loads = 0;
    const cache = createTtlCache({ ttlMs: 1000, maxEntries: 10 });
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    expect(await Promise.all([cache.get('k', slow), cache.get('k', slow)])).toEqual([1, 1]);
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', async () => 'up')).toBe('up');
  });

  it('keeps at most maxEntries, dropping the oldest, and clears on demand', async () => {
    const cache = createTtlCache({ ttlMs: 1000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect(cache.size).toBe(2);
    let reloaded = false;
    await cache.get('a', async () => {
      reloaded = true;
      return 'a';
    });
    expect(reloaded).toBe(true);
    cache.clearPrefix('c');
    expect(cache.size).toBe(1);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('is off with a zero time to live', async () => {
    let loads = 0;
    const cache = createTtlCache({ ttlMs: 0, maxEntries: 10 });
    await cache.get('a', async () => ++loads);
    await cache.get('a', async () => ++loads);
    expect(loads).toBe(2);
  });
});
