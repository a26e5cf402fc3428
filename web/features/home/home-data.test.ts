import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../lib/api-client';
import { loadHome } from './home-data';

function fakeApi(fail: (path: string) => boolean): ApiClient & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async get<T>(path: string): Promise<T> {
      asked.push(path);
      if (fail(path)) throw new Error('The catalogue is resting.');
      return [{ path }] as T;
    },
  };
}

describe('home load', () => {
  it('asks each section for only what it shows, all at once', async () => {
    const api = fakeApi(() => false);
    const data = await loadHome({ api, params: {}, searchParams: new URLSearchParams() });
    expect(api.asked.sort()).toEqual([
      '/blog?limit=4',
      '/product?tags=featured&limit=8',
      '/product?tags=popular&limit=8',
      '/product?tags=special&limit=4',
    ]);
    expect(data.featured).toEqual({ ok: true, data: [{ path: '/product?tags=featured&limit=8' }] });
  });

  it('turns a failed section into a message and keeps the others', async () => {
    const api = fakeApi((path) => path.includes('special'));
    const data = await loadHome({ api, params: {}, searchParams: new URLSearchParams() });
    expect(data.special).toEqual({ ok: false, message: 'The catalogue is resting.' });
    expect(data.popular.ok).toBe(true);
    expect(data.blogs.ok).toBe(true);
  });
});
