import { groundShadow, linearGradient, luminance, type Palette } from './svg-kit.js';

/** Flat illustrations for fashion items, plus a payment card for blog covers (800x800 canvas). */

/** A colour that reads on top of the product colour: logos, stripes, laces. */
const contrastOn = (p: Palette) => (luminance(p.base) > 0.5 ? p.darker : '#f8fafc');

export function drawTShirt(p: Palette): string {
  const shirt =
    'M300 150 L228 176 L128 262 L192 352 L246 316 L246 656 Q246 670 260 670 H540 Q554 670 554 656 L554 316 L608 352 L672 262 L572 176 L500 150 Q480 202 400 202 Q320 202 300 150 Z';
  return `<defs>${linearGradient('tshirt-fabric', [p.light, p.base, p.dark])}</defs>
${groundShadow(400, 700, 200, 12)}
<path d="${shirt}" fill="url(#tshirt-fabric)" stroke="${p.edge}" stroke-width="2" stroke-linejoin="round"/>
<path d="M246 316 L252 214 M554 316 L548 214" stroke="${p.dark}" stroke-width="4" opacity="0.6"/>
<path d="M150 290 L206 334 M650 290 L594 334" stroke="${p.dark}" stroke-width="10" stroke-linecap="round" opacity="0.5"/>
<path d="M300 152 Q322 216 400 216 Q478 216 500 152" stroke="${p.darker}" stroke-width="14" fill="none" stroke-linecap="round"/>
<path d="M258 654 H542" stroke="${p.dark}" stroke-width="3" stroke-dasharray="9 7"/>
<path d="M448 282 Q470 262 492 282 Q470 300 448 282 Z M452 300 H488" stroke="${contrastOn(p)}" stroke-width="6" fill="none" stroke-linecap="round"/>
<path d="M320 420 Q360 470 330 560" stroke="${p.dark}" stroke-width="4" fill="none" opacity="0.35"/>`;
}

export function drawHoodie(p: Palette): string {
  const body =
    'M286 172 L212 196 Q166 216 156 292 L120 600 L192 612 L246 382 L246 650 Q246 666 262 666 H538 Q554 666 554 650 L554 382 L608 612 L680 600 L644 292 Q634 216 588 196 L514 172 Z';
  return `<defs>${linearGradient('hoodie-fabric', [p.light, p.base, p.dark])}</defs>
${groundShadow(400, 690, 240, 12)}
<path d="${body}" fill="url(#hoodie-fabric)" stroke="${p.edge}" stroke-width="2" stroke-linejoin="round"/>
<path d="M118 604 L194 616" stroke="${p.darker}" stroke-width="22" stroke-linecap="round"/><path d="M606 616 L682 604" stroke="${p.darker}" stroke-width="22" stroke-linecap="round"/>
<rect x="246" y="628" width="308" height="38" rx="8" fill="${p.dark}"/>
<path d="M300 500 H500 L528 604 H272 Z" fill="${p.dark}" opacity="0.55"/>
<path d="M286 172 Q300 88 400 84 Q500 88 514 172 Q482 218 400 218 Q318 218 286 172 Z" fill="${p.dark}"/>
<path d="M322 176 Q332 120 400 118 Q468 120 478 176 Q450 202 400 202 Q350 202 322 176 Z" fill="${p.darker}"/>
<path d="M374 208 L368 320 M426 208 L432 320" stroke="#f8fafc" stroke-width="7" stroke-linecap="round"/>
<rect x="361" y="318" width="14" height="22" rx="4" fill="#cbd5e1"/><rect x="425" y="318" width="14" height="22" rx="4" fill="#cbd5e1"/>`;
}

