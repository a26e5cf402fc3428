import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { BucketMediaStorage } from '../../modules/media/media-storage.js';
import type { MediaSummary } from './backup-archive.js';
import { sha256File } from './backup-archive.js';

/**
 * Pictures in a bucket are not copied into the backup file: the bucket is backed up by its own
 * means (versioning, replication; decision 033), which a file on the app server's disk cannot
 * match for a catalogue's worth of pictures. The backup lists them instead, one line each
 * (`key<TAB>size<TAB>etag`), so a restore can say whether the bucket still holds every picture the
 * restored database points at.
 */
export const BUCKET_INDEX_FILE = 'bucket-index.tsv';

/** Lists the bucket into `file`; the summary's sha256 is the list's. */
export async function writeBucketIndex(bucket: BucketMediaStorage, file: string): Promise<MediaSummary> {
  const handle = await open(file, 'w');
  let files = 0;
  let bytes = 0;
  try {
    for await (const object of bucket.list()) {
      await handle.write(`${object.key}\t${object.size}\t${object.etag?.replace(/"/g, '') ?? ''}\n`);
      files += 1;
      bytes += object.size;
    }
  } finally {
    await handle.close();
  }
  return { files, bytes, sha256: await sha256File(file) };
}

export type BucketCheck = { listed: number; present: number; missing: string[] };

/** How many of the pictures the backup listed the bucket holds now, with the same size and ETag. */
export async function checkBucketAgainstIndex(
  bucket: BucketMediaStorage,
  file: string,
): Promise<BucketCheck> {
  const now = new Map<string, string>();
  for await (const object of bucket.list()) {
    now.set(object.key, String(object.size));
  }
  const missing: string[] = [];
  let listed = 0;
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (!line) continue;
    listed += 1;
    const [key, size] = line.split('\t') as [string, string];
    // The size, not the ETag: a copy of the bucket made in parts has other ETags for the same bytes.
    if (now.get(key) !== size) missing.push(key);
  }
  return { listed, present: listed - missing.length, missing };
}
