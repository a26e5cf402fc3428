import { groundShadow, lighten, linearGradient, luminance, mix, type Palette } from './svg-kit.js';

/** Flat illustrations for music, gaming and home appliances (800x800 canvas, see art-electronics). */

const screenBars = (x: number, y: number) =>
  `<rect x="${x}" y="${y}" width="22" height="10" rx="3" fill="#22d3ee"/><rect x="${x + 28}" y="${y}" width="14" height="10" rx="3" fill="#22d3ee" opacity="0.6"/>`;

export function drawHeadphones(p: Palette): string {
  return `<defs>${linearGradient('headphones-cup', [p.light, p.base, p.dark])}</defs>
${groundShadow(400, 668, 250, 16)}
<path d="M232 440 Q232 150 400 150 Q568 150 568 440" fill="none" stroke="${p.base}" stroke-width="40" stroke-linecap="round"/>
<path d="M292 196 Q400 140 508 196" fill="none" stroke="${p.darker}" stroke-width="28" stroke-linecap="round"/>
<rect x="214" y="392" width="36" height="70" rx="12" fill="#94a3b8"/><rect x="550" y="392" width="36" height="70" rx="12" fill="#94a3b8"/>
<rect x="252" y="448" width="52" height="172" rx="22" fill="${p.darker}"/><rect x="496" y="448" width="52" height="172" rx="22" fill="${p.darker}"/>
<rect x="164" y="430" width="118" height="210" rx="54" fill="url(#headphones-cup)"/>
<rect x="518" y="430" width="118" height="210" rx="54" fill="url(#headphones-cup)"/>
<circle cx="223" cy="535" r="26" fill="${p.lighter}" opacity="0.45"/><circle cx="577" cy="535" r="26" fill="${p.lighter}" opacity="0.45"/>
<circle cx="620" cy="600" r="5" fill="#22c55e"/>
<path d="M186 480 Q190 450 215 442" stroke="#ffffff" stroke-width="8" stroke-linecap="round" fill="none" opacity="0.3"/>`;
}

export function drawEarbuds(p: Palette): string {
  const bud = (cx: number, tilt: number, id: string) =>
    `<g transform="rotate(${tilt} ${cx} 270)"><rect x="${cx - 16}" y="280" width="32" height="120" rx="16" fill="url(#${id})"/><ellipse cx="${cx}" cy="262" rx="56" ry="50" fill="url(#${id})"/><ellipse cx="${cx + (tilt < 0 ? 40 : -40)}" cy="248" rx="26" ry="22" fill="${p.darker}"/><circle cx="${cx - 14}" cy="250" r="12" fill="#ffffff" opacity="0.3"/></g>`;
  return `<defs>${linearGradient('earbuds-shell', [p.lighter, p.base, p.dark])}</defs>
${groundShadow(400, 626, 190, 14)}
${bud(318, -14, 'earbuds-shell')}${bud(482, 14, 'earbuds-shell')}
<rect x="252" y="400" width="296" height="220" rx="76" fill="url(#earbuds-shell)" stroke="${p.edge}" stroke-width="2"/>
<path d="M254 466 H546" stroke="${p.dark}" stroke-width="4"/>
<rect x="376" y="466" width="48" height="10" rx="5" fill="${p.dark}"/>
<circle cx="400" cy="532" r="7" fill="#22c55e"/>
<path d="M286 440 Q300 414 330 410" stroke="#ffffff" stroke-width="8" stroke-linecap="round" fill="none" opacity="0.4"/>`;
}

export function drawSpeaker(p: Palette): string {
  return `<defs>${linearGradient('speaker-body', [p.light, p.base, p.dark])}<pattern id="speaker-grille" width="16" height="16" patternUnits="userSpaceOnUse"><circle cx="8" cy="8" r="3.6" fill="${p.darker}" opacity="0.55"/></pattern></defs>
${groundShadow(400, 560, 280, 16)}
<rect x="150" y="300" width="500" height="230" rx="112" fill="url(#speaker-body)"/>
<rect x="214" y="312" width="372" height="206" rx="20" fill="url(#speaker-grille)"/>
<rect x="120" y="290" width="96" height="250" rx="46" fill="${p.darker}"/><rect x="584" y="290" width="96" height="250" rx="46" fill="${p.darker}"/>
<circle cx="168" cy="415" r="30" fill="${p.dark}"/><circle cx="632" cy="415" r="30" fill="${p.dark}"/>
<rect x="355" y="398" width="90" height="34" rx="17" fill="#ffffff" opacity="0.85"/>
<circle cx="380" cy="415" r="7" fill="${p.base}"/><rect x="394" y="410" width="36" height="10" rx="5" fill="${p.base}"/>
<path d="M250 330 H540" stroke="#ffffff" stroke-width="10" stroke-linecap="round" opacity="0.25"/>`;
}

