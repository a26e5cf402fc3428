import type { ImageRef } from '../schema.js';
import { drawIllustration, type IllustrationKind } from './illustrations.js';
import type { MediaJob } from './media-files.js';
import { createRandom } from './seeded-random.js';
import { darken, lighten, luminance, paletteFor, pastelPairs, svgDocument } from './svg-kit.js';

/** Blog covers: 1200x630 (the Open Graph size) plus a 600px copy, at `/media/blogs/<slug>.webp`. */
export const BLOG_COVER_WIDTH = 1200;
export const BLOG_COVER_HEIGHT = 630;
export const BLOG_COVER_VARIANT = 600;

export type BlogCoverTheme = { kind: IllustrationKind; color: string; companion?: IllustrationKind };

export function blogCoverRef(slug: string, alt: string): ImageRef {
  return { url: `/media/blogs/${slug}.webp`, width: BLOG_COVER_WIDTH, height: BLOG_COVER_HEIGHT, alt };
}

export function blogCoverJob(slug: string, theme: BlogCoverTheme): MediaJob {
  return {
    file: `blogs/${slug}.webp`,
    width: BLOG_COVER_WIDTH,
    height: BLOG_COVER_HEIGHT,
    variantWidth: BLOG_COVER_VARIANT,
    svg: () => blogCoverSvg(slug, theme),
  };
}

/** A sale tag with a "%" mark: says "shopping guide" without needing any text. */
function priceTag(x: number, y: number, color: string): string {
  return `<g transform="translate(${x} ${y}) rotate(-14)"><path d="M0 0 H150 L200 55 L150 110 H0 Q-16 110 -16 94 V16 Q-16 0 0 0 Z" fill="${color}"/><circle cx="160" cy="55" r="11" fill="#ffffff"/>
<circle cx="42" cy="34" r="13" fill="none" stroke="#ffffff" stroke-width="8"/><circle cx="98" cy="76" r="13" fill="none" stroke="#ffffff" stroke-width="8"/><path d="M104 26 L36 86" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/></g>`;
}

function sparkle(x: number, y: number, size: number, color: string): string {
  return `<path d="M${x} ${y - size} Q${x} ${y} ${x + size} ${y} Q${x} ${y} ${x} ${y + size} Q${x} ${y} ${x - size} ${y} Q${x} ${y} ${x} ${y - size} Z" fill="${color}"/>`;
}

export function blogCoverSvg(slug: string, theme: BlogCoverTheme): string {
  const random = createRandom(`blog:${slug}`);
  const [from, to] = random.pick(pastelPairs);
  const palette = paletteFor(theme.color);
  // A near-white theme (a white AC) would make the tag and sparkles vanish on a pastel.
  const accent = luminance(theme.color) > 0.7 ? '#0ea5e9' : darken(theme.color, 0.1);
  const defs = `<linearGradient id="cover-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient><pattern id="cover-dots" width="30" height="30" patternUnits="userSpaceOnUse"><circle cx="5" cy="5" r="3.5" fill="${accent}" opacity="0.22"/></pattern>`;
  const companion = theme.companion
    ? `<g transform="translate(290 250) scale(0.46)">${drawIllustration(theme.companion, paletteFor(lighten(theme.color, 0.1)))}</g>`
    : '';
  const body = `<rect width="1200" height="630" fill="url(#cover-bg)"/>
<circle cx="860" cy="315" r="290" fill="#ffffff" opacity="0.5"/>
<circle cx="140" cy="560" r="210" fill="${lighten(theme.color, 0.55)}" opacity="0.55"/>
<rect x="60" y="60" width="240" height="150" fill="url(#cover-dots)"/>
${priceTag(120, 300, accent)}
${sparkle(420, 120, 26, accent)}${sparkle(470, 190, 14, lighten(accent, 0.3))}${sparkle(1120, 90, 20, accent)}
${companion}
<g transform="translate(560 10) scale(0.76)">${drawIllustration(theme.kind, palette, 1, random.int(0, 4))}</g>`;
  return svgDocument(BLOG_COVER_WIDTH, BLOG_COVER_HEIGHT, defs, body);
}
