import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVAILABILITY_VALUES, PRODUCT_TAGS } from '../../../shared/catalog.js';
import { queryRows } from '../../db/client.js';
import { seedDemo } from '../../db/seed/demo-seed.js';
import { topUpSyntheticCatalogue } from '../../db/seed/synthetic-catalogue.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { announceCatalogChange } from '../catalog/catalog-changes.js';
import { facetCounts, facetTaxonomy } from './facet-counts.repository.js';
import { countFacetGroups, facetGroupsOf } from './facet-groups.js';
import type { ProductFilters, ProductSort } from './product-query.js';
import { countProducts, listProducts, searchGroups } from './product-search.repository.js';
import { type ResolvedFilters, taxonomyIds } from './shelf-filters.repository.js';
import { createShelfIndex, FirstInOrder } from './shelf-index.js';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  ctx = await createTestApp({ CATALOG_CACHE_SECONDS: '0' });
  const db = ctx.database.db;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shelf-index-'));
  await seedDemo(db, { dataDir, log: () => {} });
  await topUpSyntheticCatalogue(db, { target: 1_200 });
  // Archived products have left the shop: the panel must not count them.
  await db.execute(
    sql`update products set archived_at = now() where id in (select id from products order by id limit 40)`,
  );
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

const resolve = async (filters: ProductFilters): Promise<ResolvedFilters> => ({
  ...filters,
  ...(await taxonomyIds(ctx.database.db, filters)),
});

/** A deterministic spread of filter panels: every facet alone, in pairs, and all five at once. */
async function filterSets(): Promise<ProductFilters[]> {
  const db = ctx.database.db;
  const categories = (
    await queryRows<{ title: string }>(db, sql`select title from categories order by title`)
  ).map((row) => row.title);
  const brands = (await queryRows<{ title: string }>(db, sql`select title from brands order by title`)).map(
    (row) => row.title,
  );
  const prices = (
    await queryRows<{ price: number }>(
      db,
      sql`select price_paise as price from products where archived_at is null order by price_paise`,
    )
  ).map((row) => Number(row.price));
  const sizes = (
    await queryRows<{ size: string }>(db, sql`select distinct unnest(sizes) as size from products order by 1`)
  ).map((row) => row.size);
  expect(sizes.length).toBeGreaterThan(3);
  // Bounds at products' own prices, so inclusive and exclusive give different answers.
  const at = (share: number) => prices[Math.floor((prices.length - 1) * share)]!;
  const sets: ProductFilters[] = [{ brands: [], categories: [], tags: [] }];
  for (let n = 0; n < 24; n++) {
    const filters: ProductFilters = { brands: [], categories: [], tags: [] };
    if (n % 2 === 0) filters.categories = [categories[n % categories.length]!];
    if (n % 3 === 0) filters.brands = [brands[n % brands.length]!, brands[(n * 7 + 1) % brands.length]!];
    if (n % 4 === 1) filters.tags = [PRODUCT_TAGS[n % PRODUCT_TAGS.length]!];
    if (n % 5 === 2) filters.tags = [...PRODUCT_TAGS];
    if (n % 3 === 1) filters.min = { paise: at(0.2 + (n % 5) / 20), inclusive: n % 2 === 0 };
    if (n % 4 === 2) filters.max = { paise: at(0.6 + (n % 3) / 10), inclusive: n % 3 !== 0 };
    if (n % 6 === 5) filters.availability = AVAILABILITY_VALUES[n % 2]!;
    if (n % 4 === 3) filters.sizes = [sizes[n % sizes.length]!];
    if (n % 8 === 6) filters.sizes = [sizes[n % sizes.length]!, sizes[(n + 3) % sizes.length]!];
    if (n === 19) filters.sizes = ['No such size'];
    if (n === 7) filters.brands = ['No such brand'];
    if (n === 11) filters.categories = [categories[1]!.toUpperCase()];
    sets.push(filters);
  }
  return sets;
}

