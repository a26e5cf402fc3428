/**
 * Pseudo-English for the layout check: every letter accented and each text about 40% longer, the
 * way German or Hindi often runs, between brackets, so text that is clipped or overflows shows at
 * a glance and in the e2e check (e2e/pseudo-locale.spec.ts). Tags (`<0>`) and `#` stay as they are.
 */
const accents: Record<string, string> = {
  a: 'å',
  b: 'ƀ',
  c: 'ċ',
  d: 'ď',
  e: 'é',
  f: 'ƒ',
  g: 'ğ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ľ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ċ',
  D: 'Ď',
  E: 'É',
  F: 'Ƒ',
  G: 'Ğ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ľ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** Each word 40% longer where it stands, so a sentence still breaks between its words. */
function stretch(text: string): string {
  if (!/[A-Za-z]/.test(text)) return text;
  const longer = text.replace(/[A-Za-z]+/g, (word) => {
    const accented = word.replace(/[A-Za-z]/g, (letter) => accents[letter] ?? letter);
    return `${accented}${'~'.repeat(Math.ceil(word.length * 0.4))}`;
  });
  return `[${longer}]`;
}

/** A message text part in pseudo-English, its markup tags kept. */
export function pseudoText(text: string): string {
  return text
    .split(/(<\/?\d+\/?>)/)
    .map((part) => (/^<\/?\d+\/?>$/.test(part) ? part : stretch(part)))
    .join('');
}
