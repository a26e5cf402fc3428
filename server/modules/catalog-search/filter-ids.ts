import type { Executor } from '../../db/client.js';
import type { ProductFilters } from './product-query.js';
import { taxonomyIds } from './shelf-filters.repository.js';

type TaxonomyIds = { brandIds: string[]; categoryIds: string[] };

/**
 * A list's brand and category names as ids, which the catalogue's reads take. Kept whatever the
 * cache time (a few hundred rows), since every change to them announces 'all' (catalog/taxonomy.service.ts)
 * and `forget` follows; looking them up was a round trip before every filtered list.
 */
export class FilterIds {
  private readonly taxonomyIds = new Map<string, Promise<TaxonomyIds>>();

  constructor(private readonly readDb: Executor) {}

  /** After a change to brands or categories (announced as 'all'). */
  forget() {
    this.taxonomyIds.clear();
  }

  async resolve<F extends ProductFilters>(query: F): Promise<F & Partial<TaxonomyIds>> {
    if (!query.brands.length && !query.categories.length) return query;
    return { ...query, ...(await this.idsOf(query)) };
  }

  private idsOf(names: { brands: string[]; categories: string[] }) {
    const key = JSON.stringify([
      names.brands.map((b) => b.toLowerCase()),
      names.categories.map((c) => c.toLowerCase()),
    ]);
    let ids = this.taxonomyIds.get(key);
    if (!ids) {
      if (this.taxonomyIds.size >= 1000) this.taxonomyIds.clear();
      ids = taxonomyIds(this.readDb, names);
      ids.catch(() => this.taxonomyIds.delete(key));
      this.taxonomyIds.set(key, ids);
    }
    return ids;
  }
}