describe('the shelf index (decision 023)', () => {
  it('counts every filter panel exactly as the SQL counts do', async () => {
    const index = createShelfIndex(ctx.database.db);
    await index.ready();
    const sets = await filterSets();
    let panelsWithProducts = 0;
    for (const filters of sets) {
      const resolved = await resolve(filters);
      const fromIndex = index.counts(resolved);
      expect(fromIndex, JSON.stringify(filters)).toEqual(await facetCounts(ctx.database.db, resolved));
      if (fromIndex!.availability.inStock + fromIndex!.availability.outOfStock > 0) panelsWithProducts++;
    }
    // The spread is only a test if most panels find something.
    expect(panelsWithProducts).toBeGreaterThan(sets.length / 2);
    await index.close();
  });

  it("counts a search's filter panel from its grouped matches exactly as the SQL counts do", async () => {
    const { db } = ctx.database;
    const sets = await filterSets();
    const matches = ['laptop:*', 'samsung', 'watch | shoe:*', 'tv & smart', 'nosuchword'];
    let panelsWithProducts = 0;
    for (const [n, filters] of sets.entries()) {
      const resolved = { ...(await resolve(filters)), q: 'text', match: matches[n % matches.length] };
      // Every match read (the test's catalogue is one search tier), so counted exactly.
      const { groups, scale } = await searchGroups(db, [resolved.match!], resolved, 250);
      expect(scale).toBe(1);
      const { sizes, ...grouped } = countFacetGroups(facetGroupsOf(groups, await facetTaxonomy(db)), {
        ...resolved,
        sizes: undefined,
      });
      // A search's groups hold no sizes: product-search.ts counts its sizes, and a search within
      // sizes, in SQL.
      expect(sizes).toEqual([]);
      const { sizes: _counted, ...counted } = await facetCounts(db, {
        ...resolved,
        sizes: undefined,
      });
      expect(grouped, JSON.stringify(resolved)).toEqual(counted);
      if (grouped.availability.inStock + grouped.availability.outOfStock > 0) panelsWithProducts++;
    }
    expect(panelsWithProducts).toBeGreaterThan(sets.length / 3);
  });

  it('pages every list exactly as SQL does, walking the sort or gathering the matches', async () => {
    const { db } = ctx.database;
    const walking = createShelfIndex(db, { gatherUpTo: 0 });
    const gathering = createShelfIndex(db);
    await Promise.all([walking.ready(), gathering.ready()]);
    const sorts: ProductSort[] = [
      { field: 'title', direction: 'asc' },
      { field: 'title', direction: 'desc' },
      { field: 'price', direction: 'asc' },
      { field: 'price', direction: 'desc' },
      { field: 'createdAt', direction: 'asc' },
      { field: 'createdAt', direction: 'desc' },
      { field: 'totalrating', direction: 'desc' },
      { field: 'sold', direction: 'desc' },
      { field: 'relevance', direction: 'desc' },
    ];
    let pagesWithProducts = 0;
    const sets = await filterSets();
    for (const [n, filters] of sets.entries()) {
      const resolved = await resolve(filters);
      const sort = sorts[n % sorts.length]!;
      for (const page of [1, 3]) {
        const label = JSON.stringify({ filters, sort, page });
        const expected = {
          ids: (await listProducts(db, resolved, [sort], page, 24)).map((row) => row.id),
          total: (await countProducts(db, resolved, 1_000_000)).count,
        };
        expect(walking.page(resolved, [sort], page, 24), label).toEqual(expected);
        expect(gathering.page(resolved, [sort], page, 24), label).toEqual(expected);
        if (expected.ids.length > 0) pagesWithProducts++;
      }
    }
    expect(pagesWithProducts).toBeGreaterThan(sets.length);
    // A price range in price order is walked from where the range starts, both ways, to its end.
    for (const filters of sets.filter((f) => f.min || f.max)) {
      const resolved = await resolve(filters);
      for (const direction of ['asc', 'desc'] as const) {
        for (const page of [1, 2, 40]) {
          const sort: ProductSort = { field: 'price', direction };
          const label = JSON.stringify({ filters, sort, page });
          const expected = {
            ids: (await listProducts(db, resolved, [sort], page, 24)).map((row) => row.id),
            total: (await countProducts(db, resolved, 1_000_000)).count,
          };
          expect(walking.page(resolved, [sort], page, 24), label).toEqual(expected);
        }
      }
    }
    // Sorting by two fields is SQL's.
    expect(
      gathering.page(
        { brands: [], categories: [], tags: [] },
        [
          { field: 'price', direction: 'asc' },
          { field: 'sold', direction: 'desc' },
        ],
        1,
        24,
      ),
    ).toBeUndefined();
    await Promise.all([walking.close(), gathering.close()]);
  });

  it('reads the catalogue again after its maximum age, for changes made in SQL without a NOTIFY', async () => {
    const { db } = ctx.database;
    const index = createShelfIndex(db, { maxAgeMs: 0, writesCheckMs: 0 });
    await index.ready();
    const none = { brands: [], categories: [], tags: [] };
    const before = index.counts(none)!;
    await db.execute(
      sql`update products set archived_at = now() where id = (select id from products where archived_at is null order by id limit 1)`,
    );
    // Answers from what it has while it reads again, then from what it read. PostgreSQL counts
    // the write within a second or so of its commit; until then the snapshot is kept.
    expect(index.counts(none)).toEqual(before);
    await expect
      .poll(
        async () => {
          await index.ready();
          const { inStock, outOfStock } = index.counts(none)!.availability;
          return inStock + outOfStock;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe(before.availability.inStock + before.availability.outOfStock - 1);
    await index.close();
  });

  it('past its maximum age, reads again only once the database counts a write to what it read', async () => {
    const { db } = ctx.database;
    let statements = 0;
    const counting = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return (...args: Parameters<typeof db.execute>) => {
          statements++;
          return target.execute(...args);
        };
      },
    });
    const index = createShelfIndex(counting, { maxAgeMs: 0, writesCheckMs: 0 });
    await index.ready();
    const none = { brands: [], categories: [], tags: [] };
    /** The statements one ask past the maximum age costs: 1 a check alone, more a read. */
    const oneAsk = async () => {
      const from = statements;
      index.counts(none);
      await index.ready();
      return statements - from;
    };
    // Earlier tests' writes may still be on their way to the counts; then an ask is a check alone.
    await expect.poll(oneAsk, { timeout: 15_000, interval: 200 }).toBe(1);
    const before = index.counts(none)!.brands.length;
    await db.execute(
      sql`insert into brands (title, slug) values ('Counted Write Brand', 'counted-write-brand')`,
    );
    await expect
      .poll(
        async () => {
          await oneAsk();
          return index.counts(none)!.brands.length;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(before + 1);
    await db.execute(sql`delete from brands where slug = 'counted-write-brand'`);
    await index.close();
  });

  it('leaves a search to the product search', async () => {
    const index = createShelfIndex(ctx.database.db);
    await index.ready();
    const search = { brands: [], categories: [], tags: [], q: 'laptop', match: 'laptop' };
    expect(index.counts(search)).toBeUndefined();
    expect(index.page(search, [{ field: 'relevance', direction: 'desc' }], 1, 24)).toBeUndefined();
    await index.close();
  });

  it('shows a change on this server at once, and one announced by another server when heard', async () => {
    const { db } = ctx.database;
    const catalog = ctx.app.services.catalog;
    await catalog.warmShelfIndex();
    const panel = async () => (await ctx.app.inject('/api/product/facets?availability=in-stock')).json();
    const before = await panel();
    const [product] = await queryRows<{ id: string }>(
      db,
      sql`select id from products where archived_at is null and quantity > 0 order by id desc limit 1`,
    );

    // What a console edit does: commit, then invalidate().
    await db.execute(sql`update products set quantity = 0 where id = ${product!.id}`);
    catalog.invalidate();
    const afterEdit = await panel();
    expect(afterEdit.availability.inStock).toBe(before.availability.inStock - 1);
    expect(afterEdit.availability.outOfStock).toBe(before.availability.outOfStock + 1);

    // Another server's edit reaches this one as a NOTIFY; its answer follows once heard.
    await catalog.warmShelfIndex();
    await db.execute(sql`update products set quantity = 5 where id = ${product!.id}`);
    await announceCatalogChange(db, 'stock');
    await expect
      .poll(async () => (await panel()).availability.inStock, { timeout: 5_000 })
      .toBe(before.availability.inStock);
  });

  it('counts in SQL while changes cannot be heard', async () => {
    const { db } = ctx.database;
    const catalog = ctx.app.services.catalog;
    await catalog.warmShelfIndex();
    const panel = async () => (await ctx.app.inject('/api/product/facets')).json();
    const before = await panel();
    catalog.setHearingChanges(false);
    try {
      // Unannounced, as another server's edit is while the listening connection is down.
      await db.execute(
        sql`update products set archived_at = now() where id = (select id from products where archived_at is null order by id desc limit 1)`,
      );
      const during = await panel();
      expect(during.availability.inStock + during.availability.outOfStock).toBe(
        before.availability.inStock + before.availability.outOfStock - 1,
      );
    } finally {
      // What catalog/catalog-changes.ts does once listening again.
      catalog.setHearingChanges(true);
      catalog.forget('all');
    }
    await catalog.warmShelfIndex();
    const after = await panel();
    expect(after.availability.inStock + after.availability.outOfStock).toBe(
      before.availability.inStock + before.availability.outOfStock - 1,
    );
  });
});

describe('FirstInOrder (a page of the gathered matches)', () => {
  it('keeps the first items in key order, as sorting all of them would', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (const [count, size] of [
      [0, 5],
      [3, 5],
      [5, 5],
      [1000, 24],
      [4096, 120],
      [50, 0],
    ] as const) {
      const keys = Array.from({ length: count }, (_, i) => i).sort(() => random() - 0.5);
      for (const sign of [1, -1]) {
        const first = new FirstInOrder(size, (item) => sign * keys[item]!);
        for (let item = 0; item < count; item++) first.offer(item);
        const sorted = Array.from({ length: count }, (_, i) => i).sort(
          (a, b) => sign * (keys[a]! - keys[b]!),
        );
        expect(first.inOrder()).toEqual(sorted.slice(0, size));
      }
    }
  });
});

