import type { Database } from '../../db/client.js';
import {
  type FacetCounts,
  type FacetGroupRow,
  facetCounts,
  facetTaxonomy,
  offersSizes,
  sizeCounts,
} from './facet-counts.repository.js';
import { countFacetGroups, facetGroupsOf } from './facet-groups.js';
import type { ProductListQuery } from './product-query.js';
import * as repository from './product-search.repository.js';
import { hasDevanagari } from './search-fold.js';
import { buildTsQuery, searchWords, type WordLookup, withoutFillers } from './search-terms.js';
import * as vocabulary from './search-vocabulary.repository.js';
import type { ResolvedFilters } from './shelf-filters.repository.js';
import type { SuggestionCard } from './shelf-rows.repository.js';
import { englishNeedle, type HindiBrandName, hindiNeedle } from './suggestion-needles.js';

/** A page of a search: its products' ids in order, how many match, and whether that is counted. */
export type SearchPage = { ids: string[]; total: number; totalIsExact: boolean };

/**
 * The storefront's search (decision 040): a page of a search's matches with its filters and sort,
 * a search's filter panel, and the search box's suggestions. Filters come with their brands' and
 * categories' ids resolved (filter-ids.ts).
 */
export interface ProductSearch {
  search(query: ProductListQuery & ResolvedFilters): Promise<SearchPage>;
  facets(filters: ResolvedFilters): Promise<FacetCounts>;
  /** At most `limit` products whose names suit the text, best first. */
  suggest(text: string, limit: number): Promise<SuggestionCard[]>;
  /**
   * Searches for these words (and for one that matches nothing, which walks every tier) on
   * `connections` connections at once, a few rounds: each connection has then planned the
   * functions' statements and settled on their plans before the first shopper searches.
   */
  warmUp(words: string[], connections: number): Promise<void>;
  /** After the vocabulary was rebuilt: words are looked up again. */
  forgetWords(): void;
  /** After a change to brands or categories: the panel's lists are read again. */
  forgetTaxonomy(): void;
}

/**
 * A search page by relevance is ranked among the best sellers' matches when at least this many
 * pass its filters there (five pages of 24), or the page's end if further: the next pages then
 * come from the same matches.
 */
const PAGE_MATCHES_AT_LEAST = 120;
/** A search's filter panel is counted from the best sellers' matches when this many match there. */
const PANEL_MATCHES_AT_LEAST = 120;
/** A search within sizes counts its matches exactly up to this many, then estimates. */
const SIZED_COUNT_UP_TO = 1_000;
/** Rounds of the warm-up: PostgreSQL settles on a statement's plan after its fifth execution. */
const WARM_UP_ROUNDS = 6;

/**
 * ProductSearch on PostgreSQL and PGlite alike: the shopper's words become to_tsquery texts
 * (search-terms.ts: close spellings from the vocabulary, synonyms, the last word unfinished), and
 * one call of a function of migration 0025 answers each page, panel or suggestion list.
 */
export function createPostgresProductSearch(
  readDb: Database,
  options: { ensureVocabulary: () => Promise<void> },
): ProductSearch {
  return new PostgresProductSearch(readDb, options.ensureVocabulary);
}

class PostgresProductSearch implements ProductSearch {
  // Words looked up in the search vocabulary (are they known, their close spellings): shoppers
  // type the same words again and again, and the vocabulary changes only when rebuilt, here
  // (`forgetWords`) or on another server (so kept a minute at most).
  private readonly lookedUp = new Map<string, WordLookup>();
  private lookedUpSince = Date.now();
  private taxonomy: ReturnType<typeof facetTaxonomy> | undefined;
  private hindiBrands: Promise<HindiBrandName[]> | undefined;

  constructor(
    private readonly readDb: Database,
    private readonly ensureVocabulary: () => Promise<void>,
  ) {}

  forgetWords() {
    this.lookedUp.clear();
  }

