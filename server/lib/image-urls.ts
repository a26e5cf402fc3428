/**
 * Pictures are stored as paths on this server (`/media/products/x.webp`, written by the seed). API
 * answers give them as absolute URLs instead: a client on another origin (the original
 * storefront client, CORS_ORIGINS) would otherwise look for them on its own site. `/media/...` is
 * served from `mediaUrl` (PUBLIC_URL/media, or a CDN copy: MEDIA_URL), any other path from
 * `publicUrl`, and a URL that is already absolute stays as it is. File names are kept, so the
 * smaller copies beside each picture (`x-400.webp`) are still found by appending to the name.
 */
export function createImageUrls({ publicUrl, mediaUrl }: { publicUrl: string; mediaUrl: string }) {
  const absolute = (url: string): string => {
    if (url.startsWith('/media/')) return mediaUrl + url.slice('/media'.length);
    if (url.startsWith('/') && !url.startsWith('//')) return publicUrl + url;
    return url;
  };
  return {
    url: absolute,
    images: <T extends { url: string }>(images: readonly T[]): T[] =>
      images.map((image) => ({ ...image, url: absolute(image.url) })),
  };
}

export type ImageUrls = ReturnType<typeof createImageUrls>;
