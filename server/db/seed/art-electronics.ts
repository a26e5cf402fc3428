import {
  darken,
  groundShadow,
  lighten,
  linearGradient,
  luminance,
  mix,
  type Palette,
  screenTint,
} from './svg-kit.js';

/**
 * Flat illustrations of watches, TVs, cameras, laptops, phones and tablets on an 800x800 canvas,
 * object centred near (400, 400). Each returns SVG markup (with its own <defs>) and uses ids
 * prefixed by its kind, so two drawings can share one document.
 */

const glassShine = (cx: number, cy: number, r: number) =>
  `<circle cx="${cx - r * 0.3}" cy="${cy - r * 0.3}" r="${r * 0.3}" fill="#ffffff" opacity="0.35"/><circle cx="${cx + r * 0.35}" cy="${cy + r * 0.35}" r="${r * 0.12}" fill="#ffffff" opacity="0.2"/>`;

function lensGlass(id: string, cx: number, cy: number, r: number): string {
  return `<defs><radialGradient id="${id}" cx="0.4" cy="0.4" r="0.7"><stop offset="0" stop-color="#3b5bdb"/><stop offset="0.55" stop-color="#172554"/><stop offset="1" stop-color="#020617"/></radialGradient></defs><circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#${id})"/>${glassShine(cx, cy, r)}`;
}

/** A screen's wallpaper: the product colour as soft blobs, so each colourway looks different. */
function wallpaper(id: string, glow: string, x: number, y: number, w: number, h: number, rx: number): string {
  return `<defs>${linearGradient(`${id}-bg`, [lighten(glow, 0.45), glow, darken(glow, 0.45)])}<clipPath id="${id}-clip"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}"/></clipPath></defs>
<g clip-path="url(#${id}-clip)"><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${id}-bg)"/>
<circle cx="${x + w * 0.15}" cy="${y + h * 0.2}" r="${Math.max(w, h) * 0.35}" fill="#ffffff" opacity="0.16"/>
<circle cx="${x + w * 0.95}" cy="${y + h * 0.75}" r="${Math.max(w, h) * 0.4}" fill="${darken(glow, 0.5)}" opacity="0.35"/>
<path d="M${x} ${y + h * 0.7} C${x + w * 0.3} ${y + h * 0.55} ${x + w * 0.6} ${y + h * 0.9} ${x + w} ${y + h * 0.62} V${y + h} H${x} Z" fill="#ffffff" opacity="0.12"/></g>`;
}

function strapGradient(id: string, p: Palette): string {
  return `<defs>${linearGradient(id, [p.dark, p.base, p.light, p.base, p.dark], false)}</defs>`;
}

export function drawAnalogWatch(p: Palette): string {
  const darkDial = luminance(p.base) > 0.45;
  const dial = darkDial ? '#1e293b' : lighten(p.base, 0.88);
  const ink = darkDial ? '#f8fafc' : '#1f2937';
  const markers = Array.from({ length: 12 }, (_, i) => {
    const major = i % 3 === 0;
    const [w, h] = major ? [10, 30] : [6, 18];
    return `<rect x="${-w / 2}" y="-136" width="${w}" height="${h}" rx="2" fill="${ink}" transform="translate(400 400) rotate(${i * 30})"/>`;
  }).join('');
  return `${strapGradient('watch-strap', p)}<defs>${linearGradient('watch-steel', ['#f8fafc', '#cbd5e1', '#64748b'])}</defs>
${groundShadow(400, 735, 120, 12)}
<path d="M338 70 H462 Q471 70 472 80 L482 285 H318 L328 80 Q329 70 338 70 Z" fill="url(#watch-strap)"/>
<path d="M318 515 H482 L472 718 Q471 728 462 728 H338 Q329 728 328 718 Z" fill="url(#watch-strap)"/>
<path d="M340 84 L332 280 M460 84 L468 280 M332 520 L340 712 M468 520 L460 712" stroke="${p.lighter}" stroke-width="3" stroke-dasharray="10 8" opacity="0.7"/>
<circle cx="400" cy="610" r="8" fill="${p.darker}"/><circle cx="400" cy="650" r="8" fill="${p.darker}"/><circle cx="400" cy="690" r="8" fill="${p.darker}"/>
<rect x="568" y="378" width="30" height="44" rx="8" fill="url(#watch-steel)"/>
<circle cx="400" cy="400" r="180" fill="url(#watch-steel)"/>
<circle cx="400" cy="400" r="162" fill="${darken('#94a3b8', 0.25)}"/>
<circle cx="400" cy="400" r="150" fill="${dial}"/>
<circle cx="400" cy="400" r="138" fill="none" stroke="${ink}" stroke-width="5" stroke-dasharray="1.6 12.85" opacity="0.45"/>
${markers}
<rect x="-8" y="-82" width="16" height="98" rx="8" fill="${ink}" transform="translate(400 400) rotate(-58)"/>
<rect x="-6" y="-122" width="12" height="138" rx="6" fill="${ink}" transform="translate(400 400) rotate(62)"/>
<rect x="-2" y="-132" width="4" height="162" rx="2" fill="#ef4444" transform="translate(400 400) rotate(155)"/>
<circle cx="400" cy="400" r="13" fill="#ef4444"/><circle cx="400" cy="400" r="5" fill="${ink}"/>
<path d="M285 330 A130 130 0 0 1 380 262" stroke="#ffffff" stroke-width="14" stroke-linecap="round" fill="none" opacity="0.22"/>`;
}

