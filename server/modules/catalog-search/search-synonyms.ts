import { devanagariWords, hasDevanagari } from './search-fold.js';
import { hindiFillers, hindiSynonyms, notHinglish } from './search-synonyms-hindi.js';

export { notHinglish };

/**
 * What Indian shoppers call things, mapped to the words the catalogue uses (decision 016): the
 * Indian-English words here, the Hindi and Hinglish ones in search-synonyms-hindi.ts (decision
 * 051). A search for the key also finds the catalogue's words; a phrase means all its words. Keys
 * are lower case, one word, as `searchWords` splits what was typed.
 */
export const indianEnglishSynonyms: Readonly<Record<string, readonly string[]>> = {
  // Indian English and everyday names for appliances and gadgets.
  fridge: ['refrigerator'],
  mixie: ['mixer grinder'],
  mixi: ['mixer grinder'],
  mixer: ['mixer grinder'],
  ac: ['air conditioner', 'split ac'],
  aircon: ['air conditioner'],
  mobile: ['phone', 'smartphone', '5g'],
  // Phone titles name the model and "5G", seldom the word "phone".
  phone: ['smartphone', '5g'],
  phones: ['smartphone', '5g'],
  mobiles: ['phone', 'smartphone', '5g'],
  cellphone: ['phone', 'smartphone'],
  handset: ['phone', 'smartphone'],
  telly: ['tv'],
  television: ['tv'],
  led: ['tv'],
  earphones: ['earbuds', 'headphones'],
  earphone: ['earbuds', 'headphones'],
  headset: ['headphones', 'earbuds'],
  tws: ['earbuds'],
  buds: ['earbuds'],
  notebook: ['laptop'],
  specs: ['sunglasses'],
  goggles: ['sunglasses'],
  shades: ['sunglasses'],
  sneaker: ['sneakers', 'shoes'],
  trainers: ['running shoes', 'sneakers'],
  tee: ['t shirt'],
  tshirt: ['t shirt'],
  tshirts: ['t shirt'],
  denim: ['jeans'],
  denims: ['jeans'],
  sweatshirt: ['hoodie'],
  bag: ['backpack'],
  microwave: ['oven'],
  otg: ['oven'],
  smartwatch: ['watch'],
  smartwatches: ['smartwatch', 'watch'],
  playstation: ['ps5'],
  ps5: ['playstation'],
  dslr: ['camera'],
  cam: ['camera'],
};

/** A spelling as a search sees it: Devanagari folded (search-fold.ts), Latin lower-cased. */
function keyOf(spelling: string): string {
  if (!hasDevanagari(spelling)) return spelling.toLowerCase();
  const words = devanagariWords(spelling);
  if (words.length !== 1) throw new Error(`A Hindi synonym must be one word: "${spelling}"`);
  return words[0]!;
}

function withHindi(): Record<string, readonly string[]> {
  const merged: Record<string, string[]> = {};
  const add = (key: string, finds: readonly string[]) => {
    merged[key] = [...new Set([...(merged[key] ?? []), ...finds])];
  };
  for (const [key, finds] of Object.entries(indianEnglishSynonyms)) add(key, finds);
  for (const entries of Object.values(hindiSynonyms)) {
    for (const entry of entries) {
      for (const spelling of [...entry.hindi, ...(entry.latin ?? [])]) add(keyOf(spelling), entry.finds);
    }
  }
  return merged;
}

/** Every shopper's word the search knows, Indian English, Hindi and Hinglish, to its catalogue words. */
export const searchSynonyms: Readonly<Record<string, readonly string[]>> = withHindi();

/**
 * The Hindi and Hinglish spellings (as keys) with the catalogue word each stands for first: the
 * search box's suggestions complete a shopper's "सैम" or "ghad" through them.
 */
export const hindiSuggestionKeys: readonly (readonly [key: string, finds: string])[] = Object.values(
  hindiSynonyms,
).flatMap((entries) =>
  entries.flatMap((entry) =>
    [...entry.hindi, ...(entry.latin ?? [])].map((spelling) => [keyOf(spelling), entry.finds[0]!] as const),
  ),
);

/**
 * How far a misspelled word may be from each key to be taken for it (search-terms.ts,
 * `misspelledSynonyms`, within its own limit of one or two edits): Hinglish spellings in Latin
 * letters, close to English words, one edit and five letters at least ("vari" is not "sari",
 * "charge" not "gharee"); Devanagari keys one edit (its vowel signs make words look longer than
 * they are: "सस्त" is not "बस्त"); the Indian-English keys, any.
 */
export const synonymKeyReach: ReadonlyMap<string, number> = (() => {
  const hinglish = new Set(
    Object.values(hindiSynonyms)
      .flat()
      .flatMap((entry) => entry.latin ?? []),
  );
  return new Map(
    Object.keys(searchSynonyms)
      .filter((key) => !hinglish.has(key) || key.length >= 5)
      .map((key) => [key, hinglish.has(key) || hasDevanagari(key) ? 1 : Number.POSITIVE_INFINITY]),
  );
})();

/** Words left out of a search that has others (search-synonyms-hindi.ts). */
export const searchFillers: ReadonlySet<string> = new Set(
  [...hindiFillers.hindi, ...hindiFillers.latin].map(keyOf),
);
