import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, products, ratings } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, setVariantFigures } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { shelfPageRows, shelfProducts } from './shelf-rows.repository.js';

/**
 * The hot reads of product pages and list cards come back from PGlite as one JSON text a row and
 * from PostgreSQL column by column (shelf-rows.repository.ts `prepareShelfRead`): both must read a
 * product exactly as its columns hold it. The API tests run on both databases, so each way is
 * checked against drizzle's own reading of the same rows.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('the shelf reads', () => {
  it('read a product page and a list card as the columns hold them, times as dates', async () => {
    const { db } = ctx.database;
    const product = await createProduct(db, {
      title: 'Quokka Shelf Read Phone',
      brand: 'Quokka Shelf Brand',
      category: 'Quokka Shelf Phones',
      tags: ['bestseller', 'new-arrival'],
      colors: ['#101010', '#efefef'],
      description: '<p>Quotes " and \\ backslashes, ₹1,299 and ✓</p>',
    });
    await db
      .update(products)
      .set({
        totalRating: 4.3,
        ratingCount: 1,
        translations: { hi: { title: 'क्वोक्का फ़ोन "नया"', description: '<p>हिंदी ₹1,299</p>' } },
      })
      .where(eq(products.id, product.id));
    await db
      .update(brands)
      .set({ translations: { hi: { title: 'क्वोक्का' } } })
      .where(eq(brands.id, product.brandId));
    await setVariantFigures(ctx.database.db, product.id, { mrpPaise: 1_29_900 });
    const reviewer = await signUp(ctx.app);
    await db
      .insert(ratings)
      .values({ productId: product.id, userId: reviewer.id, star: 4, comment: 'Crisp "screen"' });

    const [columns] = await db.select().from(products).where(eq(products.id, product.id));
    const [brand] = await db.select().from(brands).where(eq(brands.id, product.brandId));
    const [category] = await db.select().from(categories).where(eq(categories.id, product.categoryId));
    const { hsnCode, gstRateBp, searchText, searchVector, searchTier, options, sizes, ...shelfFields } =
      columns!;
    const expected = {
      ...shelfFields,
      brand: brand!.title,
      category: category!.title,
      brandTranslations: { hi: { title: 'क्वोक्का' } },
      categoryTranslations: category!.translations,
      colors: [expect.objectContaining({ title: '#101010' }), expect.objectContaining({ title: '#efefef' })],
    };

    const [card] = await shelfPageRows(db, [product.id]);
    expect(card).toEqual(expected);
    expect(card!.createdAt).toBeInstanceOf(Date);
    expect(card!.archivedAt).toBeNull();

    for (const key of [product.id, product.slug]) {
      const [page] = await shelfProducts(db, [key]);
      expect(page).toEqual({
        ...expected,
        options: [],
        sizeChart: null,
        variants: [
          expect.objectContaining({
            sku: product.slug.toUpperCase(),
            price_paise: 99_900,
            mrp_paise: 1_29_900,
            quantity: 10,
          }),
        ],
        ratings: [
          expect.objectContaining({
            productId: product.id,
            userId: reviewer.id,
            star: 4,
            comment: 'Crisp "screen"',
            verifiedPurchase: false,
            firstname: reviewer.firstname,
            lastname: reviewer.lastname,
            createdAt: expect.any(Date),
          }),
        ],
      });
    }
  });
});
