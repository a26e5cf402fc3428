import type { ImageRef } from '../schema.js';
import type { MediaJob } from './media-files.js';
import { strokeText, strokeTextWidth } from './stroke-font.js';
import { svgDocument } from './svg-kit.js';

/** Brand logos: 240x120 wordmarks at `/media/brands/<slug>.webp`, drawn with the stroke font. */
export const BRAND_LOGO_WIDTH = 240;
export const BRAND_LOGO_HEIGHT = 120;

export type LogoStyle = 'wordmark' | 'badge' | 'monogram';

export function brandLogoRef(slug: string, title: string): ImageRef {
  return {
    url: `/media/brands/${slug}.webp`,
    width: BRAND_LOGO_WIDTH,
    height: BRAND_LOGO_HEIGHT,
    alt: `${title} logo`,
  };
}

export function brandLogoJob(slug: string, title: string, color: string, style: LogoStyle): MediaJob {
  return {
    file: `brands/${slug}.webp`,
    width: BRAND_LOGO_WIDTH,
    height: BRAND_LOGO_HEIGHT,
    svg: () => brandLogoSvg(title, color, style),
  };
}

function brandLogoSvg(title: string, color: string, style: LogoStyle): string {
  const background = '<rect width="240" height="120" fill="#ffffff"/>';
  if (style === 'badge') {
    const mark = strokeText(title, { cx: 120, cy: 60, maxWidth: 150, capHeight: 30, color: '#ffffff' });
    return svgDocument(
      240,
      120,
      '',
      `${background}<rect x="22" y="28" width="196" height="64" rx="32" fill="${color}"/>${mark}`,
    );
  }
  if (style === 'monogram') {
    // Centre the badge and the word together, so short names (HP, LG) do not leave a gap.
    const wordWidth = Math.min(126, (strokeTextWidth(title) * 26) / 6);
    const left = (240 - (64 + 14 + wordWidth)) / 2;
    const initial = strokeText(title.charAt(0), {
      cx: left + 32,
      cy: 60,
      maxWidth: 30,
      capHeight: 30,
      color: '#ffffff',
      weight: 1.1,
    });
    const word = strokeText(title, {
      cx: left + 78 + wordWidth / 2,
      cy: 60,
      maxWidth: 126,
      capHeight: 26,
      color,
    });
    return svgDocument(
      240,
      120,
      '',
      `${background}<circle cx="${left + 32}" cy="60" r="32" fill="${color}"/>${initial}${word}`,
    );
  }
  const word = strokeText(title, { cx: 120, cy: 54, maxWidth: 190, capHeight: 36, color, weight: 1 });
  return svgDocument(
    240,
    120,
    '',
    `${background}${word}<rect x="96" y="88" width="48" height="6" rx="3" fill="${color}" opacity="0.55"/>`,
  );
}