export function drawSneaker(p: Palette): string {
  const accent = contrastOn(p);
  // Laces cross the eyestay, which runs from the tongue (upper left) down to the toe.
  const laces = [0, 1, 2, 3]
    .map((i) => {
      const x = 372 + i * 42;
      const y = 350 + i * 21;
      return `<path d="M${x - 6} ${y - 12} L${x + 10} ${y + 22}" stroke="${accent}" stroke-width="9" stroke-linecap="round"/>`;
    })
    .join('');
  return `<defs>${linearGradient('sneaker-upper', [p.light, p.base, p.dark])}</defs>
${groundShadow(412, 636, 310, 14)}
<path d="M126 596 Q132 626 176 628 H640 Q696 624 704 588 Z" fill="#334155"/>
<path d="M120 560 Q120 612 172 612 H642 Q702 610 706 568 Q707 544 680 544 H142 Q120 544 120 560 Z" fill="#f8fafc" stroke="#cbd5e1" stroke-width="3"/>
<path d="M150 548 C136 480 140 420 162 388 C200 396 240 412 272 406 C288 368 302 336 324 324 C340 316 354 324 358 338 C420 378 482 418 562 440 C642 460 692 492 698 548 Z" fill="url(#sneaker-upper)" stroke="${p.edge}" stroke-width="2" stroke-linejoin="round"/>
<path d="M150 548 C136 480 140 420 162 388 C190 394 210 400 228 404 C214 450 214 500 228 548 Z" fill="${p.dark}"/>
<path d="M272 406 C288 368 302 336 324 324 C340 316 354 324 358 338 L334 402 Z" fill="${p.dark}"/>
<path d="M356 352 L540 446" stroke="${p.dark}" stroke-width="24" stroke-linecap="round"/>
${laces}
<path d="M236 522 C330 508 430 462 540 456 C480 478 410 512 338 542 Z" fill="${accent}" opacity="0.92"/>
<path d="M152 546 H692" stroke="${p.dark}" stroke-width="2.5" stroke-dasharray="8 8" opacity="0.55"/>
<path d="M590 462 C640 476 680 502 688 536" stroke="#ffffff" stroke-width="6" fill="none" stroke-linecap="round" opacity="0.3"/>`;
}

export function drawJeans(p: Palette): string {
  const stitch = '#f59e0b';
  return `<defs>${linearGradient('jeans-denim', [p.light, p.base, p.dark], false)}</defs>
${groundShadow(400, 690, 200, 12)}
<path d="M268 118 H532 L562 658 Q562 672 548 672 H432 Q420 672 418 660 L400 332 L382 660 Q380 672 368 672 H252 Q238 672 238 658 Z" fill="url(#jeans-denim)" stroke="${p.edge}" stroke-width="2" stroke-linejoin="round"/>
<rect x="268" y="118" width="264" height="42" fill="${p.dark}"/>
<rect x="298" y="112" width="12" height="54" rx="3" fill="${p.darker}"/><rect x="394" y="112" width="12" height="54" rx="3" fill="${p.darker}"/><rect x="490" y="112" width="12" height="54" rx="3" fill="${p.darker}"/>
<circle cx="400" cy="139" r="9" fill="#d4a373" stroke="#92400e" stroke-width="2"/>
<path d="M400 160 V300" stroke="${p.darker}" stroke-width="3"/>
<path d="M410 162 V270 Q410 296 392 304" stroke="${stitch}" stroke-width="3" stroke-dasharray="7 5" fill="none"/>
<path d="M276 164 Q332 210 346 162 M524 164 Q468 210 454 162" stroke="${stitch}" stroke-width="3" stroke-dasharray="7 5" fill="none"/>
<path d="M250 656 H374 M426 656 H552" stroke="${stitch}" stroke-width="3" stroke-dasharray="7 5"/>
<path d="M300 380 L290 620 M500 380 L510 620" stroke="${p.darker}" stroke-width="4" opacity="0.35"/>`;
}

export function drawSunglasses(p: Palette): string {
  const lens = (mirror: boolean) => {
    const x = (v: number) => (mirror ? 800 - v : v);
    return `M${x(176)} 330 H${x(374)} Q${x(386)} 330 ${x(384)} 346 L${x(370)} 432 Q${x(362)} 472 ${x(320)} 472 H${x(236)} Q${x(190)} 472 ${x(180)} 432 L${x(168)} 346 Q${x(166)} 330 ${x(176)} 330 Z`;
  };
  return `<defs><linearGradient id="sunglasses-lens" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0f172a"/><stop offset="1" stop-color="#475569"/></linearGradient></defs>
${groundShadow(400, 560, 250, 12)}
<path d="M162 334 L104 292 M638 334 L696 292" stroke="${p.dark}" stroke-width="14" stroke-linecap="round"/>
<path d="${lens(false)}" fill="url(#sunglasses-lens)" stroke="${p.base}" stroke-width="16" stroke-linejoin="round"/>
<path d="${lens(true)}" fill="url(#sunglasses-lens)" stroke="${p.base}" stroke-width="16" stroke-linejoin="round"/>
<rect x="158" y="316" width="484" height="26" rx="13" fill="${p.base}" stroke="${p.edge}" stroke-width="2"/>
<path d="M376 352 Q400 330 424 352" stroke="${p.base}" stroke-width="14" fill="none"/>
<path d="M206 352 L256 352 L218 452 L196 440 Z M446 352 L480 352 L450 440 L436 434 Z" fill="#ffffff" opacity="0.18"/>`;
}

