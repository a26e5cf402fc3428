import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded pictures live: the local folder the shop serves at /media/ (server/web), or a
 * bucket (bucket-storage.ts) that shoppers reach through MEDIA_URL's CDN or through the shop.
 * Keys are relative paths such as `uploads/abc.webp`; a product stores `/media/<key>`.
 */
export type MediaStorage = {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Removes the object; one that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** The path products store (`/media/<key>`); API answers make it absolute. */
  url(key: string): string;
  /** For messages to staff: "the folder /srv/shop/media", "the bucket shop-media at https://...". */
  describe(): string;
  /** Lets go of connections (the bucket's client); the shop calls it when it stops. */
  close(): void;
};

/** One stored object as a listing gives it (S3: ETag is the MD5 of objects written in one piece). */
export type StoredObject = {
  key: string;
  size: number;
  etag?: string | undefined;
  lastModified?: Date | undefined;
};

/** A picture read from a bucket, for the shop to pass on to a shopper. */
export type MediaObject = {
  body: Readable;
  contentType: string | undefined;
  contentLength: number | undefined;
  etag: string | undefined;
  lastModified: Date | undefined;
};

/** A bucket: the calls the shop's proxy, `media:migrate`, the seed and the backup need besides. */
export type BucketMediaStorage = MediaStorage & {
  readonly kind: 's3';
  /** Null when there is no such object; `not-modified` when `ifNoneMatch` is its ETag. */
  read(key: string, options?: { ifNoneMatch?: string }): Promise<MediaObject | 'not-modified' | null>;
  /** Null when there is no such object. */
  stat(key: string): Promise<StoredObject | null>;
  /** Every object under the shop's prefix (or under `under` inside it, e.g. `uploads/`), in key order. */
  list(under?: string): AsyncIterable<StoredObject>;
};

/**
 * The picture store could not do what was asked (unreachable, credentials refused, no such
 * bucket). `reason` is written for the shop's staff: it says what to check.
 */
export class MediaStoreError extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
    this.name = 'MediaStoreError';
  }
}

const SAFE_KEY = /^[a-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.[a-z0-9]+$/;

/** Keys are made by the service and the seed, never by a client; this guards against a future mistake. */
export function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe media key ${key}`);
  return key;
}

/** Files under `dir` (DATA_DIR/media), written atomically so a crash never leaves half a picture. */
export function createLocalMediaStorage(dir: string): MediaStorage {
  return {
    kind: 'local',
    async put(key, data) {
      const target = path.join(dir, checkedKey(key));
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
      try {
        await writeFile(temporary, data);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async delete(key) {
      await rm(path.join(dir, checkedKey(key)), { force: true });
    },
    url(key) {
      return `/media/${checkedKey(key)}`;
    },
    describe() {
      return `the folder ${dir}`;
    },
    close() {},
  };
}
