import * as z from 'zod/mini';

/** Pictures uploaded from the console or the original admin client (POST /api/upload). */

export const UPLOAD_MAX_FILES = 10;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** The widths the storefront uses: the full picture (at most this wide) and its smaller copies. */
export const UPLOAD_FULL_WIDTH = 1600;
export const UPLOAD_VARIANT_WIDTHS = [400, 600] as const;
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp';

export const PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

export const uploadedImageAnswer = z.object({
  /** Absolute URL of the full-size WebP; `-400.webp` and `-600.webp` copies sit beside it. */
  url: z.string(),
  asset_id: z.string(),
  /** One safe path segment, for DELETE /api/upload/delete-img/{public_id}. */
  public_id: z.string(),
  width: z.number(),
  height: z.number(),
});
export type ApiUploadedImage = z.output<typeof uploadedImageAnswer>;

/** The body is multipart/form-data (1 to 10 files under `images`), read by the handler. */
export const uploadImages = { response: z.array(uploadedImageAnswer) };

export const deleteImage = {
  params: z.object({
    public_id: z
      .string()
      .check(
        z.regex(PUBLIC_ID_PATTERN, 'That picture id is not valid'),
        z.describe('The upload’s public_id.'),
      ),
  }),
  response: z.object({ message: z.string() }),
};