export function drawBackpack(p: Palette): string {
  return `<defs>${linearGradient('backpack-body', [p.light, p.base, p.dark])}</defs>
${groundShadow(400, 664, 200, 14)}
<path d="M350 176 Q350 108 400 108 Q450 108 450 176" stroke="${p.darker}" stroke-width="20" fill="none" stroke-linecap="round"/>
<rect x="206" y="220" width="32" height="380" rx="16" fill="${p.darker}"/><rect x="562" y="220" width="32" height="380" rx="16" fill="${p.darker}"/>
<rect x="228" y="166" width="344" height="486" rx="92" fill="url(#backpack-body)" stroke="${p.edge}" stroke-width="2"/>
<path d="M252 262 Q400 150 548 262" stroke="${p.darker}" stroke-width="6" fill="none"/>
<rect x="270" y="398" width="260" height="214" rx="52" fill="${p.dark}"/>
<path d="M292 432 Q400 410 508 432" stroke="${p.darker}" stroke-width="6" fill="none"/>
<rect x="492" y="424" width="12" height="34" rx="4" fill="#e5e7eb"/>
<rect x="368" y="316" width="64" height="42" rx="9" fill="${contrastOn(p)}" opacity="0.85"/>`;
}

/** Payment cards and rupee coins: the cover of posts about EMI and payments. */
export function drawPaymentCard(p: Palette): string {
  const digits = [0, 1, 2, 3]
    .map((group) =>
      [0, 1, 2, 3]
        .map(
          (d) => `<circle cx="${222 + group * 96 + d * 18}" cy="452" r="5" fill="#ffffff" opacity="0.85"/>`,
        )
        .join(''),
    )
    .join('');
  const coin = (cx: number, cy: number) =>
    `<ellipse cx="${cx}" cy="${cy + 10}" rx="62" ry="20" fill="#b45309"/><ellipse cx="${cx}" cy="${cy}" rx="62" ry="20" fill="#f59e0b"/><ellipse cx="${cx}" cy="${cy}" rx="44" ry="13" fill="#fcd34d"/>`;
  const rupee = `<path d="M-22 -34 H24 M-22 -14 H24 M-14 -34 Q18 -34 18 -14 Q18 6 -14 6 L20 40" stroke="#92400e" stroke-width="9" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`;
  return `<defs>${linearGradient('card-face', [p.light, p.base, p.darker], false)}</defs>
${groundShadow(400, 640, 300, 14)}
<rect x="230" y="190" width="440" height="276" rx="28" fill="${p.darker}" transform="rotate(-10 450 328)"/>
<rect x="160" y="250" width="460" height="290" rx="30" fill="url(#card-face)" stroke="${p.edge}" stroke-width="2"/>
<rect x="210" y="318" width="72" height="56" rx="10" fill="#fcd34d"/><path d="M210 346 H282 M246 318 V374" stroke="#b45309" stroke-width="3"/>
<path d="M318 330 Q332 346 318 362 M334 320 Q356 346 334 372" stroke="#ffffff" stroke-width="5" fill="none" stroke-linecap="round" opacity="0.8"/>
${digits}
<circle cx="540" cy="500" r="22" fill="#ef4444" opacity="0.9"/><circle cx="566" cy="500" r="22" fill="#f59e0b" opacity="0.9"/>
${coin(640, 620)}${coin(640, 590)}${coin(640, 560)}
<g transform="translate(640 486)"><circle r="64" fill="#f59e0b"/><circle r="50" fill="#fcd34d"/>${rupee}</g>`;
}
