import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BucketMediaStorage, StoredObject } from './media-storage.js';

/** What a copy did, for the CLI's summary and the seed's line. */
export type CopyReport = {
  /** Files in the folder that a bucket can hold (the shop's own file names). */
  files: number;
  copied: number;
  /** Already in the bucket with the same size and content: skipped, which is what makes a re-run resume. */
  alreadyThere: number;
  bytesCopied: number;
  /** Files whose names are not the shop's (a stray `notes.txt~`): left alone, named here. */
  ignored: string[];
};

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

const SHOP_FILE = /^[a-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.[a-z0-9]+$/;

/** Files under `dir`, relative with forward slashes, sorted; half-written ones (`*.tmp`) left out. */
async function localFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** An ETag that is a plain MD5 (an object written in one piece), without its quotes. */
function md5Etag(object: StoredObject): string | undefined {
  const etag = object.etag?.replace(/"/g, '').toLowerCase();
  return etag && /^[0-9a-f]{32}$/.test(etag) ? etag : undefined;
}

/**
 * Copies a media folder (DATA_DIR/media) into the bucket, under the same keys the shop uses.
 * Resumable: a file already in the bucket with the same size and MD5 (its ETag; size alone for
 * an object uploaded in parts) is skipped, so after an interruption the same command carries on
 * where it stopped. Objects appear whole or not at all in S3, so there is no half-copied file to
 * find. A bucket that fails stops the copy with a MediaStoreError; what was copied stays.
 */
export async function copyFolderToBucket(
  dir: string,
  bucket: BucketMediaStorage,
  options: {
    concurrency?: number;
    onStart?: (files: number, alreadyThere: number) => void;
    onFile?: (report: CopyReport) => void;
  } = {},
): Promise<CopyReport> {
  const all = await localFiles(dir);
  const ignored = all.filter((file) => !SHOP_FILE.test(file) || file.includes('..'));
  const files = all.filter((file) => !ignored.includes(file));
  const inBucket = new Map<string, StoredObject>();
  for await (const object of bucket.list()) inBucket.set(object.key, object);

  const report: CopyReport = { files: files.length, copied: 0, alreadyThere: 0, bytesCopied: 0, ignored };
  const pending: string[] = [];
  for (const file of files) {
    const there = inBucket.get(file);
    if (!there) {
      pending.push(file);
      continue;
    }
    const data = await readFile(path.join(dir, file));
    const etag = md5Etag(there);
    const same =
      there.size === data.length &&
      (etag === undefined || etag === createHash('md5').update(data).digest('hex'));
    if (same) report.alreadyThere += 1;
    else pending.push(file);
  }
  options.onStart?.(files.length, report.alreadyThere);

  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < pending.length && !failed) {
      const file = pending[next++]!;
      const data = await readFile(path.join(dir, file));
      const extension = file.slice(file.lastIndexOf('.') + 1);
      try {
        await bucket.put(file, data, CONTENT_TYPES[extension] ?? 'application/octet-stream');
      } catch (error) {
        failed = true; // the other workers stop after the file they are copying
        throw error;
      }
      report.copied += 1;
      report.bytesCopied += data.length;
      options.onFile?.(report);
    }
  };
  const workers = Array.from({ length: Math.min(options.concurrency ?? 8, pending.length) }, worker);
  const results = await Promise.allSettled(workers);
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return report;
}