export function drawGameController(p: Palette): string {
  const body =
    'M250 300 C300 268 500 268 550 300 C612 310 652 362 672 452 C690 540 682 612 640 622 C600 632 572 602 546 562 C530 536 500 522 470 522 H330 C300 522 270 536 254 562 C228 602 200 632 160 622 C118 612 110 540 128 452 C148 362 188 310 250 300 Z';
  const faceButton = (dx: number, dy: number, color: string) =>
    `<circle cx="${548 + dx}" cy="${400 + dy}" r="19" fill="${p.darker}"/><circle cx="${548 + dx}" cy="${400 + dy}" r="8" fill="none" stroke="${color}" stroke-width="3.5"/>`;
  return `<defs>${linearGradient('controller-body', [p.lighter, p.base, p.dark])}</defs>
${groundShadow(400, 650, 270, 16)}
<path d="${body}" fill="url(#controller-body)" stroke="${p.edge}" stroke-width="2"/>
<rect x="326" y="296" width="148" height="92" rx="18" fill="${p.dark}"/>
<path d="M326 316 Q328 298 346 296" stroke="#60a5fa" stroke-width="6" fill="none" stroke-linecap="round"/>
<path d="M474 316 Q472 298 454 296" stroke="#60a5fa" stroke-width="6" fill="none" stroke-linecap="round"/>
<rect x="240" y="360" width="30" height="88" rx="7" fill="${p.darker}"/><rect x="211" y="389" width="88" height="30" rx="7" fill="${p.darker}"/>
${faceButton(0, -42, '#34d399')}${faceButton(42, 0, '#f87171')}${faceButton(0, 42, '#60a5fa')}${faceButton(-42, 0, '#f472b6')}
<circle cx="332" cy="470" r="40" fill="#1f2937"/><circle cx="332" cy="470" r="27" fill="#374151"/>
<circle cx="468" cy="470" r="40" fill="#1f2937"/><circle cx="468" cy="470" r="27" fill="#374151"/>
<circle cx="400" cy="430" r="9" fill="${p.darker}"/>`;
}

export function drawConsole(p: Palette): string {
  return `<defs>${linearGradient('console-left', [p.lighter, p.base], false)}${linearGradient('console-right', [p.base, p.dark], false)}</defs>
${groundShadow(400, 676, 170, 14)}
<ellipse cx="400" cy="664" rx="80" ry="14" fill="#1f2937"/>
<rect x="360" y="118" width="80" height="540" rx="20" fill="#111827"/>
<rect x="394" y="150" width="12" height="470" rx="6" fill="#3b82f6" opacity="0.55"/>
<path d="M362 104 Q290 126 282 214 L294 606 Q304 654 362 664 Z" fill="url(#console-left)" stroke="${p.edge}" stroke-width="2"/>
<path d="M438 104 Q510 126 518 214 L506 606 Q496 654 438 664 Z" fill="url(#console-right)" stroke="${p.edge}" stroke-width="2"/>
<path d="M312 200 Q316 150 348 134" stroke="#ffffff" stroke-width="8" stroke-linecap="round" fill="none" opacity="0.45"/>`;
}

export function drawWashingMachine(p: Palette): string {
  const panel = mix(p.base, '#e2e8f0', 0.5);
  return `<defs>${linearGradient('washer-body', [p.lighter, p.base, p.dark])}<radialGradient id="washer-glass" cx="0.4" cy="0.35" r="0.75"><stop offset="0" stop-color="#bfdbfe"/><stop offset="0.6" stop-color="#3b82f6"/><stop offset="1" stop-color="#1e3a8a"/></radialGradient><clipPath id="washer-drum"><circle cx="400" cy="430" r="110"/></clipPath></defs>
${groundShadow(400, 676, 220, 14)}
<rect x="240" y="650" width="40" height="20" rx="4" fill="#334155"/><rect x="520" y="650" width="40" height="20" rx="4" fill="#334155"/>
<rect x="218" y="118" width="364" height="540" rx="30" fill="url(#washer-body)" stroke="${p.edge}" stroke-width="2"/>
<rect x="236" y="136" width="328" height="72" rx="16" fill="${panel}"/>
<rect x="252" y="152" width="92" height="40" rx="8" fill="${p.dark}" opacity="0.45"/>
<rect x="366" y="152" width="86" height="40" rx="8" fill="#0f172a"/>${screenBars(378, 167)}
<circle cx="508" cy="172" r="25" fill="#f1f5f9" stroke="#94a3b8" stroke-width="3"/><path d="M508 172 L508 152" stroke="#475569" stroke-width="5" stroke-linecap="round"/>
<circle cx="400" cy="430" r="150" fill="#e2e8f0" stroke="#94a3b8" stroke-width="3"/>
<circle cx="400" cy="430" r="130" fill="#475569"/>
<circle cx="400" cy="430" r="110" fill="url(#washer-glass)"/>
<g clip-path="url(#washer-drum)"><path d="M290 470 C340 440 380 500 430 470 C470 446 500 470 520 460 V560 H290 Z" fill="#60a5fa" opacity="0.7"/>
<circle cx="360" cy="500" r="24" fill="#f472b6" opacity="0.8"/><circle cx="430" cy="510" r="20" fill="#fde047" opacity="0.8"/></g>
<path d="M330 370 A90 90 0 0 1 400 340" stroke="#ffffff" stroke-width="12" stroke-linecap="round" fill="none" opacity="0.45"/>
<rect x="530" y="400" width="16" height="62" rx="8" fill="#94a3b8"/>`;
}

