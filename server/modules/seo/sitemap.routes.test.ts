import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlog, createProduct } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://shop.example.in' });
});
afterAll(() => ctx.close());

describe('sitemap', () => {
  it('lists the static pages, every product and every blog', async () => {
    const product = await createProduct(ctx.database.db, { title: 'Sony Bravia & Co' });
    const blog = await createBlog(ctx.database.db, { title: 'TV guide' });
    const response = await ctx.app.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/xml/);
    expect(response.body).toContain('<loc>https://shop.example.in/</loc>');
    expect(response.body).toContain('<loc>https://shop.example.in/privacy-policy</loc>');
    expect(response.body).toContain(`<loc>https://shop.example.in/product/${product.slug}</loc>`);
    expect(response.body).toContain(`<loc>https://shop.example.in/blog/${blog.slug}</loc>`);
  });

  it('lists every page in every language, each naming its alternates', async () => {
    const product = await createProduct(ctx.database.db, { title: 'Bilingual Kettle' });
    const body = (await ctx.app.inject('/sitemap.xml')).body;
    expect(body).toContain('<loc>https://shop.example.in/hi/</loc>');
    expect(body).toContain('<loc>https://shop.example.in/hi/privacy-policy</loc>');
    const hindi = `https://shop.example.in/hi/product/${product.slug}`;
    const english = `https://shop.example.in/product/${product.slug}`;
    const entry = body.match(new RegExp(`<url><loc>${hindi}</loc>.*?</url>`))?.[0];
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${english}"/>`);
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="hi" href="${hindi}"/>`);
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${english}"/>`);
  });

  it('answers 404 for a product part that does not exist', async () => {
    expect((await ctx.app.inject('/sitemaps/products-99.xml')).statusCode).toBe(404);
    expect((await ctx.app.inject('/sitemaps/products-abc.xml')).statusCode).toBe(404);
  });
});
