import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { createProduct, setVariantFigures } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ CATALOG_CACHE_SECONDS: '0' });
  // These tests change products in SQL without announcing it, and compare the SQL counts' two
  // paths; the in-memory shelf index (shelf-index.test.ts) stands aside while it cannot hear.
  ctx.app.services.catalog.setHearingChanges(false);
});
afterAll(() => ctx.close());

const facets = async (query = '') => (await ctx.app.inject(`/api/product/facets${query}`)).json();

/**
 * The store's facet counts come from product_facet_counts when the filters allow (decision 016),
 * and from the products themselves with a price bound. The two must always agree: a price bound
 * wide enough to include every product gives the scanned answer to compare with.
 */
const scanned = (query: string) => facets(`${query}${query ? '&' : '?'}price[gte]=0`);
const withoutPrice = (answer: { price: unknown }) => ({ ...answer, price: undefined });

async function expectSummaryToMatchProducts() {
  for (const query of [
    '',
    '?category=Laptops',
    '?brand=Dell,HP',
    '?tags=popular',
    '?availability=out-of-stock',
    '?category=Laptops&brand=Dell&tags=featured&availability=in-stock',
  ]) {
    expect(withoutPrice(await facets(query)), query).toEqual(withoutPrice(await scanned(query)));
  }
}

describe('facet counts without scanning the catalogue', () => {
  it('agree with the products through inserts, edits, sell-outs, archiving, deletes and compaction', async () => {
    const db = ctx.database.db;
    const made = [];
    for (let i = 0; i < 6; i += 1) {
      made.push(
        await createProduct(db, {
          title: `Facet laptop ${i}`,
          category: 'Laptops',
          brand: i % 2 ? 'Dell' : 'HP',
          tags: i % 3 ? ['popular', 'featured'] : ['popular'],
          quantity: i,
        }),
      );
    }
    await expectSummaryToMatchProducts();

    // One statement changing several products, some of them twice over in key terms.
    await db
      .update(products)
      .set({ tags: ['featured', 'featured', 'special'] })
      .where(eq(products.brandId, made[1]!.brandId));
    // Stock changes reach the product row (and so the counts) through its variants.
    await setVariantFigures(db, made[2]!.id, { quantity: 0 });
    await setVariantFigures(db, made[0]!.id, { quantity: 3 });
    await db
      .update(products)
      .set({ sold: sql`${products.sold} + 1` })
      .where(eq(products.id, made[3]!.id));
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, made[4]!.id));
    await db.delete(products).where(eq(products.id, made[5]!.id));
    await expectSummaryToMatchProducts();

    const before = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from product_facet_counts`,
    );
    await db.execute(sql`select compact_product_facet_counts()`);
    const after = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from product_facet_counts`,
    );
    expect(after[0]!.n).toBeLessThan(before[0]!.n);
    await expectSummaryToMatchProducts();
    expect(
      (await facets('?category=Laptops')).brands.find((b: { title: string }) => b.title === 'Dell').count,
    ).toBe(
      (await scanned('?category=Laptops')).brands.find((b: { title: string }) => b.title === 'Dell').count,
    );
  });

  it('an unchanged key writes nothing (an order taking stock that does not sell out)', async () => {
    const db = ctx.database.db;
    const product = await createProduct(db, {
      title: 'Facet kettle',
      category: 'Home Appliances',
      quantity: 9,
    });
    const count = async () =>
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from product_facet_counts`))[0]!.n;
    const before = await count();
    await setVariantFigures(db, product.id, { quantity: 8, sold: 1 });
    expect(await count()).toBe(before);
  });

  it('of a search count only the matching products, each facet without its own filter', async () => {
    const db = ctx.database.db;
    await createProduct(db, {
      title: 'Zorblax Kettle One',
      category: 'Home Appliances',
      brand: 'Philips',
      tags: ['special'],
      pricePaise: 150_000,
    });
    await createProduct(db, {
      title: 'Zorblax Kettle Two',
      category: 'Home Appliances',
      brand: 'Bajaj',
      quantity: 0,
      pricePaise: 250_000,
    });
    await createProduct(db, {
      title: 'Zorblax Toaster',
      category: 'Fashion',
      brand: 'Bajaj',
      pricePaise: 90_000,
    });
    const count = (list: { title: string; count: number }[], title: string) =>
      list.find((item) => item.title === title)?.count ?? 0;

    const all = await facets('?q=zorblax');
    expect(count(all.categories, 'Home Appliances')).toBe(2);
    expect(count(all.categories, 'Fashion')).toBe(1);
    expect(count(all.brands, 'Bajaj')).toBe(2);
    expect(all.tags).toEqual([{ title: 'special', count: 1 }]);
    expect(all.availability).toEqual({ inStock: 2, outOfStock: 1 });
    expect(all.price).toEqual({ min: 900, max: 2500 });

    const bajaj = await facets('?q=zorblax kettle&brand=Bajaj');
    expect(count(bajaj.brands, 'Philips')).toBe(1);
    expect(count(bajaj.brands, 'Bajaj')).toBe(1);
    expect(count(bajaj.categories, 'Home Appliances')).toBe(1);
    expect(bajaj.availability).toEqual({ inStock: 0, outOfStock: 1 });
    expect((await facets('?q=qqqxxzz')).categories.every((c: { count: number }) => c.count === 0)).toBe(true);
  });
});
