/**
 * Hindi in Devanagari written more than one way, folded to one spelling (decision 051), so that a
 * shopper's "घडी" finds a title's "घड़ी" and "जूते" a title's "जूता". The same folds run in SQL
 * (`shop_search_fold_hi`, migration 0038) on the Hindi titles, names and descriptions the
 * products' search document holds; search-fold.test.ts holds the two equal.
 *
 * Two kinds of fold:
 * - characters: a nukta dropped (ज़ -> ज, फ़ -> फ, ड़ -> ड), chandrabindu made anusvara (ँ -> ं),
 *   the English "o" of ऑ/ॉ made आ/ा (लैपटॉप, लैपटाप), zero-width joiners removed, Devanagari
 *   digits made 0-9;
 * - a noun's plural and oblique endings: -ों, -ें, -े, -ा dropped, -ियों and -ियां made -ी
 *   (जूते, जूता, जूतों -> जूत; घड़ियाँ -> घडी), when two letters at least are left.
 * English is never touched: these are Devanagari's characters only.
 */

/** Devanagari letters and signs, without its dandas, digits and abbreviation sign. */
const DEVANAGARI_LETTERS = '\u0900-\u0963\u0971-\u097f';
const HAS_DEVANAGARI = /[\u0900-\u097f]/;
const DEVANAGARI_RUNS = new RegExp(`[${DEVANAGARI_LETTERS}]+|[^${DEVANAGARI_LETTERS}]+`, 'g');
const NOT_DEVANAGARI = new RegExp(`[^${DEVANAGARI_LETTERS}]+`);

const CHARACTER_FOLDS: Readonly<Record<string, string>> = {
  '\u0901': '\u0902', // ँ chandrabindu -> ं anusvara
  '\u0911': '\u0906', // ऑ -> आ
  '\u0949': '\u093e', // ॉ -> ा
  // Letters with a nukta written as one character (NFKD splits them; SQL has no NFKD here).
  '\u0929': '\u0928',
  '\u0931': '\u0930',
  '\u0934': '\u0933',
  '\u0958': '\u0915',
  '\u0959': '\u0916',
  '\u095a': '\u0917',
  '\u095b': '\u091c',
  '\u095c': '\u0921',
  '\u095d': '\u0922',
  '\u095e': '\u092b',
  '\u095f': '\u092f',
  // The nukta itself, and zero-width (non-)joiners that only change how letters join.
  '\u093c': '',
  '\u200c': '',
  '\u200d': '',
  ...Object.fromEntries(Array.from({ length: 10 }, (_, d) => [String.fromCharCode(0x0966 + d), String(d)])),
};
const FOLDED_CHARACTERS = new RegExp(`[${Object.keys(CHARACTER_FOLDS).join('')}]`, 'g');

/** Endings tried in order; the first that leaves two letters or more is replaced. */
const NOUN_ENDINGS: readonly (readonly [ending: string, replacement: string])[] = [
  ['\u093f\u092f\u094b\u0902', '\u0940'], // -ियों -> -ी (घड़ियों)
  ['\u093f\u092f\u093e\u0902', '\u0940'], // -ियां -> -ी (घड़ियाँ, after ँ -> ं)
  ['\u094b\u0902', ''], // -ों (जूतों)
  ['\u0947\u0902', ''], // -ें (चप्पलें)
  ['\u0947', ''], // -े (जूते)
  ['\u093e', ''], // -ा (जूता)
];
const SHORTEST_STEM = 2;

export function hasDevanagari(text: string): boolean {
  return HAS_DEVANAGARI.test(text);
}

/** The character folds over a whole text (other scripts pass through). */
export function foldDevanagariCharacters(text: string): string {
  return text.replace(FOLDED_CHARACTERS, (c) => CHARACTER_FOLDS[c] ?? c);
}

/** A Devanagari word's plural and oblique endings folded (after the character folds). */
export function foldHindiEnding(word: string): string {
  for (const [ending, replacement] of NOUN_ENDINGS) {
    if (word.endsWith(ending) && word.length - ending.length >= SHORTEST_STEM) {
      return word.slice(0, -ending.length) + replacement;
    }
  }
  return word;
}

/**
 * A word as `searchWords` split it, one word per script: "samsungटीवी" is "samsung" and
 * "टीवी", and a Devanagari part is folded. A word with no Devanagari comes back as it was.
 */
export function foldWordScripts(word: string): string[] {
  if (!hasDevanagari(word)) return [word];
  return (word.match(DEVANAGARI_RUNS) ?? []).map((run) => (hasDevanagari(run) ? foldHindiEnding(run) : run));
}

/**
 * The Devanagari words of a text, folded, in order; everything else (Latin words, digits,
 * punctuation) is left out. What the Hindi half of a product's search document holds, and the
 * vocabulary's Hindi names and words: SQL's `shop_search_fold_hi` returns them joined by spaces.
 */
export function devanagariWords(text: string): string[] {
  return foldDevanagariCharacters(text.normalize('NFKD'))
    .split(NOT_DEVANAGARI)
    .filter(Boolean)
    .map(foldHindiEnding);
}
