import {
  drawActionCamera,
  drawAnalogWatch,
  drawCamera,
  drawLaptop,
  drawPhone,
  drawSmartwatch,
  drawTablet,
  drawTelevision,
} from './art-electronics.js';
import {
  drawBackpack,
  drawHoodie,
  drawJeans,
  drawPaymentCard,
  drawSneaker,
  drawSunglasses,
  drawTShirt,
} from './art-fashion.js';
import {
  drawAirConditioner,
  drawAirFryer,
  drawConsole,
  drawEarbuds,
  drawGameController,
  drawHeadphones,
  drawMicrowave,
  drawMixerGrinder,
  drawRefrigerator,
  drawSpeaker,
  drawWashingMachine,
} from './art-home-audio.js';
import type { Palette } from './svg-kit.js';

/** What a product (or a blog cover) is drawn as. */
export const illustrationKinds = [
  'analog-watch',
  'smartwatch',
  'tv',
  'dslr',
  'mirrorless',
  'action-camera',
  'laptop',
  'phone',
  'tablet',
  'headphones',
  'earbuds',
  'speaker',
  'game-controller',
  'console',
  'washing-machine',
  'refrigerator',
  'mixer-grinder',
  'air-conditioner',
  'air-fryer',
  'microwave',
  't-shirt',
  'hoodie',
  'sneaker',
  'jeans',
  'sunglasses',
  'backpack',
  'payment-card',
] as const;
export type IllustrationKind = (typeof illustrationKinds)[number];

/** The second product image is a true back view for these; the others get a new angle. */
const kindsWithBackView: ReadonlySet<IllustrationKind> = new Set(['phone', 'tablet']);

export function hasBackView(kind: IllustrationKind): boolean {
  return kindsWithBackView.has(kind);
}

const drawers: Record<IllustrationKind, (p: Palette, view: 1 | 2, variant: number) => string> = {
  'analog-watch': drawAnalogWatch,
  smartwatch: drawSmartwatch,
  tv: drawTelevision,
  dslr: (p) => drawCamera(p, 'dslr'),
  mirrorless: (p) => drawCamera(p, 'mirrorless'),
  'action-camera': drawActionCamera,
  laptop: drawLaptop,
  phone: drawPhone,
  tablet: drawTablet,
  headphones: drawHeadphones,
  earbuds: drawEarbuds,
  speaker: drawSpeaker,
  'game-controller': drawGameController,
  console: drawConsole,
  'washing-machine': drawWashingMachine,
  refrigerator: drawRefrigerator,
  'mixer-grinder': drawMixerGrinder,
  'air-conditioner': drawAirConditioner,
  'air-fryer': drawAirFryer,
  microwave: drawMicrowave,
  't-shirt': drawTShirt,
  hoodie: drawHoodie,
  sneaker: drawSneaker,
  jeans: drawJeans,
  sunglasses: drawSunglasses,
  backpack: drawBackpack,
  'payment-card': drawPaymentCard,
};

/**
 * SVG markup of the object on an 800x800 canvas, centred near (400, 400). `variant` picks among
 * small alternatives (the picture on a TV), so a row of black TVs does not look cloned.
 */
export function drawIllustration(
  kind: IllustrationKind,
  palette: Palette,
  view: 1 | 2 = 1,
  variant = 0,
): string {
  return drawers[kind](palette, view, variant);
}
