import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageRoutes, rememberedLanguageRedirect } from './language.js';

const app = Fastify();
beforeAll(async () => {
  await languageRoutes(app);
  app.get('/*', async (request, reply) => {
    const chosen = rememberedLanguageRedirect(request);
    return chosen ? reply.redirect(chosen, 302) : 'page';
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the language switcher', () => {
  it('remembers the choice and goes on to the same page in that language', async () => {
    const response = await app.inject('/language?to=hi&next=%2Fproduct%3Fcategory%3DTVs');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/hi/product?category=TVs');
    expect(response.headers['set-cookie']).toMatch(/^lang=hi; Path=\/; Max-Age=31536000; SameSite=Lax/);
    const back = await app.inject('/language?to=en&next=%2Fhi%2Fcart');
    expect(back.headers.location).toBe('/cart');
  });

  it('never sends anyone off the site, and refuses a language the shop does not have', async () => {
    for (const next of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const response = await app.inject(`/language?to=hi&next=${encodeURIComponent(next)}`);
      expect(response.headers.location, next).toBe('/hi/');
    }
    const unknown = await app.inject('/language?to=xx&next=/');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Unknown language');
  });

  it('opens English addresses in the remembered language, never a language address or a crawler', async () => {
    const hindi = { cookie: 'theme=x; lang=hi' };
    expect((await app.inject({ url: '/product?q=tv', headers: hindi })).headers.location).toBe(
      '/hi/product?q=tv',
    );
    expect((await app.inject({ url: '/hi/cart', headers: hindi })).statusCode).toBe(200);
    expect((await app.inject({ url: '/product', headers: { cookie: 'lang=en' } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/product', headers: { cookie: 'lang=zz' } })).statusCode).toBe(200);
    expect((await app.inject('/product')).statusCode).toBe(200);
  });
});
