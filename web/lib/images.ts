import type { ApiImage } from '../../shared/api-types';

export const fallbackImage = '/images/fallback.svg';

/**
 * The shop's own pictures, as API answers give them: absolute URLs under PUBLIC_URL/media or a CDN
 * copy of it (MEDIA_URL must end in /media), or a plain `/media/...` path. Anything else (another
 * site's picture) may have no smaller copies.
 */
const ownWebp = /^(?:https?:\/\/[^/?#]+)?\/(?:[^?#]*\/)?media\/[^?#]+\.webp$/;

/**
 * The seed stores every picture at full size with a smaller copy beside it (`x.webp` and
 * `x-400.webp` for products, `x-600.webp` for blog covers). Lists ask for the small copy and let
 * the browser pick the large one on dense screens, so a phone never downloads 800 px for a card.
 */
export function responsiveImage(
  image: ApiImage | undefined,
  smallWidth: 400 | 600,
): { src: string; srcSet?: string; width: number; height: number; alt: string } {
  if (!image?.url) return { src: fallbackImage, width: 400, height: 400, alt: '' };
  const width = image.width ?? 800;
  const height = image.height ?? 800;
  const alt = image.alt ?? '';
  if (!ownWebp.test(image.url) || width <= smallWidth) {
    return { src: image.url, width, height, alt };
  }
  const small = image.url.replace(/\.webp$/, `-${smallWidth}.webp`);
  return {
    src: small,
    srcSet: `${small} ${smallWidth}w, ${image.url} ${width}w`,
    width,
    height,
    alt,
  };
}