  forgetTaxonomy() {
    this.taxonomy = undefined;
    this.hindiBrands = undefined;
  }

  async search(query: ProductListQuery & ResolvedFilters): Promise<SearchPage> {
    const queries = await this.queriesOf(query.q);
    if (!queries.length) return { ids: [], total: 0, totalIsExact: true };
    if (query.sizes?.length) return this.searchInSizes(queries, query);
    const offset = (query.page - 1) * query.limit;
    const byRelevance = query.sort.length === 1 && query.sort[0]!.field === 'relevance';
    const found = await repository.searchPage(this.readDb, queries, query, {
      atLeast: Math.max(PAGE_MATCHES_AT_LEAST, offset + query.limit),
      offset,
      limit: byRelevance ? query.limit : 0,
    });
    if (byRelevance) return { ids: found.ids, total: found.total, totalIsExact: found.exact };
    // Another sort walks its index among every match, as a list's does.
    const match = queries[found.chosen];
    const ids = await repository.pageIdsOf(
      this.readDb,
      { ...query, match },
      query.sort,
      query.page,
      query.limit,
    );
    return { ids, total: found.total, totalIsExact: found.exact };
  }

  async facets(filters: ResolvedFilters): Promise<FacetCounts> {
    const queries = await this.queriesOf(filters.q);
    if (filters.sizes?.length) {
      // Sizes are not in the search's groups: the panel is counted by SQL among every match.
      const match = queries.length ? await this.chosenMatch(queries, filters) : undefined;
      return facetCounts(this.readDb, { ...filters, match });
    }
    const counts = await this.groupedFacets(queries, filters);
    if (!offersSizes(filters) || !queries.length) return counts;
    const match = queries[counts.chosen];
    return { ...counts, sizes: await sizeCounts(this.readDb, { ...filters, match }) };
  }

  /** The panel from the search's matches grouped (`shop_search_groups`), and the query that matched. */
  private async groupedFacets(queries: string[], filters: ResolvedFilters) {
    this.taxonomy ??= facetTaxonomy(this.readDb).catch((error) => {
      this.taxonomy = undefined;
      throw error;
    });
    const [found, taxonomy] = await Promise.all([
      queries.length
        ? repository.searchGroups(this.readDb, queries, filters, PANEL_MATCHES_AT_LEAST)
        : { groups: [] as FacetGroupRow[], scale: 1, chosen: 0 },
      this.taxonomy,
    ]);
    // Counted among the best sellers' matches: each group stands for `scale` times as many.
    const groups =
      found.scale === 1
        ? found.groups
        : found.groups.map((group) => ({ ...group, inRange: Math.round(group.inRange * found.scale) }));
    return { ...countFacetGroups(facetGroupsOf(groups, taxonomy), filters), chosen: found.chosen };
  }

  /**
   * A search within sizes, which the search functions do not know: the query that matches (of the
   * tiers tried in order) is found first, then SQL pages and counts its matches in those sizes.
   */
  private async searchInSizes(queries: string[], query: ProductListQuery & ResolvedFilters) {
    const filters = { ...query, match: await this.chosenMatch(queries, query) };
    const [ids, counted] = await Promise.all([
      repository.pageIdsOf(this.readDb, filters, query.sort, query.page, query.limit),
      repository.countProducts(this.readDb, filters, SIZED_COUNT_UP_TO),
    ]);
    return { ids, total: counted.count, totalIsExact: counted.exact };
  }

  private async chosenMatch(queries: string[], filters: ResolvedFilters): Promise<string> {
    const found = await repository.searchPage(this.readDb, queries, filters, {
      atLeast: PAGE_MATCHES_AT_LEAST,
      offset: 0,
      limit: 0,
    });
    return queries[found.chosen]!;
  }

