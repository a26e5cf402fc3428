/**
 * Colour arithmetic and SVG scaffolding for the seed's flat illustrations. Everything is drawn
 * from shapes (no fonts, no external references) so librsvg renders the same on any machine.
 */

type Rgb = { r: number; g: number; b: number };

function hexToRgb(hex: string): Rgb {
  const value = hex.replace('#', '');
  const full =
    value.length === 3
      ? value
          .split('')
          .map((c) => c + c)
          .join('')
      : value;
  return {
    r: Number.parseInt(full.slice(0, 2), 16),
    g: Number.parseInt(full.slice(2, 4), 16),
    b: Number.parseInt(full.slice(4, 6), 16),
  };
}

function rgbToHex({ r, g, b }: Rgb): string {
  const channel = (n: number) =>
    Math.round(Math.min(255, Math.max(0, n)))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

/** Blends `hex` towards `target`; amount 0 keeps hex, 1 gives target. */
export function mix(hex: string, target: string, amount: number): string {
  const a = hexToRgb(hex);
  const b = hexToRgb(target);
  return rgbToHex({
    r: a.r + (b.r - a.r) * amount,
    g: a.g + (b.g - a.g) * amount,
    b: a.b + (b.b - a.b) * amount,
  });
}

export const lighten = (hex: string, amount: number) => mix(hex, '#ffffff', amount);
export const darken = (hex: string, amount: number) => mix(hex, '#000000', amount);

/** Relative luminance (0 black .. 1 white), to keep light products visible on light backgrounds. */
export function luminance(hex: string): number {
  const { r, g, b } = hexToRgb(hex);
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

const screenScenes = ['#3b82f6', '#f97316', '#8b5cf6', '#0d9488', '#ec4899'];

/**
 * The colour a screen shows (TV picture, phone wallpaper). A colourful product shows its own
 * colour; black, grey and white products would give a dull grey screen, so they get a scene.
 */
export function screenTint(base: string, variant: number): string {
  const { r, g, b } = hexToRgb(base);
  const isGreyscale = Math.max(r, g, b) - Math.min(r, g, b) < 40;
  return isGreyscale ? screenScenes[variant % screenScenes.length]! : base;
}

/** The tones one product colour is drawn with: flat fills plus a light and a dark side. */
export type Palette = {
  base: string;
  light: string;
  lighter: string;
  dark: string;
  darker: string;
  /** An outline that stays visible when the base colour is near white. */
  edge: string;
};

export function paletteFor(base: string): Palette {
  const isPale = luminance(base) > 0.7;
  return {
    base,
    light: lighten(base, 0.25),
    lighter: lighten(base, 0.55),
    dark: darken(base, isPale ? 0.12 : 0.22),
    darker: darken(base, isPale ? 0.3 : 0.45),
    edge: isPale ? '#cbd5e1' : darken(base, 0.35),
  };
}

export function linearGradient(id: string, stops: string[], vertical = true): string {
  const [x2, y2] = vertical ? ['0', '1'] : ['1', '0'];
  const offsets = stops.map(
    (color, i) => `<stop offset="${stops.length === 1 ? 0 : i / (stops.length - 1)}" stop-color="${color}"/>`,
  );
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${offsets.join('')}</linearGradient>`;
}

export function diagonalGradient(id: string, from: string, to: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

export function radialGlow(id: string, color: string, opacity: number): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

export function svgDocument(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

/** A soft contact shadow, so objects sit on the ground instead of floating. */
export function groundShadow(cx: number, cy: number, rx: number, ry = rx * 0.12): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry.toFixed(1)}" fill="#0f172a" opacity="0.14"/>`;
}

/** Pastel pairs for backgrounds; paired by hand so both ends of a gradient agree. */
export const pastelPairs: ReadonlyArray<readonly [string, string]> = [
  ['#fef3c7', '#fde2e4'],
  ['#e0f2fe', '#ede9fe'],
  ['#dcfce7', '#e0f2fe'],
  ['#fce7f3', '#fef9c3'],
  ['#ffedd5', '#fee2e2'],
  ['#f1f5f9', '#e2e8f0'],
  ['#ede9fe', '#fae8ff'],
  ['#ecfccb', '#fef3c7'],
];