export function drawSmartwatch(p: Palette): string {
  const caseColor = mix(p.base, '#1f2937', 0.65);
  const ring = (r: number, color: string, fraction: number) => {
    const c = 2 * Math.PI * r;
    return `<circle cx="400" cy="385" r="${r}" fill="none" stroke="${color}" stroke-width="13" opacity="0.25"/><circle cx="400" cy="385" r="${r}" fill="none" stroke="${color}" stroke-width="13" stroke-linecap="round" stroke-dasharray="${(c * fraction).toFixed(1)} ${c.toFixed(1)}" transform="rotate(-90 400 385)"/>`;
  };
  return `${strapGradient('smartwatch-strap', p)}<defs>${linearGradient('smartwatch-case', [lighten(caseColor, 0.3), caseColor, darken(caseColor, 0.3)])}</defs>
${groundShadow(400, 738, 110, 12)}
<path d="M335 76 H465 Q475 76 476 88 L488 270 H312 L324 88 Q325 76 335 76 Z" fill="url(#smartwatch-strap)"/>
<path d="M312 530 H488 L476 712 Q475 724 465 724 H335 Q325 724 324 712 Z" fill="url(#smartwatch-strap)"/>
<circle cx="400" cy="620" r="7" fill="${p.darker}"/><circle cx="400" cy="660" r="7" fill="${p.darker}"/>
<rect x="512" y="330" width="20" height="52" rx="8" fill="${darken(caseColor, 0.2)}"/>
<rect x="512" y="400" width="14" height="40" rx="6" fill="${darken(caseColor, 0.2)}"/>
<rect x="280" y="245" width="240" height="310" rx="70" fill="url(#smartwatch-case)"/>
<rect x="296" y="261" width="208" height="278" rx="56" fill="#05070d"/>
${ring(78, '#f43f5e', 0.78)}${ring(58, '#a3e635', 0.62)}${ring(38, '#22d3ee', 0.88)}
<rect x="336" y="488" width="60" height="12" rx="6" fill="#ffffff" opacity="0.75"/>
<rect x="404" y="488" width="30" height="12" rx="6" fill="${p.light}" opacity="0.9"/>
<rect x="442" y="488" width="22" height="12" rx="6" fill="#ffffff" opacity="0.35"/>
<path d="M312 300 Q330 266 372 262" stroke="#ffffff" stroke-width="8" stroke-linecap="round" fill="none" opacity="0.2"/>`;
}

export function drawTelevision(p: Palette, _view: 1 | 2, variant: number): string {
  const sky = screenTint(p.base, variant);
  return `<defs>${linearGradient('tv-sky', [lighten(sky, 0.6), lighten(sky, 0.15)])}<clipPath id="tv-screen"><rect x="104" y="164" width="592" height="352" rx="6"/></clipPath></defs>
${groundShadow(400, 606, 280, 14)}
<path d="M205 528 L170 600 H212 L236 528 Z M595 528 L630 600 H588 L564 528 Z" fill="#1f2937"/>
<rect x="90" y="150" width="620" height="380" rx="16" fill="#0f172a"/>
<g clip-path="url(#tv-screen)">
<rect x="104" y="164" width="592" height="352" fill="url(#tv-sky)"/>
<circle cx="560" cy="265" r="44" fill="#fde68a"/><circle cx="560" cy="265" r="70" fill="#fde68a" opacity="0.25"/>
<path d="M104 420 C200 330 290 350 370 400 C450 330 560 310 696 390 V516 H104 Z" fill="${darken(sky, 0.2)}"/>
<path d="M104 470 C220 410 330 450 430 470 C540 430 620 440 696 460 V516 H104 Z" fill="${darken(sky, 0.45)}"/>
<path d="M104 164 L330 164 L160 516 H104 Z" fill="#ffffff" opacity="0.07"/>
</g>
<rect x="386" y="521" width="28" height="4" rx="2" fill="#64748b"/>`;
}

