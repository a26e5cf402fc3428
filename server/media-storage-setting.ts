/** Where pictures are kept (MEDIA_STORAGE): the data directory's folder, or an S3-compatible bucket. */
export type BucketSettings = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's own chain (AWS_* variables, an instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

export type MediaStorageSetting = { kind: 'local'; dir: string } | ({ kind: 's3' } & BucketSettings);

export function mediaStorageSetting(
  raw: {
    MEDIA_STORAGE: 'local' | 's3';
    S3_BUCKET?: string | undefined;
    S3_REGION?: string | undefined;
    S3_ENDPOINT?: string | undefined;
    S3_FORCE_PATH_STYLE?: string | undefined;
    S3_ACCESS_KEY_ID?: string | undefined;
    S3_SECRET_ACCESS_KEY?: string | undefined;
  },
  dir: string,
): MediaStorageSetting {
  if (raw.MEDIA_STORAGE === 'local') return { kind: 'local', dir };
  return {
    kind: 's3',
    bucket: raw.S3_BUCKET!,
    // S3-compatible services (MinIO, R2) take any region name; us-east-1 is the one they expect.
    region: raw.S3_REGION ?? 'us-east-1',
    endpoint: raw.S3_ENDPOINT?.replace(/\/+$/, ''),
    // MinIO and most self-hosted services answer only path-style URLs (endpoint/bucket/key).
    forcePathStyle:
      raw.S3_FORCE_PATH_STYLE === undefined
        ? Boolean(raw.S3_ENDPOINT)
        : raw.S3_FORCE_PATH_STYLE === 'true' || raw.S3_FORCE_PATH_STYLE === '1',
    credentials:
      raw.S3_ACCESS_KEY_ID && raw.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: raw.S3_ACCESS_KEY_ID, secretAccessKey: raw.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}