export function drawRefrigerator(p: Palette): string {
  const display = `<rect x="452" y="320" width="62" height="84" rx="10" fill="#0f172a"/>${screenBars(463, 340)}<rect x="463" y="362" width="40" height="10" rx="3" fill="#22d3ee" opacity="0.4"/>`;
  return `<defs>${linearGradient('fridge-body', [p.lighter, p.base, p.dark], false)}</defs>
${groundShadow(400, 702, 190, 14)}
<rect x="266" y="680" width="30" height="18" rx="4" fill="#334155"/><rect x="504" y="680" width="30" height="18" rx="4" fill="#334155"/>
<rect x="248" y="78" width="304" height="606" rx="26" fill="url(#fridge-body)" stroke="${p.edge}" stroke-width="2"/>
<rect x="248" y="262" width="304" height="7" fill="${p.dark}"/>
<rect x="280" y="146" width="16" height="94" rx="8" fill="${p.light}" stroke="${p.edge}" stroke-width="2"/>
<rect x="280" y="292" width="16" height="160" rx="8" fill="${p.light}" stroke="${p.edge}" stroke-width="2"/>
${display}
<rect x="318" y="92" width="26" height="578" fill="#ffffff" opacity="0.14"/>`;
}

export function drawMixerGrinder(p: Palette): string {
  return `<defs>${linearGradient('mixer-base', [p.light, p.base, p.dark])}${linearGradient('mixer-jar', ['#f0f9ff', '#bae6fd'])}</defs>
${groundShadow(400, 672, 210, 14)}
<path d="M490 262 Q566 270 566 344 Q566 410 494 420" stroke="#94a3b8" stroke-width="20" fill="none" stroke-linecap="round"/>
<path d="M300 458 L320 222 H480 L500 458 Z" fill="url(#mixer-jar)" opacity="0.9" stroke="#94a3b8" stroke-width="4"/>
<path d="M309 458 L318 350 H482 L491 458 Z" fill="#fb923c" opacity="0.85"/>
<path d="M318 350 C360 362 440 338 482 350" stroke="#fdba74" stroke-width="6" fill="none"/>
<path d="M340 250 L326 430" stroke="#ffffff" stroke-width="10" stroke-linecap="round" opacity="0.7"/>
<rect x="304" y="194" width="192" height="34" rx="12" fill="${p.darker}"/>
<rect x="378" y="174" width="44" height="24" rx="8" fill="${p.darker}"/>
<rect x="298" y="452" width="204" height="32" rx="10" fill="${p.dark}"/>
<path d="M258 480 H542 L572 640 Q575 662 552 662 H248 Q225 662 228 640 Z" fill="url(#mixer-base)" stroke="${p.edge}" stroke-width="2"/>
<circle cx="400" cy="574" r="38" fill="${p.darker}"/><circle cx="400" cy="574" r="26" fill="#e5e7eb"/>
<path d="M400 574 L400 552" stroke="#334155" stroke-width="6" stroke-linecap="round"/>`;
}

