import type { MediaStorageSetting } from '../../media-storage-setting.js';
import { createBucketStorage } from './bucket-storage.js';
import { createLocalMediaStorage, type MediaStorage } from './media-storage.js';

/** The picture store MEDIA_STORAGE names: DATA_DIR/media, or the S3 bucket. */
export function openMediaStorage(setting: MediaStorageSetting): MediaStorage {
  return setting.kind === 's3' ? createBucketStorage(setting) : createLocalMediaStorage(setting.dir);
}
