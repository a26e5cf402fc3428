import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const TEST_BUCKET = 'shop-media';

/**
 * A local S3-compatible server (s3rver, files in a temporary folder) behind a small HTTP proxy the
 * test controls: `down()` closes the proxy (connections refused, as a bucket that went away),
 * `up()` opens it again on the same port, and `failWhen` answers chosen requests with S3's own
 * 503 "SlowDown" error, to break an upload half-way. `env` is what the shop's settings need.
 */
export async function startS3Server() {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const upstream = await s3.run();
  let failWhen: ((method: string, url: string) => boolean) | undefined;
  let port = 0;
  let proxy: http.Server | undefined;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      proxy = http.createServer((request, response) => {
        if (failWhen?.(request.method ?? 'GET', request.url ?? '/')) {
          request.resume();
          response.writeHead(503, { 'content-type': 'application/xml' });
          response.end(
            '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>',
          );
          return;
        }
        const forward = http.request(
          {
            host: '127.0.0.1',
            port: upstream.port,
            method: request.method,
            path: request.url,
            headers: request.headers,
          },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        forward.on('error', () => response.destroy());
        request.pipe(forward);
      });
      proxy.keepAliveTimeout = 1000;
      proxy.once('error', reject);
      proxy.listen(port, '127.0.0.1', () => {
        port = (proxy!.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();

  const endpoint = () => `http://127.0.0.1:${port}`;
  return {
    endpoint,
    /** The shop's settings for this bucket. */
    env: () => ({
      MEDIA_STORAGE: 's3',
      S3_BUCKET: TEST_BUCKET,
      S3_REGION: 'ap-south-1',
      S3_ENDPOINT: endpoint(),
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    /** Object keys in the bucket, sorted. */
    async keys(): Promise<string[]> {
      const list = await fetch(`http://127.0.0.1:${upstream.port}/${TEST_BUCKET}?list-type=2&max-keys=1000`);
      const xml = await list.text();
      return [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]!).sort();
    },
    /** An object as the bucket holds it (bypassing the proxy), or null. */
    async object(key: string): Promise<Buffer | null> {
      const answer = await fetch(`http://127.0.0.1:${upstream.port}/${TEST_BUCKET}/${key}`);
      return answer.ok ? Buffer.from(await answer.arrayBuffer()) : null;
    },
    failWhen(predicate: ((method: string, url: string) => boolean) | undefined) {
      failWhen = predicate;
    },
    async down() {
      await new Promise<void>((resolve) => {
        proxy?.close(() => resolve());
        proxy?.closeAllConnections();
      });
    },
    up: listen,
    async close() {
      if (proxy?.listening) await this.down();
      s3.httpServer?.closeAllConnections();
      await s3.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>;