export function drawAirConditioner(p: Palette): string {
  const breeze = (x: number) =>
    `<path d="M${x} 468 C${x - 24} 508 ${x + 26} 530 ${x} 570 C${x - 24} 610 ${x + 26} 630 ${x} 664" stroke="#7dd3fc" stroke-width="10" stroke-linecap="round" fill="none" opacity="0.85"/>`;
  return `<defs>${linearGradient('ac-body', [lighten(p.base, 0.4), p.base, p.dark])}</defs>
${breeze(270)}${breeze(400)}${breeze(530)}
<rect x="106" y="240" width="588" height="200" rx="40" fill="url(#ac-body)" stroke="${p.edge}" stroke-width="2"/>
<path d="M136 296 H664" stroke="${p.dark}" stroke-width="3" opacity="0.5"/>
<rect x="140" y="378" width="520" height="40" rx="18" fill="${p.dark}"/>
<rect x="152" y="392" width="496" height="10" rx="5" fill="${p.darker}"/>
<rect x="566" y="318" width="76" height="34" rx="9" fill="#0f172a"/>${screenBars(578, 330)}
<circle cx="150" cy="334" r="6" fill="#22c55e"/>`;
}

export function drawAirFryer(p: Palette): string {
  const fries = [0, 1, 2, 3, 4, 5]
    .map(
      (i) =>
        `<rect x="${338 + i * 20}" y="${420 - (i % 2) * 12}" width="12" height="66" rx="4" fill="#fbbf24" transform="rotate(${(i - 2.5) * 9} ${344 + i * 20} 470)"/>`,
    )
    .join('');
  return `<defs>${linearGradient('fryer-body', [p.light, p.base, p.dark])}<clipPath id="fryer-window"><rect x="318" y="392" width="164" height="104" rx="20"/></clipPath></defs>
${groundShadow(400, 652, 200, 14)}
<rect x="236" y="156" width="328" height="490" rx="84" fill="url(#fryer-body)" stroke="${p.edge}" stroke-width="2"/>
<rect x="296" y="186" width="208" height="118" rx="34" fill="#0f172a"/>
<circle cx="400" cy="245" r="34" fill="none" stroke="#f97316" stroke-width="7"/>
<rect x="384" y="236" width="32" height="16" rx="4" fill="#fdba74"/>
<circle cx="326" cy="245" r="7" fill="#64748b"/><circle cx="474" cy="245" r="7" fill="#64748b"/>
<rect x="258" y="344" width="284" height="280" rx="46" fill="${p.dark}"/>
<rect x="318" y="392" width="164" height="104" rx="20" fill="#1f2937"/>
<g clip-path="url(#fryer-window)">${fries}</g>
<rect x="366" y="508" width="68" height="110" rx="20" fill="${p.darker}"/>`;
}

export function drawMicrowave(p: Palette): string {
  const dark = luminance(p.base) < 0.2;
  const knob = dark ? '#64748b' : p.light;
  return `<defs>${linearGradient('microwave-body', [p.lighter, p.base, p.dark])}<radialGradient id="microwave-glow"><stop offset="0" stop-color="#fde68a" stop-opacity="0.8"/><stop offset="1" stop-color="#fde68a" stop-opacity="0"/></radialGradient><pattern id="microwave-mesh" width="10" height="10" patternUnits="userSpaceOnUse"><circle cx="5" cy="5" r="1.6" fill="#475569"/></pattern></defs>
${groundShadow(400, 586, 290, 14)}
<rect x="160" y="566" width="40" height="16" rx="4" fill="#334155"/><rect x="600" y="566" width="40" height="16" rx="4" fill="#334155"/>
<rect x="128" y="228" width="544" height="344" rx="28" fill="url(#microwave-body)" stroke="${p.edge}" stroke-width="2"/>
<rect x="158" y="258" width="356" height="284" rx="18" fill="#0f172a"/>
<rect x="180" y="280" width="312" height="240" rx="12" fill="#1e293b"/>
<ellipse cx="336" cy="440" rx="130" ry="90" fill="url(#microwave-glow)"/>
<ellipse cx="336" cy="486" rx="100" ry="16" fill="#94a3b8" opacity="0.6"/>
<rect x="296" y="440" width="80" height="44" rx="14" fill="#f97316"/>
<rect x="180" y="280" width="312" height="240" rx="12" fill="url(#microwave-mesh)" opacity="0.5"/>
<rect x="526" y="270" width="12" height="260" rx="6" fill="${knob}" stroke="${p.edge}" stroke-width="2"/>
<rect x="562" y="270" width="86" height="40" rx="8" fill="#0f172a"/>${screenBars(574, 285)}
<circle cx="605" cy="378" r="34" fill="${knob}" stroke="${p.edge}" stroke-width="3"/><path d="M605 378 L605 352" stroke="#334155" stroke-width="6" stroke-linecap="round"/>
<rect x="566" y="440" width="34" height="22" rx="6" fill="${knob}"/><rect x="610" y="440" width="34" height="22" rx="6" fill="${knob}"/>
<rect x="566" y="476" width="34" height="22" rx="6" fill="${knob}"/><rect x="610" y="476" width="34" height="22" rx="6" fill="${knob}"/>`;
}
