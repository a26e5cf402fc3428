import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.js';
import type { SuggestionCard } from './catalog.repository.js';
import * as repository from './catalog.repository.js';
import type { SearchPhrase } from './search-vocabulary.repository.js';
import * as vocabulary from './search-vocabulary.repository.js';

/**
 * pg_trgm's `<%` as each database connection sets it (db/client.ts): a typo such as "lapptop"
 * still suggests "laptop".
 */
const WORD_SIMILARITY_THRESHOLD = 0.5;
/** Names are read again this often even without a rebuild here (another server may have rebuilt). */
const DEFAULT_RELOAD_EVERY_MS = 60_000;

type Loaded = {
  /** The catalogue change (counted here) after which it was read. */
  generation: number;
  /** What each named product's suggestion shows, by product id. */
  cards: Map<string, SuggestionCard>;
  phrases: SearchPhrase[];
  /** Each trigram of the names as a number, and each name's trigrams in order as those numbers. */
  trigramNumbers: Map<string, number>;
  trigramsOfPhrase: Int32Array[];
  /** By trigram number, the names (their positions in `phrases`) having it. */
  phrasesWith: number[][];
  /** Scratch for wordSimilarityTo, by trigram number: whose needle has it, which run saw it. */
  marks: { needle: Int32Array; seen: Int32Array; last: number };
};

/**
 * The search box's suggestions from the search vocabulary's names held in memory (decision 023):
 * a name starting with the text, then a name with a word starting with it, best sellers first;
 * only when those are too few, names containing the text or close to it by trigram word
 * similarity (typos), as pg_trgm's `word_similarity` scores them. The vocabulary holds one row
 * per product name (773 at 100,000 synthetic products; tens of thousands in a real catalogue), so
 * a keystroke costs microseconds and no database round trip.
 *
 * The names follow the vocabulary: read on first use, again after this server rebuilt it
 * (`reload()`), and every minute for rebuilds made by another server. What each suggestion shows
 * (name, price, picture) is read with them and answers only while no catalogue change was heard
 * since (`changed()`, as the shelf index); otherwise the caller reads those products' rows.
 */
export function createSuggestionIndex(
  db: Executor,
  options: {
    log?: Pick<FastifyBaseLogger, 'warn'>;
    reloadEveryMs?: number;
    beforeFirstLoad?: () => Promise<void>;
  },
) {
  let loaded: Promise<Loaded> | undefined;
  /** The newest read, for answering cards without waiting. */
  let latest: Loaded | undefined;
  let generation = 0;
  let hearing = true;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const read = async (): Promise<Loaded> => {
    const readFor = generation;
    const [phrases, cards] = await Promise.all([
      vocabulary.searchPhrases(db),
      repository.suggestionCards(db),
    ]);
    const trigramNumbers = new Map<string, number>();
    const phrasesWith: number[][] = [];
    const trigramsOfPhrase = phrases.map((phrase, n) => {
      const trigrams = trigramsOf(phrase.folded);
      for (const trigram of new Set(trigrams)) {
        let number = trigramNumbers.get(trigram);
        if (number === undefined) {
          number = trigramNumbers.size;
          trigramNumbers.set(trigram, number);
          phrasesWith.push([]);
        }
        phrasesWith[number]!.push(n);
      }
      return Int32Array.from(trigrams, (trigram) => trigramNumbers.get(trigram)!);
    });
    const next = {
      generation: readFor,
      cards: new Map(cards.map((card) => [card.id, card])),
      phrases,
      trigramNumbers,
      trigramsOfPhrase,
      phrasesWith,
      marks: {
        needle: new Int32Array(trigramNumbers.size),
        seen: new Int32Array(trigramNumbers.size),
        last: 0,
      },
    };
    if (!latest || latest.generation <= next.generation) latest = next;
    return next;
  };

  const reload = async () => {
    if (closed || !loaded) return;
    try {
      const next = await read();
      loaded = Promise.resolve(next);
    } catch (error) {
      options.log?.warn(
        { err: error },
        'could not read the search vocabulary again; the last one stays in use',
      );
    }
  };

  const current = (): Promise<Loaded> => {
    if (!loaded) {
      loaded = (async () => {
        await options.beforeFirstLoad?.();
        return read();
      })();
      loaded.catch(() => {
        loaded = undefined;
      });
      if (!timer) {
        timer = setInterval(() => void reload(), options.reloadEveryMs ?? DEFAULT_RELOAD_EVERY_MS);
        timer.unref();
      }
    }
    return loaded;
  };

  return {
    /** Ids of the products whose names best suit the text, best first, at most `limit`. */
    async suggest(text: string, limit: number): Promise<string[]> {
      return suggestFrom(await current(), text.toLowerCase(), limit);
    },

    /**
     * What the suggestions of these products show, in order, or undefined when any may be stale
     * (a change since the read, changes not heard) or is not held: then read the products' rows.
     */
    cardsOf(ids: string[]): SuggestionCard[] | undefined {
      if (!hearing || !latest || latest.generation !== generation) return undefined;
      const cards: SuggestionCard[] = [];
      for (const id of ids) {
        const card = latest.cards.get(id);
        if (!card) return undefined;
        cards.push(card);
      }
      return cards;
    },

    /** Reads the names now, if not read yet (a server warming up). */
    async ready(): Promise<void> {
      await current();
    },

    /** The vocabulary was rebuilt: read it again (if it was ever read). */
    reload,

    /** The catalogue changed (a name, a price, a picture): answer no cards until read again. */
    changed() {
      generation++;
      void reload();
    },

    /** As the shelf index's: while changes cannot be heard, no cards. */
    setHearing(value: boolean) {
      hearing = value;
      if (!value) generation++;
    },

    close() {
      closed = true;
      clearInterval(timer);
    },
  };
}