export function drawCamera(p: Palette, style: 'dslr' | 'mirrorless'): string {
  const hump = style === 'dslr' ? 'M300 304 L332 214 H478 L510 304 Z' : 'M318 304 L338 250 H472 L492 304 Z';
  return `<defs>${linearGradient('camera-body', [p.light, p.base, p.dark])}</defs>
${groundShadow(400, 618, 280, 16)}
<path d="${hump}" fill="${p.dark}"/>
<rect x="185" y="276" width="56" height="18" rx="8" fill="#cbd5e1"/>
<rect x="540" y="272" width="74" height="32" rx="6" fill="${p.darker}"/>
<path d="M552 276 V300 M564 276 V300 M576 276 V300 M588 276 V300 M600 276 V300" stroke="${p.light}" stroke-width="3" opacity="0.6"/>
<rect x="150" y="300" width="500" height="300" rx="42" fill="url(#camera-body)"/>
<rect x="150" y="300" width="118" height="300" rx="42" fill="${p.darker}"/>
<path d="M178 340 V560 M200 340 V560 M222 340 V560 M244 340 V560" stroke="${p.dark}" stroke-width="4" stroke-dasharray="3 9" opacity="0.8"/>
<rect x="140" y="330" width="14" height="26" rx="4" fill="#94a3b8"/><rect x="646" y="330" width="14" height="26" rx="4" fill="#94a3b8"/>
<circle cx="604" cy="345" r="10" fill="#fca5a5" opacity="0.85"/>
<circle cx="420" cy="455" r="138" fill="#1f2937"/>
<circle cx="420" cy="455" r="126" fill="none" stroke="#374151" stroke-width="16" stroke-dasharray="4 7"/>
<circle cx="420" cy="455" r="106" fill="#0b1220"/>
<circle cx="420" cy="455" r="100" fill="none" stroke="#dc2626" stroke-width="3"/>
${lensGlass('camera-glass', 420, 455, 80)}`;
}

export function drawActionCamera(p: Palette): string {
  return `<defs>${linearGradient('action-body', [p.light, p.base, p.dark])}</defs>
${groundShadow(400, 600, 200, 14)}
<rect x="350" y="515" width="22" height="50" rx="6" fill="${p.darker}"/><rect x="389" y="515" width="22" height="50" rx="6" fill="${p.darker}"/><rect x="428" y="515" width="22" height="50" rx="6" fill="${p.darker}"/>
<rect x="458" y="250" width="64" height="22" rx="8" fill="#ef4444"/>
<rect x="240" y="266" width="320" height="260" rx="42" fill="url(#action-body)"/>
<rect x="272" y="298" width="162" height="162" rx="30" fill="#111827"/>
<circle cx="353" cy="379" r="60" fill="#1f2937"/>
${lensGlass('action-glass', 353, 379, 42)}
<rect x="454" y="306" width="80" height="80" rx="12" fill="#0f172a"/>
<rect x="462" y="314" width="64" height="64" rx="8" fill="${lighten('#0ea5e9', 0.2)}" opacity="0.55"/>
<rect x="272" y="478" width="256" height="22" rx="10" fill="${p.darker}"/>`;
}

