import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/** A blog post in Hindi (decision 050): written by the console, sanitised, shown by the blog. */
let ctx: TestContext;
let manager: SignedInStaff;

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await signInStaff(ctx.app, 'catalogue');
  const category = await inject('POST', '/api/blogcategory', { title: 'Hindi Guides' });
  expect(category.statusCode).toBe(200);
});
afterAll(async () => {
  await ctx.close();
});

function inject(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: manager.headers, ...(payload ? { payload } : {}) });
}

const post = (overrides: object = {}) => ({
  title: 'Choosing a pressure cooker',
  description: '<p>Steel or aluminium?</p>',
  category: 'Hindi Guides',
  ...overrides,
});

describe('a blog post in Hindi', () => {
  it('is sanitised like the English, shown by the blog, and kept by writes that leave it out', async () => {
    const created = await inject(
      'POST',
      '/api/blog',
      post({
        translations: {
          hi: {
            title: ' प्रेशर कुकर कैसे चुनें ',
            description: '<h2>स्टील या एल्युमिनियम?</h2><p>दोनों के फ़ायदे हैं।<script>alert(1)</script></p>',
          },
        },
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const hindi = {
      title: 'प्रेशर कुकर कैसे चुनें',
      description: '<h2>स्टील या एल्युमिनियम?</h2><p>दोनों के फ़ायदे हैं।</p>',
    };
    const { newBlog } = created.json();
    expect(newBlog.translations).toEqual({ hi: hindi });

    const read = await ctx.app.inject({ method: 'GET', url: `/api/blog/${newBlog.slug}` });
    expect(read.json().translations).toEqual({ hi: hindi });
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/blog' })).json();
    expect(list.find((b: { _id: string }) => b._id === newBlog._id).translations).toEqual({ hi: hindi });

    // The original admin client's edit knows no translations: they stay.
    const edited = await inject('PUT', `/api/blog/${newBlog._id}`, post({ title: 'Choosing a cooker' }));
    expect(edited.json().updateBlog.translations).toEqual({ hi: hindi });
    const retitled = await inject(
      'PUT',
      `/api/blog/${newBlog._id}`,
      post({ translations: { hi: { title: 'कुकर कैसे चुनें' } } }),
    );
    expect(retitled.json().updateBlog.translations).toEqual({
      hi: { title: 'कुकर कैसे चुनें', description: hindi.description },
    });
    const [event] = (
      await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, newBlog._id))
    ).filter((e) => e.summary.includes('(title, translations)'));
    expect(event).toMatchObject({ action: 'blog.update', staffId: manager.id });

    const table = (await inject('GET', '/api/admin/blogs?q=cooker')).json();
    expect(table.items.find((b: { _id: string }) => b._id === newBlog._id).missingTranslations).toEqual([]);
  });

  it('lists posts not yet in Hindi for the console, and refuses other languages', async () => {
    const created = (await inject('POST', '/api/blog', post({ title: 'Only English' }))).json().newBlog;
    expect(created.translations).toEqual({});
    const table = (await inject('GET', '/api/admin/blogs?q=only%20english')).json();
    expect(table.items.find((b: { _id: string }) => b._id === created._id).missingTranslations).toEqual([
      'hi',
    ]);
    const refused = await inject('POST', '/api/blog', post({ translations: { ta: { title: 'தமிழ்' } } }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Translations are only for Hindi (hi), not "ta"');
  });
});
