import type { ImageRef } from '../schema.js';
import { drawIllustration, hasBackView, type IllustrationKind } from './illustrations.js';
import type { MediaJob } from './media-files.js';
import { createRandom, hashString } from './seeded-random.js';
import {
  lighten,
  luminance,
  type Palette,
  paletteFor,
  pastelPairs,
  radialGlow,
  svgDocument,
} from './svg-kit.js';

/**
 * Product pictures: two views per product, 800x800 plus a 400px copy, stored as
 * `/media/products/<name>-1.webp` and `/media/products/<name>-2.webp`.
 */
export const PRODUCT_IMAGE_SIZE = 800;
export const PRODUCT_IMAGE_VARIANT = 400;

export function productImageRefs(imageName: string, alt: string): ImageRef[] {
  return [1, 2].map((view) => ({
    url: `/media/products/${imageName}-${view}.webp`,
    width: PRODUCT_IMAGE_SIZE,
    height: PRODUCT_IMAGE_SIZE,
    alt,
  }));
}

export function productImageJobs(imageName: string, kind: IllustrationKind, colorHex: string): MediaJob[] {
  return ([1, 2] as const).map((view) => ({
    file: `products/${imageName}-${view}.webp`,
    width: PRODUCT_IMAGE_SIZE,
    height: PRODUCT_IMAGE_SIZE,
    variantWidth: PRODUCT_IMAGE_VARIANT,
    svg: () => productImageSvg(kind, colorHex, view, imageName),
  }));
}

/** A tint of the product colour, except for near-white products, which would vanish on it. */
function backdropTint(palette: Palette): string {
  return luminance(palette.base) > 0.7 ? '#c7d2fe' : lighten(palette.base, 0.8);
}

export function productImageSvg(
  kind: IllustrationKind,
  colorHex: string,
  view: 1 | 2,
  seedKey: string,
): string {
  const palette = paletteFor(colorHex);
  const random = createRandom(`${seedKey}:${view}`);
  const variant = hashString(seedKey);
  const [from, to] = random.pick(pastelPairs);
  const tint = backdropTint(palette);
  if (view === 1) {
    const defs = `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint}"/><stop offset="1" stop-color="${to}"/></linearGradient>${radialGlow('glow', '#ffffff', 0.75)}`;
    const body = `<rect width="800" height="800" fill="url(#bg)"/><circle cx="400" cy="390" r="330" fill="url(#glow)"/>${drawIllustration(kind, palette, 1, variant)}`;
    return svgDocument(800, 800, defs, body);
  }
  // The second view: another backdrop, and a new angle (or the back, where that says more).
  const tilt = (random.chance(0.5) ? -1 : 1) * random.int(6, 11);
  const object = hasBackView(kind)
    ? `<g transform="rotate(${tilt / 2} 400 400)">${drawIllustration(kind, palette, 2, variant)}</g>`
    : `<g transform="translate(400 400) rotate(${tilt}) scale(0.9) translate(-400 -400)">${drawIllustration(kind, palette, 2, variant)}</g>`;
  const defs = `<linearGradient id="bg" x1="1" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${tint}"/></linearGradient><pattern id="dots" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="3" fill="${palette.dark}" opacity="0.18"/></pattern>`;
  const body = `<rect width="800" height="800" fill="url(#bg)"/><rect x="30" y="30" width="250" height="190" fill="url(#dots)"/><circle cx="470" cy="380" r="300" fill="#ffffff" opacity="0.45"/><circle cx="470" cy="380" r="300" fill="none" stroke="#ffffff" stroke-width="10" opacity="0.6"/>${object}`;
  return svgDocument(800, 800, defs, body);
}
