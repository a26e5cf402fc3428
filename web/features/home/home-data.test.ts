import { describe, expect, it } from 'vitest';
import { type Endpoint, urlOf } from '../../../shared/api/endpoint';
import type { ApiClient } from '../../lib/api-client';
import { loadHome } from './home-data';

/** The address a call asks for, less the /api prefix. */
const apiPath = (endpoint: Endpoint, input: { params?: unknown; query?: unknown } = {}) =>
  urlOf(endpoint, input).replace(/^\/api/, '');

function fakeApi(fail: (path: string) => boolean): ApiClient & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async call(endpoint, input) {
      const path = apiPath(endpoint, input);
      asked.push(path);
      if (fail(path)) throw new Error('The catalogue is resting.');
      const item = {
        _id: path,
        slug: 'a-post',
        title: path,
        description: `<p>${'Words &amp; more words. '.repeat(15)}</p>`,
        images: [],
        ratings: [{ star: 5 }],
        color: [{ _id: 'c' }],
        createdAt: '2024-01-01T07:30:00.000Z',
      };
      return [item] as never;
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
    expect(data.featured.ok && data.featured.data[0]).toMatchObject({
      _id: '/product?tags=featured&limit=8',
      ratings: [],
      color: [],
    });
    // Cards get a short plain-text description, blogs their date and 100-character excerpt.
    expect(data.featured.ok && data.featured.data[0]!.description).toMatch(/^Words & more words\. .*\.\.\.$/);
    expect(data.blogs.ok && data.blogs.data[0]).toMatchObject({
      // Each language's, as the page may be in either.
      date: { en: 'January 1st 2024, 1:00 pm', hi: '1 जनवरी 2024, 1:00 pm' },
      excerpt: `${'Words & more words. '.repeat(5).slice(0, 100).trimEnd()}...`,
    });
    expect(data.blogs.ok && 'description' in data.blogs.data[0]!).toBe(false);
  });

  it('turns a failed section into a message and keeps the others', async () => {
    const api = fakeApi((path) => path.includes('special'));
    const data = await loadHome({ api, params: {}, searchParams: new URLSearchParams() });
    expect(data.special).toEqual({ ok: false, message: 'The catalogue is resting.' });
    expect(data.popular.ok).toBe(true);
    expect(data.blogs.ok).toBe(true);
  });
});
