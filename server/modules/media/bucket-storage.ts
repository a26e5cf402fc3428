import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { BucketSettings } from '../../media-storage-setting.js';
import { type BucketMediaStorage, checkedKey, MediaStoreError, type StoredObject } from './media-storage.js';

/**
 * Pictures in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO...), through the AWS SDK v3.
 * Every object sits under `media/` in the bucket, so the bucket's own address (or a CDN in front
 * of it) ending in `/media` is what MEDIA_URL names, exactly as the shop's own `/media/` path.
 */
export const BUCKET_PREFIX = 'media/';

/** The shop's pictures change name when they change (uploads) or are re-rendered rarely (the seed): a week. */
const CACHE_CONTROL = 'public, max-age=604800';

type SdkError = { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };

const statusOf = (error: unknown) => (error as SdkError).$metadata?.httpStatusCode;
const isMissing = (error: unknown) =>
  ['NoSuchKey', 'NotFound'].includes((error as SdkError).name ?? '') ||
  (statusOf(error) === 404 && (error as SdkError).name !== 'NoSuchBucket');

/** What went wrong, in words staff can act on. */
function storeError(error: unknown, where: string): MediaStoreError {
  const e = error as SdkError;
  if (e.name === 'NoSuchBucket') {
    return new MediaStoreError(`${where} does not exist: create it, or correct S3_BUCKET`, { cause: error });
  }
  if (
    statusOf(error) === 403 ||
    ['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch'].includes(e.name ?? '')
  ) {
    return new MediaStoreError(
      `${where} refused the shop's credentials (${e.name ?? 'HTTP 403'}): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and what the key may do`,
      { cause: error },
    );
  }
  const detail = e.code ?? e.name ?? 'error';
  return new MediaStoreError(
    `${where} could not be reached (${detail}${statusOf(error) ? `, HTTP ${statusOf(error)}` : ''}): check that the service is up and that S3_ENDPOINT and S3_REGION are right`,
    { cause: error },
  );
}

export function createBucketStorage(settings: BucketSettings): BucketMediaStorage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // A bucket that hangs must not hold a staff upload or a shopper's picture for minutes: three
    // tries of at most 10 s each, the connection given 3 s.
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 3000, requestTimeout: 10_000, throwOnRequestTimeout: true },
    // The SDK's default extra CRC32 checksums are refused by several S3-compatible services: only
    // where S3 requires them (the signature already covers each body's SHA-256).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const where = `the bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ` (${settings.region})`}`;
  const Bucket = settings.bucket;
  const objectKey = (key: string) => `${BUCKET_PREFIX}${checkedKey(key)}`;

  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw storeError(error, where);
    }
  }

  return {
    kind: 's3',
    async put(key, data, contentType) {
      await call(() =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: objectKey(key),
            Body: data,
            ContentType: contentType,
            ContentLength: data.length,
            CacheControl: CACHE_CONTROL,
          }),
        ),
      );
    },
    async delete(key) {
      // S3 answers 204 for a key that is not there: deleting twice is fine.
      await call(() => client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) })));
    },
    url(key) {
      return `/media/${checkedKey(key)}`;
    },
    describe() {
      return where;
    },
    async read(key, options = {}) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: objectKey(key),
            ...(options.ifNoneMatch ? { IfNoneMatch: options.ifNoneMatch } : {}),
          }),
        );
        return {
          body: answer.Body as Readable,
          contentType: answer.ContentType,
          contentLength: answer.ContentLength,
          etag: answer.ETag,
          lastModified: answer.LastModified,
        };
      } catch (error) {
        if (statusOf(error) === 304) return 'not-modified';
        if (isMissing(error)) return null;
        throw storeError(error, where);
      }
    },
    async stat(key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return { key, size: answer.ContentLength ?? 0, etag: answer.ETag };
      } catch (error) {
        if (isMissing(error)) return null;
        throw storeError(error, where);
      }
    },
    async *list(under = ''): AsyncIterable<StoredObject> {
      let token: string | undefined;
      do {
        const page = await call(() =>
          client.send(
            new ListObjectsV2Command({
              Bucket,
              Prefix: `${BUCKET_PREFIX}${under}`,
              ContinuationToken: token,
            }),
          ),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield {
            key: object.Key.slice(BUCKET_PREFIX.length),
            size: object.Size ?? 0,
            etag: object.ETag,
            lastModified: object.LastModified,
          };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    close() {
      client.destroy();
    },
  };
}
