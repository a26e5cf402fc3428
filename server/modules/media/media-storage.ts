import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded pictures live. The shop serves the local folder at /media/ (server/web); a bucket
 * behind a CDN (S3, R2, GCS) can replace it by implementing the same three calls, with MEDIA_URL
 * pointing at the CDN's copy of /media. Keys are relative paths such as `uploads/abc.webp`.
 */
export type MediaStorage = {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Removes the object; one that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** The path products store (`/media/<key>`); API answers make it absolute. */
  url(key: string): string;
};

const SAFE_KEY = /^[a-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.[a-z0-9]+$/;

function checkedKey(key: string): string {
  // Keys are made by the service, never by a client; this only guards against a future mistake.
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe media key ${key}`);
  return key;
}

/** Files under `dir` (DATA_DIR/media), written atomically so a crash never leaves half a picture. */
export function createLocalMediaStorage(dir: string): MediaStorage {
  return {
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
  };
}