  async suggest(text: string, limit: number): Promise<SuggestionCard[]> {
    // Names come from the vocabulary: a new shop's is built on first use.
    await this.ensureVocabulary();
    // Devanagari is looked for among the Hindi names, folded as they are (suggestion-needles.ts).
    const hindi = hasDevanagari(text);
    // Devanagari digits alone ("५५") have no Devanagari words: their digits are looked for.
    const needle = hindi ? hindiNeedle(text) || searchWords(text).join(' ') : text.toLowerCase();
    const found = needle ? await repository.suggestions(this.readDb, needle, limit) : [];
    if (found.length >= limit) return found;
    // Too few: Hindi or Hinglish the synonym lists or the brands' Hindi names know, in English
    // ("सैम" -> samsung). English text has no second look unless a Hinglish word starts with it.
    const english = englishNeedle(text, hindi ? await this.brandsInHindi() : []);
    if (!english) return found;
    const seen = new Set(found.map((card) => card.id));
    const more = await repository.suggestions(this.readDb, english, limit);
    return [...found, ...more.filter((card) => !seen.has(card.id))].slice(0, limit);
  }

  private brandsInHindi(): Promise<HindiBrandName[]> {
    this.hindiBrands ??= repository.hindiBrandNames(this.readDb).catch((error) => {
      this.hindiBrands = undefined;
      throw error;
    });
    return this.hindiBrands;
  }

  async warmUp(words: string[], connections: number): Promise<void> {
    const noMatch = { brands: [], categories: [], tags: [], q: 'zzqxjv' };
    for (let round = 0; round < WARM_UP_ROUNDS; round++) {
      for (const q of words) {
        const filters = { brands: [], categories: [], tags: [], q };
        await Promise.all(
          Array.from({ length: connections }, (_, n) => {
            const on = n % 4 === 3 ? noMatch : filters;
            return Promise.all([
              this.search({ ...on, sort: [{ field: 'relevance', direction: 'desc' }], page: 1, limit: 24 }),
              this.facets(on),
              // A text no name starts with also runs the typo branch's statement.
              this.suggest(on === noMatch ? noMatch.q : q.slice(0, 3 + (n % 3)), 10),
            ]);
          }),
        );
      }
    }
  }

  /**
   * The search text as to_tsquery texts, tried in order (search-terms.ts): every word, each with
   * its close spellings from the vocabulary and its synonyms; when the words together find
   * nothing, three words or more need all but one of them ("running shoes men": men's running
   * shoes, not every product saying "men", as shops ask most of a shopper's words), and when that
   * finds nothing either, or for two words, any of them will do ("samsung earbuds" still shows
   * Samsung and earbuds, best matches first). None: nothing searchable, nothing matches.
   */
  private async queriesOf(q: string | undefined): Promise<string[]> {
    const words = withoutFillers(searchWords(q ?? ''));
    if (words.length === 0) return [];
    await this.ensureVocabulary();
    const lookups = await this.lookUp(words);
    const queries = [
      buildTsQuery(lookups, { prefixLast: true }),
      words.length > 2 ? buildTsQuery(lookups, { prefixLast: true, allButOne: true }) : undefined,
      words.length > 1 ? buildTsQuery(lookups, { prefixLast: true, anyWord: true }) : undefined,
    ];
    return [...new Set(queries.filter((query): query is string => query !== undefined))];
  }

  private async lookUp(words: string[]): Promise<WordLookup[]> {
    if (Date.now() - this.lookedUpSince > 60_000 || this.lookedUp.size >= 10_000) {
      this.lookedUp.clear();
      this.lookedUpSince = Date.now();
    }
    const missing = words.filter((word) => !this.lookedUp.has(word));
    const found = new Map(
      missing.length ? (await vocabulary.lookUpWords(this.readDb, missing)).map((l) => [l.word, l]) : [],
    );
    for (const [word, lookup] of found) this.lookedUp.set(word, lookup);
    return words.map((word) => found.get(word) ?? this.lookedUp.get(word)!);
  }
}