export function drawLaptop(p: Palette, _view: 1 | 2, variant: number): string {
  const window = (x: number, y: number, w: number, h: number) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="#ffffff" opacity="0.88"/><rect x="${x}" y="${y}" width="${w}" height="16" rx="8" fill="#e2e8f0"/><circle cx="${x + 12}" cy="${y + 8}" r="3.5" fill="#f87171"/><circle cx="${x + 24}" cy="${y + 8}" r="3.5" fill="#fbbf24"/><rect x="${x + 14}" y="${y + 30}" width="${w * 0.6}" height="8" rx="4" fill="#cbd5e1"/><rect x="${x + 14}" y="${y + 46}" width="${w * 0.4}" height="8" rx="4" fill="#e2e8f0"/>`;
  return `<defs>${linearGradient('laptop-deck', [p.light, p.base, p.dark])}</defs>
${groundShadow(400, 556, 330, 14)}
<rect x="150" y="150" width="500" height="350" rx="22" fill="${p.base}"/>
<rect x="160" y="160" width="480" height="334" rx="15" fill="#0b0f19"/>
${wallpaper('laptop-screen', screenTint(p.base, variant), 176, 178, 448, 298, 4)}
${window(212, 218, 220, 140)}${window(380, 300, 200, 130)}
<circle cx="400" cy="169" r="3.5" fill="#334155"/>
<rect x="150" y="492" width="500" height="12" fill="${p.dark}"/>
<path d="M84 504 H716 L696 542 Q692 550 680 550 H120 Q108 550 104 542 Z" fill="url(#laptop-deck)"/>
<rect x="345" y="504" width="110" height="9" rx="4" fill="${p.dark}"/>`;
}

export function drawPhone(p: Palette, view: 1 | 2, variant: number): string {
  return view === 1 ? drawPhoneFront(p, variant) : drawPhoneBack(p);
}

function drawPhoneFront(p: Palette, variant: number): string {
  const icons = [0, 1, 2, 3]
    .flatMap((col) =>
      [0, 1].map(
        (row) =>
          `<rect x="${304 + col * 52}" y="${500 + row * 56}" width="38" height="38" rx="11" fill="#ffffff" opacity="${row === 0 ? 0.85 : 0.6}"/>`,
      ),
    )
    .join('');
  return `${groundShadow(400, 712, 170, 12)}
<rect x="540" y="236" width="7" height="72" rx="3" fill="${p.dark}"/><rect x="540" y="326" width="7" height="40" rx="3" fill="${p.dark}"/>
<rect x="258" y="108" width="284" height="584" rx="48" fill="${p.base}" stroke="${p.edge}" stroke-width="2"/>
<rect x="268" y="118" width="264" height="564" rx="40" fill="#05070d"/>
${wallpaper('phone-screen', screenTint(p.base, variant), 278, 128, 244, 544, 32)}
<rect x="300" y="196" width="200" height="92" rx="22" fill="#ffffff" opacity="0.2"/>
<rect x="322" y="220" width="110" height="16" rx="8" fill="#ffffff" opacity="0.9"/>
<rect x="322" y="248" width="70" height="12" rx="6" fill="#ffffff" opacity="0.6"/>
${icons}
<rect x="350" y="654" width="100" height="6" rx="3" fill="#ffffff" opacity="0.8"/>
<circle cx="400" cy="150" r="9" fill="#000000"/>`;
}

function drawPhoneBack(p: Palette): string {
  return `<defs>${linearGradient('phone-back', [p.lighter, p.base, p.dark])}</defs>
${groundShadow(400, 712, 170, 12)}
<rect x="253" y="236" width="7" height="72" rx="3" fill="${p.dark}"/>
<rect x="258" y="108" width="284" height="584" rx="48" fill="url(#phone-back)" stroke="${p.edge}" stroke-width="2"/>
<path d="M290 108 H400 L300 692 H290 Z" fill="#ffffff" opacity="0.1"/>
<rect x="282" y="132" width="140" height="200" rx="36" fill="${p.dark}" opacity="0.85"/>
<circle cx="330" cy="184" r="34" fill="#1f2937" stroke="#94a3b8" stroke-width="3"/>${lensGlass('phone-lens-a', 330, 184, 22)}
<circle cx="330" cy="280" r="34" fill="#1f2937" stroke="#94a3b8" stroke-width="3"/>${lensGlass('phone-lens-b', 330, 280, 22)}
<circle cx="386" cy="232" r="18" fill="#1f2937"/>${lensGlass('phone-lens-c', 386, 232, 11)}
<circle cx="386" cy="176" r="9" fill="#fef3c7"/>
<circle cx="400" cy="520" r="20" fill="${p.lighter}" opacity="0.55"/>`;
}

export function drawTablet(p: Palette, view: 1 | 2, variant: number): string {
  if (view === 2) {
    return `<defs>${linearGradient('tablet-back', [p.lighter, p.base, p.dark])}</defs>
${groundShadow(400, 612, 290, 14)}
<rect x="128" y="198" width="544" height="394" rx="36" fill="url(#tablet-back)" stroke="${p.edge}" stroke-width="2"/>
<path d="M170 198 H330 L230 592 H170 Z" fill="#ffffff" opacity="0.1"/>
<rect x="158" y="226" width="70" height="70" rx="20" fill="${p.dark}"/>
<circle cx="193" cy="261" r="22" fill="#1f2937" stroke="#94a3b8" stroke-width="3"/>${lensGlass('tablet-lens', 193, 261, 14)}
<circle cx="400" cy="395" r="26" fill="${p.lighter}" opacity="0.5"/>`;
  }
  const icons = Array.from(
    { length: 12 },
    (_, i) =>
      `<rect x="${206 + (i % 6) * 68}" y="${300 + Math.floor(i / 6) * 76}" width="44" height="44" rx="12" fill="#ffffff" opacity="${i < 6 ? 0.85 : 0.6}"/>`,
  ).join('');
  return `${groundShadow(400, 612, 290, 14)}
<rect x="128" y="198" width="544" height="394" rx="36" fill="${p.base}" stroke="${p.edge}" stroke-width="2"/>
<rect x="138" y="208" width="524" height="374" rx="28" fill="#05070d"/>
${wallpaper('tablet-screen', screenTint(p.base, variant), 158, 228, 484, 334, 12)}
<rect x="206" y="250" width="140" height="16" rx="8" fill="#ffffff" opacity="0.85"/>
${icons}
<rect x="250" y="496" width="300" height="44" rx="16" fill="#ffffff" opacity="0.25"/>
<circle cx="400" cy="218" r="4" fill="#334155"/>`;
}