describe('the shelf index past its limits', () => {
  it('leaves lists and panels to SQL when the shop has more than 16 distinct tags, and they still answer', async () => {
    const { db } = ctx.database;
    // A second shop on the same database, so the other tests' index is not disturbed.
    const index = createShelfIndex(db);
    await index.ready();
    const none = { brands: [], categories: [], tags: [] };
    expect(index.counts(none)).toBeDefined();
    const tags = Array.from({ length: 17 }, (_, n) => `limit-tag-${n}`);
    await db.execute(
      sql`update products p set tags = array[(${sql.param(tags)}::text[])[1 + x.n % 17]]
          from (select id, (row_number() over (order by id))::int - 1 as n from products
                where archived_at is null order by id limit 200) x
          where p.id = x.id`,
    );
    index.changed('all');
    await index.ready();
    // The snapshot cannot hold 17 tag bits: the index says so by not answering, and SQL does.
    expect(index.counts(none)).toBeUndefined();
    expect(index.page(await resolve(none), [{ field: 'price', direction: 'asc' }], 1, 10)).toBeUndefined();
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/product?sort=price&limit=5' });
    expect(listed.json()).toHaveLength(5);
    expect(listed.statusCode).toBe(200);
    await db.execute(sql`update products set tags = '{}' where tags && ${sql.param(tags)}::text[]`);
    await index.close();
  });
});
