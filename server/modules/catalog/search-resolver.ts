import type { Executor } from '../../db/client.js';
import * as repository from './catalog.repository.js';
import type { ProductFilters } from './product-query.js';
import { buildTsQuery, searchWords, type WordLookup } from './search-terms.js';
import type { createSearchVocabulary } from './search-vocabulary.js';
import * as vocabulary from './search-vocabulary.repository.js';
import type { ShelfIndex } from './shelf-index.js';
import { parseTsQueryText, type TextQuery } from './text-index.js';

type TaxonomyIds = { brandIds: string[]; categoryIds: string[] };

/**
 * Turns a list's or filter panel's query into what the catalogue's reads take: brand and category
 * names as ids, and the search text as a to_tsquery (with the in-memory text index's parse of it).
 * What it looks up is kept here, for as long as it stays true: names until the taxonomy changes,
 * words until the vocabulary is rebuilt (or a minute), parsed queries for ever.
 */
export class SearchResolver {
  // Brand and category names to ids (a few hundred rows): kept whatever the cache time, since every
  // change to them announces 'all' (taxonomy.service.ts), and looking them up was a round trip
  // before every filtered list.
  private readonly taxonomyIds = new Map<string, Promise<TaxonomyIds>>();
  // Words looked up in the search vocabulary (are they known, their close spellings): shoppers
  // type the same words again and again, and the vocabulary changes only when rebuilt, here
  // (`forgetWords`) or on another server (so kept a minute at most, as the suggestion index's names).
  private readonly lookedUp = new Map<string, WordLookup>();
  private lookedUpSince = Date.now();
  // A search's to_tsquery text as the database parses it (stemmed, stop words dropped), for the
  // in-memory text index; the same for ever (the text search configuration does not change).
  private readonly textQueries = new Map<string, Promise<TextQuery | undefined>>();

  constructor(
    private readonly readDb: Executor,
    private readonly shelfIndex: ShelfIndex,
    private readonly searchVocabulary: Pick<ReturnType<typeof createSearchVocabulary>, 'ensureReady'>,
  ) {}

  /** After the vocabulary was rebuilt: words are looked up again. */
  forgetWords() {
    this.lookedUp.clear();
  }

  /** After a change to brands or categories (announced as 'all'). */
  forgetTaxonomy() {
    this.taxonomyIds.clear();
  }

  /**
   * The search text as a to_tsquery (search-terms.ts): every word, each with its close spellings
   * from the vocabulary and its synonyms. When the words together find nothing, three words or more
   * need all but one of them ("running shoes men": men's running shoes, not every product saying
   * "men", as shops ask most of a shopper's words), and when that finds nothing either, or for two
   * words, any of them will do ("samsung earbuds" still shows Samsung and earbuds, best matches
   * first).
   */
  async resolve<F extends ProductFilters>(query: F): Promise<F & repository.ResolvedFilters> {
    const filters =
      query.brands.length || query.categories.length
        ? { ...query, ...(await this.idsOfTaxonomy(query)) }
        : query;
    if (!filters.q) return filters;
    const words = searchWords(filters.q);
    if (words.length === 0) return filters;
    await this.searchVocabulary.ensureReady();
    const lookups = await this.lookUp(words);
    const searchFor = async (match: string | undefined) => {
      const textQuery = match === undefined ? undefined : await this.textQueryOf(match);
      return { ...filters, match, ...(textQuery ? { textQuery } : {}) };
    };
    const every = await searchFor(buildTsQuery(lookups, { prefixLast: true }));
    if (words.length === 1 || !every.match || (await this.finds(every))) return every;
    if (words.length > 2) {
      const most = await searchFor(buildTsQuery(lookups, { prefixLast: true, allButOne: true }));
      if (await this.finds(most)) return most;
    }
    return searchFor(buildTsQuery(lookups, { prefixLast: true, anyWord: true }));
  }

  /** Whether a search finds any product: from the text index, else from SQL. */
  private async finds({ match, textQuery }: { match?: string | undefined; textQuery?: TextQuery }) {
    if (match === undefined) return false;
    const found = textQuery && this.shelfIndex.anyMatches(textQuery);
    return found ?? (await repository.anyProductMatches(this.readDb, match));
  }

  private idsOfTaxonomy(names: { brands: string[]; categories: string[] }) {
    const key = JSON.stringify([
      names.brands.map((b) => b.toLowerCase()),
      names.categories.map((c) => c.toLowerCase()),
    ]);
    let ids = this.taxonomyIds.get(key);
    if (!ids) {
      if (this.taxonomyIds.size >= 1000) this.taxonomyIds.clear();
      ids = repository.taxonomyIds(this.readDb, names);
      ids.catch(() => this.taxonomyIds.delete(key));
      this.taxonomyIds.set(key, ids);
    }
    return ids;
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

  private textQueryOf(match: string) {
    let parsed = this.textQueries.get(match);
    if (!parsed) {
      if (this.textQueries.size >= 5_000) this.textQueries.clear();
      parsed = repository.parsedTextQuery(this.readDb, match).then(parseTsQueryText);
      parsed.catch(() => this.textQueries.delete(match));
      this.textQueries.set(match, parsed);
    }
    return parsed;
  }
}
