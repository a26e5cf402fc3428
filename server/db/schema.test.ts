import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.js';
import { type DatabaseHandle, queryRows } from './client.js';
import {
  brands,
  cartLines,
  categories,
  colors,
  products,
  productVariants,
  ratings,
  users,
} from './schema.js';

let database: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await drop();
});

/** Drizzle wraps driver errors; the PostgreSQL error code sits on the cause. */
async function pgErrorCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
  return undefined;
}

async function makeProduct(overrides: Partial<typeof products.$inferInsert> = {}) {
  const db = database.db;
  const suffix = Math.random().toString(36).slice(2, 8);
  const [category] = await db
    .insert(categories)
    .values({ title: `Cat ${suffix}`, slug: `cat-${suffix}` })
    .returning();
  const [brand] = await db
    .insert(brands)
    .values({ title: `Brand ${suffix}`, slug: `brand-${suffix}` })
    .returning();
  const [product] = await db
    .insert(products)
    .values({
      slug: `p-${suffix}`,
      title: `Product ${suffix}`,
      pricePaise: 49_900,
      categoryId: category!.id,
      brandId: brand!.id,
      quantity: 5,
      ...overrides,
    })
    .returning();
  const [variant] = await db
    .insert(productVariants)
    .values({
      productId: product!.id,
      sku: `P-${suffix}`,
      pricePaise: product!.pricePaise,
      quantity: product!.quantity,
    })
    .returning();
  return { ...product!, variantId: variant!.id };
}

async function makeUser(email: string, mobile: string) {
  const [user] = await database.db
    .insert(users)
    .values({ firstname: 'Asha', lastname: 'Rao', email, mobile, passwordHash: 'x' })
    .returning();
  return user!;
}

describe(`schema constraints (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('runs the trigram extension the search index needs', async () => {
    const rows = await queryRows<{ s: number }>(
      database.db,
      sql`select similarity('samsng', 'samsung') as s`,
    );
    expect(Number(rows[0]?.s)).toBeGreaterThan(0.3);
  });

  it('rejects negative stock, negative sold counts and negative prices', async () => {
    expect(await pgErrorCode(makeProduct({ quantity: -1 }))).toBe('23514');
    expect(await pgErrorCode(makeProduct({ sold: -1 }))).toBe('23514');
    expect(await pgErrorCode(makeProduct({ pricePaise: -100 }))).toBe('23514');
  });

  it('never lets a stock decrement go below zero', async () => {
    const product = await makeProduct({ quantity: 1 });
    const update = database.db.execute(
      sql`update products set quantity = quantity - 2 where id = ${product.id}`,
    );
    expect(await pgErrorCode(update)).toBe('23514');
  });

  it('rejects a duplicate e-mail and a duplicate mobile', async () => {
    await makeUser('asha@example.in', '9876543210');
    expect(await pgErrorCode(makeUser('asha@example.in', '9876543211'))).toBe('23505');
    expect(await pgErrorCode(makeUser('other@example.in', '9876543210'))).toBe('23505');
  });

  it('keeps cart quantities within 1..10 and one line per variant', async () => {
    const product = await makeProduct();
    const user = await makeUser('cart@example.in', '9876500000');
    const [color] = await database.db.insert(colors).values({ title: '#000000', name: 'Black' }).returning();
    const line = {
      userId: user.id,
      productId: product.id,
      variantId: product.variantId,
      colorId: color!.id,
      pricePaise: 49_900,
    };
    expect(await pgErrorCode(database.db.insert(cartLines).values({ ...line, quantity: 11 }))).toBe('23514');
    expect(await pgErrorCode(database.db.insert(cartLines).values({ ...line, quantity: 0 }))).toBe('23514');
    await database.db.insert(cartLines).values({ ...line, quantity: 2 });
    expect(await pgErrorCode(database.db.insert(cartLines).values({ ...line, quantity: 1 }))).toBe('23505');
  });

  it('allows one review per customer and product, with stars 1..5 in half steps', async () => {
    const product = await makeProduct();
    const user = await makeUser('review@example.in', '9876511111');
    const review = { productId: product.id, userId: user.id, comment: 'Good' };
    expect(await pgErrorCode(database.db.insert(ratings).values({ ...review, star: 6 }))).toBe('23514');
    expect(await pgErrorCode(database.db.insert(ratings).values({ ...review, star: 0.5 }))).toBe('23514');
    expect(await pgErrorCode(database.db.insert(ratings).values({ ...review, star: 3.25 }))).toBe('23514');
    await database.db.insert(ratings).values({ ...review, star: 4.5 });
    expect(await pgErrorCode(database.db.insert(ratings).values({ ...review, star: 5 }))).toBe('23505');
  });

  it('refuses a cart line for a product that does not exist', async () => {
    const user = await makeUser('fk@example.in', '9876522222');
    const [color] = await database.db.insert(colors).values({ title: '#ffffff', name: 'White' }).returning();
    const insert = database.db.insert(cartLines).values({
      userId: user.id,
      productId: '00000000-0000-0000-0000-000000000000',
      variantId: '00000000-0000-0000-0000-000000000000',
      colorId: color!.id,
      quantity: 1,
      pricePaise: 100,
    });
    expect(await pgErrorCode(insert)).toBe('23503');
  });
});
