/**
 * A small geometric stroke alphabet (capitals, digits, apostrophe, ampersand-free) drawn as SVG
 * paths. Brand logos need their names, and SVG <text> depends on whatever fonts the machine has;
 * these paths render identically everywhere. Glyphs sit on a grid 6 units tall, baseline at y=6.
 */
type Glyph = { width: number; path: string };

const O_PATH = 'M2.2 0 A2.2 3 0 1 0 2.2 6 A2.2 3 0 1 0 2.2 0 Z';
const P_PATH = 'M0 6 V0 H2.4 C3.5 0 4 0.7 4 1.6 C4 2.5 3.5 3.2 2.4 3.2 H0';

const glyphs: Record<string, Glyph> = {
  A: { width: 4.4, path: 'M0 6 L2.2 0 L4.4 6 M0.8 4 H3.6' },
  B: {
    width: 4,
    path: 'M0 3 H2.3 C3.2 3 3.7 2.4 3.7 1.5 C3.7 0.6 3.2 0 2.3 0 H0 V6 H2.5 C3.5 6 4 5.3 4 4.5 C4 3.6 3.5 3 2.5 3',
  },
  C: { width: 4, path: 'M3.61 0.7 A2.2 3 0 1 0 3.61 5.3' },
  D: { width: 4.2, path: 'M0 0 V6 H1.6 C3.4 6 4.2 4.7 4.2 3 C4.2 1.3 3.4 0 1.6 0 Z' },
  E: { width: 3.4, path: 'M3.4 0 H0 V6 H3.4 M0 3 H2.8' },
  F: { width: 3.4, path: 'M3.4 0 H0 V6 M0 3 H2.8' },
  G: { width: 4.4, path: 'M3.61 0.7 A2.2 3 0 1 0 4.38 3.4 H2.6' },
  H: { width: 4, path: 'M0 0 V6 M4 0 V6 M0 3 H4' },
  I: { width: 0, path: 'M0 0 V6' },
  J: { width: 3, path: 'M3 0 V4.4 C3 5.4 2.4 6 1.5 6 C0.6 6 0 5.4 0 4.5' },
  K: { width: 4, path: 'M0 0 V6 M4 0 L0 3.8 M1.4 2.5 L4 6' },
  L: { width: 3.4, path: 'M0 0 V6 H3.4' },
  M: { width: 5, path: 'M0 6 V0 L2.5 4.2 L5 0 V6' },
  N: { width: 4, path: 'M0 6 V0 L4 6 V0' },
  O: { width: 4.4, path: O_PATH },
  P: { width: 4, path: P_PATH },
  Q: { width: 4.4, path: `${O_PATH} M2.8 4.4 L4.4 6.2` },
  R: { width: 4, path: `${P_PATH} M2.2 3.2 L4 6` },
  S: {
    width: 3.8,
    path: 'M3.8 1 C3.4 0.2 2.7 0 2 0 C0.9 0 0.2 0.6 0.2 1.5 C0.2 3.3 3.8 2.6 3.8 4.5 C3.8 5.4 3 6 2 6 C1.1 6 0.4 5.6 0 4.9',
  },
  T: { width: 4.2, path: 'M0 0 H4.2 M2.1 0 V6' },
  U: { width: 4, path: 'M0 0 V4 C0 5.3 0.8 6 2 6 C3.2 6 4 5.3 4 4 V0' },
  V: { width: 4.2, path: 'M0 0 L2.1 6 L4.2 0' },
  W: { width: 6, path: 'M0 0 L1.5 6 L3 1.6 L4.5 6 L6 0' },
  X: { width: 4, path: 'M0 0 L4 6 M4 0 L0 6' },
  Y: { width: 4.2, path: 'M0 0 L2.1 3.2 L4.2 0 M2.1 3.2 V6' },
  Z: { width: 4, path: 'M0 0 H4 L0 6 H4' },
  '0': { width: 4, path: 'M2 0 A2 3 0 1 0 2 6 A2 3 0 1 0 2 0 Z' },
  '1': { width: 2, path: 'M0 1.2 L2 0 V6' },
  "'": { width: 0, path: 'M0 0 V1.8' },
  '-': { width: 2.4, path: 'M0 3.4 H2.4' },
  ' ': { width: 1.6, path: '' },
};

const LETTER_GAP = 1.4;

/** Width of `text` in grid units (the cap height is 6 units). */
export function strokeTextWidth(text: string): number {
  const chars = [...text.toUpperCase()].filter((c) => glyphs[c]);
  return chars.reduce((sum, c) => sum + glyphs[c]!.width, 0) + LETTER_GAP * Math.max(0, chars.length - 1);
}

/** The path data of `text` laid out from (0, 0) in grid units; unknown characters are skipped. */
export function strokeTextPath(text: string): string {
  let x = 0;
  const parts: string[] = [];
  for (const c of text.toUpperCase()) {
    const glyph = glyphs[c];
    if (!glyph) continue;
    if (glyph.path) parts.push(`<path d="${glyph.path}" transform="translate(${x.toFixed(2)} 0)"/>`);
    x += glyph.width + LETTER_GAP;
  }
  return parts.join('');
}

/** `text` as stroked SVG, scaled to fit a box of `maxWidth` x `capHeight` pixels, centred on (cx, cy). */
export function strokeText(
  text: string,
  options: { cx: number; cy: number; maxWidth: number; capHeight: number; color: string; weight?: number },
): string {
  const width = strokeTextWidth(text);
  const scale = Math.min(options.capHeight / 6, options.maxWidth / Math.max(width, 1));
  const x = options.cx - (width * scale) / 2;
  const y = options.cy - (6 * scale) / 2;
  const weight = options.weight ?? 0.9;
  return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(3)})" fill="none" stroke="${options.color}" stroke-width="${weight}" stroke-linecap="round" stroke-linejoin="round">${strokeTextPath(text)}</g>`;
}
