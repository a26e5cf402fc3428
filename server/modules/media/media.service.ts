import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import {
  type ApiUploadedImage,
  UPLOAD_FULL_WIDTH,
  UPLOAD_VARIANT_WIDTHS,
} from '../../../shared/api/media.schemas.js';
import { badRequest, conflict, notFound, serviceUnavailable } from '../../lib/errors.js';
import type { ServiceDeps } from '../../service-deps.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { blogsShowingImage } from '../blog/index.js';
import { productsShowingImage } from '../catalog/index.js';
import * as repository from './media.repository.js';
import { type BucketMediaStorage, type MediaStorage, MediaStoreError } from './media-storage.js';
import { openMediaStorage } from './open-media-storage.js';

type StoredAsset = {
  publicId: string;
  key: string;
  files: string[];
  width: number;
  height: number;
  bytes: number;
  name: string;
};

/** One uploaded file as the route read it. */
export type UploadedFile = { filename: string; data: Buffer };

const FORMATS = new Set(['jpeg', 'png', 'webp']);
/** A 10 MB file can still decode to billions of pixels (a "decompression bomb"): 50 megapixels is plenty. */
const MAX_INPUT_PIXELS = 50_000_000;
const webpOptions = { quality: 80, effort: 4 } as const;

const nameOf = (file: UploadedFile) => (file.filename || 'The file').slice(0, 120);

