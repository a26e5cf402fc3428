import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.js';
import type { SitemapService } from './sitemap.service.js';

export async function sitemapRoutes(app: FastifyInstance, { sitemap }: { sitemap: SitemapService }) {
  const xml = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' };
  app.get('/sitemap.xml', async (_request, reply) => reply.headers(xml).send(await sitemap.root()));
  app.get('/sitemaps/pages.xml', async (_request, reply) => reply.headers(xml).send(await sitemap.pages()));
  app.get<{ Params: { part: string } }>('/sitemaps/products-:part.xml', async (request, reply) => {
    if (!/^\d{1,4}$/.test(request.params.part)) throw notFound('No such sitemap.');
    return reply.headers(xml).send(await sitemap.productPart(Number(request.params.part)));
  });
}