export type SuggestionIndex = ReturnType<typeof createSuggestionIndex>;

function suggestFrom(loaded: Loaded, needle: string, limit: number): string[] {
  const { phrases, trigramNumbers, phrasesWith } = loaded;
  // Names starting with the text, then names with a word starting with it; each in the
  // vocabulary's order (best sellers first). Most keystrokes stop here.
  const starting: SearchPhrase[] = [];
  const wordStarting: SearchPhrase[] = [];
  for (const phrase of phrases) {
    if (phrase.folded.startsWith(needle)) starting.push(phrase);
    else if (phrase.folded.includes(` ${needle}`)) wordStarting.push(phrase);
    if (starting.length >= limit) break;
  }
  const prefixed = [...starting, ...wordStarting].slice(0, limit);
  if (prefixed.length >= limit) return prefixed.map((p) => p.productId);

  // Too few: names containing the text anywhere, then names close to it, closest first.
  const taken = new Set(prefixed.map((p) => p.phrase));
  const needleTrigrams = new Set(trigramsOf(needle));
  const similarityTo = wordSimilarityTo(loaded, needleTrigrams);
  const shared = new Map<number, number>();
  for (const trigram of needleTrigrams) {
    const number = trigramNumbers.get(trigram);
    for (const n of number === undefined ? [] : phrasesWith[number]!) shared.set(n, (shared.get(n) ?? 0) + 1);
  }
  const close: { phrase: SearchPhrase; n: number; contains: boolean; similarity: number }[] = [];
  const consider = (n: number, contains: boolean) => {
    const phrase = phrases[n]!;
    if (taken.has(phrase.phrase)) return;
    const similarity = similarityTo(n);
    if (contains || similarity >= WORD_SIMILARITY_THRESHOLD) close.push({ phrase, n, contains, similarity });
  };
  const containing = new Set<number>();
  phrases.forEach((phrase, n) => {
    if (phrase.folded.includes(needle)) containing.add(n);
  });
  for (const n of containing) consider(n, true);
  for (const [n, count] of shared) {
    // A name sharing fewer than half the text's trigrams cannot reach the threshold.
    if (!containing.has(n) && count / needleTrigrams.size >= WORD_SIMILARITY_THRESHOLD) consider(n, false);
  }
  close.sort((a, b) => Number(b.contains) - Number(a.contains) || b.similarity - a.similarity || a.n - b.n);
  return [...prefixed, ...close.slice(0, limit - prefixed.length).map((c) => c.phrase)].map(
    (p) => p.productId,
  );
}

/** The words of a text as pg_trgm reads them: runs of letters and digits, lower-cased. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** pg_trgm's trigrams of a text, in order: each word padded with two spaces before and one after. */
function trigramsOf(text: string): string[] {
  const trigrams: string[] = [];
  for (const word of wordsOf(text)) {
    const padded = `  ${word} `;
    for (let at = 0; at + 3 <= padded.length; at++) trigrams.push(padded.slice(at, at + 3));
  }
  return trigrams;
}

/**
 * pg_trgm's word_similarity(needle, name) for the names of `loaded` by position: the greatest
 * similarity (shared trigrams over all trigrams, each counted once) between the needle's trigrams
 * and any run of consecutive trigrams of the name; rounded to a float4 as the database's is, so
 * ties fall as they fall there. Trigrams are compared as numbers, and "seen in this run" is a
 * stamp per trigram rather than a new set per run: a typo's suggestions score hundreds of names.
 */
function wordSimilarityTo(loaded: Loaded, needle: Set<string>): (n: number) => number {
  const { marks } = loaded;
  // Marks are numbers that only grow, so nothing is cleared between queries (each runs to its end
  // before the next begins); cleared once they near the Int32 limit, far above one query's count.
  if (marks.last > 2 ** 30) {
    marks.needle.fill(0);
    marks.seen.fill(0);
    marks.last = 0;
  }
  const mark = () => ++marks.last;
  const needleMark = mark();
  for (const trigram of needle) {
    const number = loaded.trigramNumbers.get(trigram);
    if (number !== undefined) marks.needle[number] = needleMark;
  }
  return (n) => {
    if (needle.size === 0) return 0;
    const trigrams = loaded.trigramsOfPhrase[n]!;
    let best = 0;
    for (let from = 0; from < trigrams.length; from++) {
      if (marks.needle[trigrams[from]!] !== needleMark) continue;
      const run = mark();
      let common = 0;
      let seen = 0;
      for (let to = from; to < trigrams.length; to++) {
        const trigram = trigrams[to]!;
        const shared = marks.needle[trigram] === needleMark;
        if (marks.seen[trigram] !== run) {
          marks.seen[trigram] = run;
          seen++;
          if (shared) common++;
        }
        if (!shared) continue;
        const similarity = common / (needle.size + seen - common);
        if (similarity > best) best = similarity;
      }
    }
    return Math.fround(best);
  };
}