/** Reads every file before writing any: one bad file refuses the whole upload. */
async function inspect(files: UploadedFile[]) {
  for (const file of files) {
    let format: string | undefined;
    try {
      const metadata = await sharp(file.data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      format = metadata.format;
      if (!metadata.width || !metadata.height) format = undefined;
    } catch (error) {
      if (/pixel limit/i.test((error as Error).message)) {
        throw badRequest(`${nameOf(file)} has too many pixels: upload a picture of at most 50 megapixels.`);
      }
      format = undefined;
    }
    if (!format || !FORMATS.has(format)) {
      throw badRequest(`${nameOf(file)} is not a JPEG, PNG or WebP picture.`);
    }
  }
}

/** The full-size WebP and its smaller copies, from one decode of the original. */
async function render(file: UploadedFile) {
  const { data, info } = await sharp(file.data, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: UPLOAD_FULL_WIDTH, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const full = await sharp(data, raw).webp(webpOptions).toBuffer();
  const variants = await Promise.all(
    UPLOAD_VARIANT_WIDTHS.map(async (width) => ({
      width,
      data: await sharp(data, raw).resize({ width, withoutEnlargement: true }).webp(webpOptions).toBuffer(),
    })),
  );
  return { width: info.width, height: info.height, full, variants };
}

/**
 * Uploaded pictures: checked by their content (sharp must read them as JPEG, PNG or WebP, whatever
 * their name says), turned upright from their EXIF orientation, stripped of metadata (GPS included)
 * and stored as WebP in the sizes the storefront's srcset uses, through a storage that a bucket can
 * replace. `media_assets` records what was written, so a delete removes exactly those files.
 */
export class MediaService {
  readonly storage: MediaStorage;
  private readonly db: ServiceDeps['db'];
  private readonly imageUrls: ServiceDeps['imageUrls'];
  private readonly log: ServiceDeps['log'];

  constructor({ db, imageUrls, config, log }: Pick<ServiceDeps, 'db' | 'imageUrls' | 'config' | 'log'>) {
    this.db = db;
    this.imageUrls = imageUrls;
    this.log = log;
    this.storage = openMediaStorage(config.mediaStorage);
  }

  /** Writes every file of one picture at once; each key is in `written` as soon as it is stored. */
  private async putAll(files: { key: string; data: Buffer }[], written: string[]): Promise<void> {
    const results = await Promise.allSettled(
      files.map(async ({ key, data }) => {
        await this.storage.put(key, data, 'image/webp');
        written.push(key);
      }),
    );
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** Removes what an upload that failed had already written; what cannot be removed is logged by key. */
  private async removeWritten(written: string[]): Promise<void> {
    const results = await Promise.allSettled(written.map((key) => this.storage.delete(key)));
    const left = written.filter((_key, i) => results[i]!.status === 'rejected');
    if (left.length) {
      this.log.error(
        { keys: left, store: this.storage.describe() },
        'a failed upload left files the store would not delete; the hourly clean-up removes them',
      );
    }
  }

  /**
   * Deletes uploaded files in the bucket that no record names and that are over `minAgeMs` old:
   * what an upload left when the bucket failed between storing a size and removing it again.
   * The age spares uploads still being written (their record comes after their files).
   */
  async sweepOrphans(minAgeMs = 60 * 60 * 1000): Promise<number> {
    if (this.storage.kind !== 's3') return 0;
    const cutoff = Date.now() - minAgeMs;
    const keysOf = new Map<string, string[]>();
    for await (const object of (this.storage as BucketMediaStorage).list('uploads/')) {
      const publicId = /^uploads\/(img_[0-9a-f]+)(?:-\d+)?\.webp$/.exec(object.key)?.[1];
      if (!publicId || !object.lastModified || object.lastModified.getTime() > cutoff) continue;
      keysOf.set(publicId, [...(keysOf.get(publicId) ?? []), object.key]);
    }
    const ids = [...keysOf.keys()];
    let removed = 0;
    for (let start = 0; start < ids.length; start += 1000) {
      const batch = ids.slice(start, start + 1000);
      const known = await repository.knownPublicIds(this.db, batch);
      for (const id of batch.filter((one) => !known.has(one))) {
        for (const key of keysOf.get(id)!) {
          await this.storage.delete(key);
          removed += 1;
        }
      }
    }
    if (removed) this.log.warn({ removed }, 'deleted uploaded files that no picture record names');
    return removed;
  }

  async upload(actor: AuditActor, files: UploadedFile[]): Promise<ApiUploadedImage[]> {
    await inspect(files);
    const written: string[] = [];
    try {
      const assets: StoredAsset[] = [];
      for (const file of files) {
        const image = await render(file);
        const publicId = `img_${randomBytes(12).toString('hex')}`;
        const key = `uploads/${publicId}.webp`;
        await this.putAll(
          [
            { key, data: image.full },
            ...image.variants.map((v) => ({ key: `uploads/${publicId}-${v.width}.webp`, data: v.data })),
          ],
          written,
        );
        assets.push({
          publicId,
          key,
          files: [key, ...image.variants.map((v) => `uploads/${publicId}-${v.width}.webp`)],
          width: image.width,
          height: image.height,
          bytes: image.full.length + image.variants.reduce((sum, v) => sum + v.data.length, 0),
          name: nameOf(file),
        });
      }
      const rows = await this.db.transaction(async (tx) => {
        const inserted = await repository.insertAssets(
          tx,
          assets.map((a) => ({
            publicId: a.publicId,
            files: a.files,
            width: a.width,
            height: a.height,
            bytes: a.bytes,
            staffId: actor.id,
          })),
        );
        await recordAudit(tx, actor, {
          action: 'media.upload',
          entityType: 'media',
          entityId: assets.length === 1 ? assets[0]!.publicId : null,
          summary: `Uploaded ${assets.length === 1 ? assets[0]!.name : `${assets.length} pictures`}`,
          after: assets.map((a) => ({
            public_id: a.publicId,
            file: a.name,
            width: a.width,
            height: a.height,
          })),
        });
        return inserted;
      });
      const idOf = new Map(rows.map((row) => [row.publicId, row.id]));
      return assets.map((a) => ({
        url: this.imageUrls.url(this.storage.url(a.key)),
        asset_id: idOf.get(a.publicId)!,
        public_id: a.publicId,
        width: a.width,
        height: a.height,
      }));
    } catch (error) {
      // Nothing half-uploaded stays behind: files written before the failure are removed, and
      // no row was written (the rows come after every file is stored).
      await this.removeWritten(written);
      if ((error as Error).message?.includes('Input buffer')) {
        throw badRequest('A picture could not be read. Please check the files and try again.');
      }
      if (error instanceof MediaStoreError) {
        this.log.error({ err: error }, 'the picture store failed an upload');
        throw serviceUnavailable(
          `Nothing was uploaded: ${error.reason}. Try again in a few minutes; if it keeps failing, the shop's picture this.storage needs fixing.`,
        );
      }
      throw error;
    }
  }

  async remove(actor: AuditActor, publicId: string): Promise<{ message: string }> {
    const asset = await repository.findByPublicId(this.db, publicId);
    if (!asset)
      throw notFound('There is no uploaded picture with that id. It may have been deleted already.');
    const [products, posts] = await Promise.all([
      productsShowingImage(this.db, publicId),
      blogsShowingImage(this.db, publicId),
    ]);
    const usedBy = [...products, ...posts.map((title) => `the blog post "${title}"`)];
    if (usedBy.length) {
      throw conflict(
        `${usedBy.join(', ')} still ${usedBy.length === 1 ? 'shows' : 'show'} this picture: remove it there first.`,
      );
    }
    // Files first, then the row: a store that is down answers 503 with the record kept, so
    // deleting again later finishes the job (a second delete of a file is no error), and no
    // file is ever left behind that no record names.
    const results = await Promise.allSettled(asset.files.map((key) => this.storage.delete(key)));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) {
      const error = failed.reason as unknown;
      this.log.error({ err: error, publicId }, 'the picture store failed a delete');
      if (!(error instanceof MediaStoreError)) throw error;
      throw serviceUnavailable(`The picture was not deleted: ${error.reason}. Try again in a few minutes.`);
    }
    await this.db.transaction(async (tx) => {
      await repository.deleteAsset(tx, asset.id);
      await recordAudit(tx, actor, {
        action: 'media.delete',
        entityType: 'media',
        entityId: publicId,
        summary: `Deleted the picture ${publicId}`,
        before: { public_id: publicId, files: asset.files, width: asset.width, height: asset.height },
      });
    });
    return { message: 'Deleted' };
  }
}

export function createMediaService(deps: ServiceDeps): MediaService {
  return new MediaService(deps);
}
