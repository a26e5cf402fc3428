import type { FastifyInstance } from 'fastify';
import { type BucketMediaStorage, checkedKey, MediaStoreError } from '../modules/media/index.js';

/**
 * `/media/*` answered from the bucket when pictures are in object storage (MEDIA_STORAGE=s3):
 * what shoppers get when no CDN is configured (MEDIA_URL unset), and what old links to the shop's
 * own /media/ keep reaching when one is. The bucket may stay private; ETags pass through, so a
 * browser's second look costs a 304.
 */
export async function mediaProxyRoutes(app: FastifyInstance, options: { storage: BucketMediaStorage }) {
  const { storage } = options;
  app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
    let key: string;
    try {
      key = checkedKey(request.params['*']);
    } catch {
      return reply.status(404).send({ message: 'There is no such picture.' });
    }
    const ifNoneMatch = request.headers['if-none-match'];
    let found: Awaited<ReturnType<BucketMediaStorage['read']>>;
    try {
      found = await storage.read(key, ifNoneMatch ? { ifNoneMatch } : {});
    } catch (error) {
      if (!(error instanceof MediaStoreError)) throw error;
      request.log.error({ err: error, key }, `a picture could not be read: ${error.reason}`);
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .header('retry-after', '30')
        .send({ message: 'Pictures are briefly unavailable. Please try again in a moment.' });
    }
    if (found === null) {
      return reply
        .status(404)
        .header('cache-control', 'no-store')
        .send({ message: 'There is no such picture.' });
    }
    // API answers give these URLs to clients on other origins too: see the local folder's headers.
    reply.header('cross-origin-resource-policy', 'cross-origin');
    if (found === 'not-modified') {
      if (ifNoneMatch) reply.header('etag', ifNoneMatch);
      return reply.status(304).send();
    }
    reply
      .header('cache-control', 'public, max-age=604800')
      .type(found.contentType ?? 'application/octet-stream');
    if (found.contentLength !== undefined) reply.header('content-length', found.contentLength);
    if (found.etag) reply.header('etag', found.etag);
    if (found.lastModified) reply.header('last-modified', found.lastModified.toUTCString());
    if (request.method === 'HEAD') {
      // The body is not wanted: release the bucket's connection now rather than leave it open.
      found.body.destroy();
      return reply.send();
    }
    return reply.send(found.body);
  });
}
