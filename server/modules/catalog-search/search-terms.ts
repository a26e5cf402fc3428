import { foldDevanagariCharacters, foldWordScripts, hasDevanagari } from './search-fold.js';
import { notHinglish, searchFillers, searchSynonyms, synonymKeyReach } from './search-synonyms.js';

/**
 * Turning what a shopper typed into a PostgreSQL text-search query (decision 016). Pure functions:
 * the repository finds spelling corrections in the vocabulary, this module decides what to ask.
 *
 * Every word must match (in any of its forms): "samsung tv 55" is Samsung *and* TV *and* 55. A
 * word the vocabulary does not know may be a typo, so its close vocabulary words are accepted in
 * its place ("samsng" -> samsung); a shopper's own word for a thing is accepted with the
 * catalogue's ("ghadi" -> watch, "घड़ी" -> watch); the last word may be unfinished ("sams" finds
 * Samsung). Hindi in Devanagari is folded to one spelling first (search-fold.ts, decision 051).
 */

/** Words shorter than this are taken as typed (too short to tell a typo from another word). */
export const MIN_CORRECTABLE_LENGTH = 4;
/** At most this many words are searched; a pasted paragraph is cut, not refused. */
export const MAX_SEARCH_WORDS = 8;

/**
 * Lower-case letters and digits only: nothing that to_tsquery reads as an operator survives.
 * Accents are dropped ("café" is "cafe"), but not Devanagari's vowel signs, which are letters to
 * its reader; a Devanagari word is folded (search-fold.ts) and split from any Latin stuck to it.
 */
export function searchWords(text: string): string[] {
  const words = foldDevanagariCharacters(text.normalize('NFKD'))
    .replace(/(?![\u0900-\u097f])\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .flatMap(foldWordScripts)
    .filter(Boolean);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/**
 * The words worth searching for: Hindi words that say nothing a product's text would ("sasta
 * phone", "पुरुषों के लिए घड़ी") are left out, unless nothing else was typed.
 */
export function withoutFillers(words: string[]): string[] {
  const kept = words.filter((word) => !searchFillers.has(word));
  return kept.length ? kept : words;
}

/**
 * Spellings one slip away that trigrams miss: two letters swapped ("iphnoe") or one letter doubled
 * or added ("lapptop"). Looked up exactly in the vocabulary, so they cost one index probe.
 */
export function nearSpellings(word: string): string[] {
  if (word.length < MIN_CORRECTABLE_LENGTH) return [];
  const variants = new Set<string>();
  for (let i = 0; i < word.length - 1; i += 1) {
    variants.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  for (let i = 0; i < word.length; i += 1) {
    variants.add(word.slice(0, i) + word.slice(i + 1));
  }
  variants.delete(word);
  return [...variants];
}

/** Edit distance with adjacent swaps counting as one edit (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** What the vocabulary said about a word: whether it knows it, and close words it does know. */
export type WordLookup = { word: string; known: boolean; candidates: { word: string; products: number }[] };

/** Corrections worth searching for: at most two, within two edits (one for short words). */
export function corrections(lookup: WordLookup): string[] {
  if (lookup.known || lookup.word.length < MIN_CORRECTABLE_LENGTH) return [];
  const allowed = lookup.word.length <= 5 ? 1 : 2;
  return lookup.candidates
    .map((c) => ({ ...c, distance: editDistance(lookup.word, c.word) }))
    .filter((c) => c.distance <= allowed)
    .sort((x, y) => x.distance - y.distance || y.products - x.products || x.word.localeCompare(y.word))
    .slice(0, 2)
    .map((c) => c.word);
}

// A word is compared with the keys of its own script: no Latin word is near a Devanagari one.
const devanagariKeys = [...synonymKeyReach.keys()].filter(hasDevanagari);
const latinKeys = [...synonymKeyReach.keys()].filter((key) => !hasDevanagari(key));

/**
 * A shopper's word for a thing, misspelled ("televison", "fridje"): the synonyms of the closest
 * key within the corrections' distance, since the vocabulary holds the catalogue's words, not the
 * shoppers' own.
 */
export function misspelledSynonyms(lookup: WordLookup): readonly string[] {
  const key = closestSynonymKey(lookup);
  return key ? searchSynonyms[key]! : [];
}

/** The synonym key a misspelled word stands for (of its own script), if any. */
export function closestSynonymKey(lookup: WordLookup): string | undefined {
  const devanagari = hasDevanagari(lookup.word);
  // Devanagari's vowel signs count as letters here: its words need one more.
  const shortest = devanagari ? MIN_CORRECTABLE_LENGTH + 1 : MIN_CORRECTABLE_LENGTH;
  if (lookup.known || lookup.word.length < shortest || notHinglish.includes(lookup.word)) return undefined;
  const allowed = lookup.word.length <= 5 ? 1 : 2;
  let best: { key: string; distance: number } | undefined;
  for (const key of devanagari ? devanagariKeys : latinKeys) {
    if (Math.abs(key.length - lookup.word.length) > allowed) continue;
    const distance = editDistance(lookup.word, key);
    if (distance <= Math.min(allowed, synonymKeyReach.get(key)!) && (!best || distance < best.distance))
      best = { key, distance };
  }
  return best?.key;
}

/** One query term: the word, or its alternatives joined by "or"; a phrase's words joined by "and". */
function alternatives(options: string[]): string {
  const terms = [...new Set(options)].map((option) => {
    const words = searchWords(option);
    return words.length > 1 ? `(${words.join(' & ')})` : words[0]!;
  });
  return terms.length > 1 ? `(${terms.join(' | ')})` : terms[0]!;
}

/**
 * The to_tsquery text for a search, or undefined when nothing searchable is left. `prefixLast`
 * lets the last word be unfinished (the search box while typing). When every word together finds
 * nothing, the fallbacks: `allButOne` asks for every word but any one ("running shoes men" finds
 * men's running shoes without the word "men", not every product saying "men"), then `anyWord`
 * joins the words with "or". Every piece comes from `searchWords`, so the text has no operators
 * but the ones written here.
 */
export function buildTsQuery(
  lookups: WordLookup[],
  options: { prefixLast?: boolean; anyWord?: boolean; allButOne?: boolean } = {},
): string | undefined {
  if (lookups.length === 0) return undefined;
  const terms = lookups.map((lookup, index) => {
    const others = [...corrections(lookup), ...(searchSynonyms[lookup.word] ?? misspelledSynonyms(lookup))];
    // A word the vocabulary knows is finished: matching it as a prefix too would only cost time.
    const unfinished =
      options.prefixLast && index === lookups.length - 1 && !lookup.known && lookup.word.length >= 2;
    if (!unfinished) return alternatives([lookup.word, ...others]);
    // Only as a prefix (which finds the whole word too): ts_rank counts a word and its prefix as
    // one, keeping whichever it meets first, so writing both would leave the rank to chance.
    return others.length ? `(${alternatives(others)} | ${lookup.word}:*)` : `${lookup.word}:*`;
  });
  if (options.allButOne && terms.length > 2) {
    // One "and" of the others per word left out, joined by "or": at most MAX_SEARCH_WORDS of them.
    return terms.map((_, out) => `(${terms.filter((_, i) => i !== out).join(' & ')})`).join(' | ');
  }
  return terms.join(options.anyWord || options.allButOne ? ' | ' : ' & ');
}
