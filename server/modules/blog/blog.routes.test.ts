import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlog } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let older: { id: string; slug: string };

beforeAll(async () => {
  ctx = await createTestApp();
  older = await createBlog(ctx.database.db, {
    title: 'Festive TV guide',
    createdAt: new Date('2026-01-01T07:30:00Z'),
  });
  await createBlog(ctx.database.db, {
    title: 'Smartwatch picks',
    createdAt: new Date('2026-02-01T07:30:00Z'),
    description: '<p>Pick one<img src="x" onerror="alert(1)"></p>',
  });
});
afterAll(() => ctx.close());

describe('blog API', () => {
  it('lists blogs newest first as an array', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/blog' });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((b: { title: string }) => b.title)).toEqual([
      'Smartwatch picks',
      'Festive TV guide',
    ]);
    expect(response.json()[0].description).not.toMatch(/onerror/);
  });

  it('limits the list when asked', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/blog?limit=1' });
    expect(response.json()).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/blog?limit=abc' })).statusCode).toBe(400);
  });

  it('reads one blog by id or slug, 404 otherwise', async () => {
    const byId = await ctx.app.inject({ method: 'GET', url: `/api/blog/${older.id}` });
    expect(byId.json()).toMatchObject({
      _id: older.id,
      title: 'Festive TV guide',
      createdAt: '2026-01-01T07:30:00.000Z',
    });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/blog/${older.slug}` })).json()._id).toBe(
      older.id,
    );
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/blog/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      message: 'This article does not exist.',
      requestId: expect.any(String),
    });
  });
});
