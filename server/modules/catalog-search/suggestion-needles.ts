import { devanagariWords, hasDevanagari } from './search-fold.js';
import { hindiSuggestionKeys } from './search-synonyms.js';
import { searchWords, withoutFillers } from './search-terms.js';

/**
 * What the search box's suggestions look for when a shopper types Hindi (decision 051). The
 * vocabulary's names (`search_phrases`) hold each product's English title lower-cased, as
 * before, and its Hindi title's Devanagari words folded (search-fold.ts): a Devanagari text is
 * folded the same way to be found among those. Then, when that finds too few, the text in the
 * catalogue's English words ("सैम" -> "samsung", "ghad" -> "watch"), found among the English names.
 */

/** Shorter than this, an unfinished word is not completed through the Hindi words ("jo"). */
export const MIN_COMPLETED_LENGTH = 3;

/** A Devanagari text's folded words, as the Hindi names are kept; '' when it has none. */
export function hindiNeedle(text: string): string {
  return devanagariWords(text).join(' ');
}

/** A brand's English name (lower case) and its Hindi name folded, from the brands' translations. */
export type HindiBrandName = { english: string; hindi: string };

/**
 * The text in the catalogue's English words, or undefined when no word of it is Hindi or
 * Hinglish the search knows: each word that is a spelling of the synonym lists (search-synonyms-
 * hindi.ts) or a brand's Hindi name becomes the English word; the last, maybe unfinished, may be
 * the start of one (3 letters at least). Latin words pass as typed; a Devanagari word nothing
 * knows is left out.
 */
export function englishNeedle(text: string, brands: readonly HindiBrandName[]): string | undefined {
  const words = withoutFillers(searchWords(text));
  let translated = false;
  const english = words.flatMap((word, index) => {
    const unfinished = index === words.length - 1 && word.length >= MIN_COMPLETED_LENGTH;
    const found = englishFor(word, unfinished, brands);
    if (found) translated = true;
    return found ?? (hasDevanagari(word) ? [] : [word]);
  });
  return translated && english.length ? english.join(' ') : undefined;
}

function englishFor(
  word: string,
  unfinished: boolean,
  brands: readonly HindiBrandName[],
): string | undefined {
  const exact = hindiSuggestionKeys.find(([key]) => key === word);
  if (exact) return exact[1];
  const brand = hasDevanagari(word) ? brands.find((b) => b.hindi.split(' ')[0] === word) : undefined;
  if (brand) return brand.english;
  if (!unfinished) return undefined;
  // The shortest spelling it starts, then the first listed: "सैम" is सैमसंग.
  let best: readonly [string, string] | undefined;
  for (const entry of hindiSuggestionKeys) {
    if (entry[0].startsWith(word) && (!best || entry[0].length < best[0].length)) best = entry;
  }
  if (best) return best[1];
  return hasDevanagari(word) ? brands.find((b) => b.hindi.startsWith(word))?.english : undefined;
}
