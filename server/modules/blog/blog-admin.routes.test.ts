import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, blogs } from '../../db/schema.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { blogsShowingImage } from './blog-admin.repository.js';

let ctx: TestContext;
let manager: SignedInStaff;
let mediaUrl: string;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await signInStaff(ctx.app, 'catalogue');
  // Where this server's /media/ paths are served from, as its answers spell it.
  const [probe] = await ctx.database.db
    .insert(blogs)
    .values({
      title: 'probe',
      slug: 'probe',
      description: '<p>x</p>',
      images: [{ url: '/media/probe.webp' }],
    })
    .returning();
  const answer = await ctx.app.inject({ method: 'GET', url: `/api/blog/${probe!.id}` });
  mediaUrl = answer.json().images[0].url.replace(/\/probe\.webp$/, '');
  expect(mediaUrl).toMatch(/^https?:\/\/.+\/media$/);
  await ctx.database.db.delete(blogs);
  for (const title of ['News', 'Guides']) {
    const created = await inject('POST', '/api/blogcategory', { title });
    expect(created.statusCode).toBe(200);
  }
});
afterAll(async () => {
  await ctx.close();
});

function inject(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: manager.headers, ...(payload ? { payload } : {}) });
}

const auditFor = (entityId: string) =>
  ctx.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.entityId, entityId))
    .orderBy(auditEvents.createdAt);

const post = (overrides: object = {}) => ({
  title: 'Monsoon gadget care',
  description:
    '<p>Keep it <strong>dry</strong>.<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
  category: 'Guides',
  images: '',
  ...overrides,
});

describe('POST /api/blog', () => {
  it('answers {newBlog} with a sanitised body, the author, a slug and no pictures for ""', async () => {
    const created = await inject('POST', '/api/blog/', post());
    expect(created.statusCode, created.body).toBe(200);
    const { newBlog } = created.json();
    expect(Object.keys(created.json())).toEqual(['newBlog']);
    expect(newBlog).toMatchObject({
      _id: expect.any(String),
      title: 'Monsoon gadget care',
      slug: 'monsoon-gadget-care',
      category: 'Guides',
      images: [],
      author: expect.any(String),
    });
    expect(newBlog.description).toContain('<strong>dry</strong>');
    expect(newBlog.description).not.toMatch(/script|onerror/);
    const [stored] = await ctx.database.db.select().from(blogs).where(eq(blogs.id, newBlog._id));
    expect(stored!.description).not.toMatch(/script|onerror/);

    // The storefront reads it as before.
    const read = await ctx.app.inject({ method: 'GET', url: `/api/blog/${newBlog._id}` });
    expect(read.json()).toEqual(newBlog);
    const bySlug = await ctx.app.inject({ method: 'GET', url: '/api/blog/monsoon-gadget-care' });
    expect(bySlug.json()._id).toBe(newBlog._id);

    const [event] = await auditFor(newBlog._id);
    expect(event).toMatchObject({
      action: 'blog.create',
      entityType: 'blog',
      staffId: manager.id,
      after: newBlog,
    });

    // The same title again gets its own slug.
    const again = (await inject('POST', '/api/blog', post({ images: [] }))).json().newBlog;
    expect(again.slug).toBe('monsoon-gadget-care-2');
  });

  it('names the staff member as the author', async () => {
    const named = await signInStaff(ctx.app, 'owner');
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/admin/me', headers: named.headers })).json();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/blog',
      headers: named.headers,
      payload: post({ title: 'By the owner' }),
    });
    expect(created.json().newBlog.author).toBe(`${me.firstname} ${me.lastname}`.trim() || 'Team');
  });

  it('keeps uploaded pictures (url, public_id and size only), paths on this server stored relative', async () => {
    const images = [
      {
        url: `${mediaUrl}/uploads/abc-1.webp`,
        public_id: 'abc-1',
        asset_id: 'ignored',
        width: 1600,
        height: 900,
      },
      { url: 'https://cdn.example.in/x.jpg', public_id: 'x' },
    ];
    const { newBlog } = (await inject('POST', '/api/blog', post({ title: 'With pictures', images }))).json();
    expect(newBlog.images).toEqual([
      { url: `${mediaUrl}/uploads/abc-1.webp`, public_id: 'abc-1', width: 1600, height: 900 },
      { url: 'https://cdn.example.in/x.jpg', public_id: 'x' },
    ]);
    const [stored] = await ctx.database.db.select().from(blogs).where(eq(blogs.id, newBlog._id));
    expect(stored!.images).toEqual([
      { url: '/media/uploads/abc-1.webp', public_id: 'abc-1', width: 1600, height: 900 },
      { url: 'https://cdn.example.in/x.jpg', public_id: 'x' },
    ]);
    // The media module asks before deleting an upload.
    expect(await blogsShowingImage(ctx.database.db, 'abc-1')).toEqual(['With pictures']);
    expect(await blogsShowingImage(ctx.database.db, 'abc')).toEqual([]);
  });

  it('takes a category in any case and stores its spelling; refuses an unknown one with 400', async () => {
    const { newBlog } = (
      await inject('POST', '/api/blog', post({ title: 'Case', category: 'guides' }))
    ).json();
    expect(newBlog.category).toBe('Guides');
    const unknown = await inject('POST', '/api/blog', post({ category: 'Gossip' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: 'There is no blog category called "Gossip": add it first or choose another.',
      errors: { category: expect.any(String) },
    });
  });

  it('answers 400 for missing fields, a body that sanitises to nothing, or bad pictures', async () => {
    for (const payload of [
      {},
      post({ title: '  ' }),
      post({ description: '' }),
      post({ description: '<script>alert(1)</script>' }),
      post({ category: '' }),
      post({ images: 'nope' }),
      post({ images: [{ url: 'javascript:alert(1)' }] }),
      post({ images: [{ public_id: 'x' }] }),
    ]) {
      const answer = await inject('POST', '/api/blog', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().message).toBeTruthy();
    }
  });
});

