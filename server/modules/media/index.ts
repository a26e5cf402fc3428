/** The media module's door: what other modules, flows and the app may use of it. */
export { createBucketStorage } from './bucket-storage.js';
export { mediaRoutes } from './media.routes.js';
export { createMediaService } from './media.service.js';
export type { BucketMediaStorage, MediaStorage } from './media-storage.js';
export { checkedKey, MediaStoreError } from './media-storage.js';