describe('PUT and DELETE /api/blog/:id', () => {
  it('writes only title, description and category; pictures only when a non-empty array arrives', async () => {
    const images = [{ url: 'https://cdn.example.in/a.jpg', public_id: 'a' }];
    const { newBlog } = (await inject('POST', '/api/blog', post({ title: 'Editable', images }))).json();

    const kept = await inject('PUT', `/api/blog/${newBlog._id}`, {
      ...post({ title: 'Edited', category: 'News', images: '' }),
      author: 'Mallory',
      slug: 'hijack',
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(Object.keys(kept.json())).toEqual(['updateBlog']);
    expect(kept.json().updateBlog).toMatchObject({
      _id: newBlog._id,
      title: 'Edited',
      category: 'News',
      slug: newBlog.slug,
      author: newBlog.author,
      createdAt: newBlog.createdAt,
      images,
    });
    const emptied = (
      await inject('PUT', `/api/blog/${newBlog._id}`, post({ title: 'Edited', images: [] }))
    ).json();
    expect(emptied.updateBlog.images).toEqual(images);
    const replaced = (
      await inject(
        'PUT',
        `/api/blog/${newBlog._id}`,
        post({ images: [{ url: 'https://cdn.example.in/b.jpg' }] }),
      )
    ).json();
    expect(replaced.updateBlog.images).toEqual([{ url: 'https://cdn.example.in/b.jpg' }]);
    // The console takes every picture off with clearImages (an empty array would keep them).
    const cleared = (
      await inject('PUT', `/api/blog/${newBlog._id}`, post({ images: [], clearImages: true }))
    ).json();
    expect(cleared.updateBlog.images).toEqual([]);

    const events = await auditFor(newBlog._id);
    expect(events.map((e) => e.action)).toEqual([
      'blog.create',
      'blog.update',
      'blog.update',
      'blog.update',
      'blog.update',
    ]);
    expect(events.at(-1)!.summary).toBe('Edited the blog post "Monsoon gadget care" (pictures)');
    expect(events[1]!.summary).toBe('Edited the blog post "Edited" (title, category)');
    expect(events[1]).toMatchObject({ before: { title: 'Editable' }, after: { title: 'Edited' } });
  });

  it('answers 404 for an unknown post, 400 for a malformed id or an unknown category', async () => {
    expect((await inject('PUT', `/api/blog/${UNKNOWN}`, post())).statusCode).toBe(404);
    expect((await inject('PUT', '/api/blog/not-an-id', post())).statusCode).toBe(400);
    expect((await inject('DELETE', `/api/blog/${UNKNOWN}`)).statusCode).toBe(404);
    expect((await inject('DELETE', '/api/blog/not-an-id')).statusCode).toBe(400);
    const { newBlog } = (await inject('POST', '/api/blog', post({ title: 'Stays' }))).json();
    expect((await inject('PUT', `/api/blog/${newBlog._id}`, post({ category: 'Nope' }))).statusCode).toBe(
      400,
    );
  });

  it('deletes, answering {deletedBlog}, audited; the storefront no longer finds it', async () => {
    const { newBlog } = (await inject('POST', '/api/blog', post({ title: 'Short lived' }))).json();
    const deleted = await inject('DELETE', `/api/blog/${newBlog._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deletedBlog: newBlog });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/blog/${newBlog._id}` })).statusCode).toBe(404);
    expect((await auditFor(newBlog._id)).at(-1)).toMatchObject({ action: 'blog.delete', before: newBlog });
  });

  it('is refused to a support member and to a shopper', async () => {
    const support = await signInStaff(ctx.app, 'support');
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/blog',
      headers: support.headers,
      payload: post(),
    });
    expect(answer.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/blog', payload: post() })).statusCode).toBe(
      401,
    );
  });
});

describe('GET /api/admin/blogs', () => {
  it('searches, filters by category, sorts and pages, with the total', async () => {
    await ctx.database.db.delete(blogs);
    for (const [i, title] of ['Alpha phones', 'beta laptops', 'Gamma phones'].entries()) {
      await ctx.database.db.insert(blogs).values({
        title,
        slug: `t-${i}`,
        description: '<p>x</p>',
        category: i === 1 ? 'News' : 'Guides',
        images: i === 0 ? [{ url: '/media/blog/a.webp' }] : [],
        createdAt: new Date(Date.UTC(2026, 0, i + 1)),
      });
    }
    const all = (await inject('GET', '/api/admin/blogs')).json();
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(all.items.map((b: { title: string }) => b.title)).toEqual([
      'Gamma phones',
      'beta laptops',
      'Alpha phones',
    ]);
    expect(all.items[2].image).toBe(`${mediaUrl}/blog/a.webp`);
    expect(all.items[0].image).toBeNull();
    expect(all.items[0]).not.toHaveProperty('description');

    const phones = (await inject('GET', '/api/admin/blogs?q=PHONES&sort=title:asc')).json();
    expect(phones.items.map((b: { title: string }) => b.title)).toEqual(['Alpha phones', 'Gamma phones']);
    const news = (await inject('GET', '/api/admin/blogs?category=News')).json();
    expect(news).toMatchObject({ total: 1, items: [{ title: 'beta laptops' }] });
    expect((await inject('GET', '/api/admin/blogs?page=2')).json().items).toEqual([]);
    expect((await inject('GET', '/api/admin/blogs?sort=views')).statusCode).toBe(400);
    expect((await inject('GET', '/api/admin/blogs?q=_')).json().total).toBe(0);
  });
});
