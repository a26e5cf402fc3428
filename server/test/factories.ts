import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import {
  blogs,
  brands,
  categories,
  colors,
  productColors,
  products,
  productVariants,
  stockHolds,
} from '../db/schema.js';

/**
 * Small builders for test data, written straight to the database so tests do not depend on the
 * demo seed and each states only what it cares about.
 */
let counter = 0;
const nextId = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function ensureCategory(db: Database, title: string) {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await db.insert(categories).values({ title, slug }).onConflictDoNothing();
  const rows = await db.select().from(categories);
  return rows.find((c) => c.title === title)!;
}

export async function ensureBrand(db: Database, title: string) {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await db.insert(brands).values({ title, slug }).onConflictDoNothing();
  const rows = await db.select().from(brands);
  return rows.find((b) => b.title === title)!;
}

export async function ensureColor(db: Database, title: string, name = title) {
  await db.insert(colors).values({ title, name }).onConflictDoNothing();
  const rows = await db.select().from(colors);
  return rows.find((c) => c.title === title)!;
}

export type ProductSpec = {
  title?: string;
  slug?: string;
  brand?: string;
  category?: string;
  pricePaise?: number;
  quantity?: number;
  sold?: number;
  tags?: string[];
  colors?: string[];
  description?: string;
  createdAt?: Date;
};

export async function createProduct(db: Database, spec: ProductSpec = {}) {
  const id = nextId();
  const category = await ensureCategory(db, spec.category ?? 'Watches');
  const brand = await ensureBrand(db, spec.brand ?? 'Titan');
  const title = spec.title ?? `Test product ${id}`;
  const [product] = await db
    .insert(products)
    .values({
      title,
      slug: spec.slug ?? `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id}`,
      description: spec.description ?? '<p>A fine product.</p>',
      pricePaise: spec.pricePaise ?? 99_900,
      categoryId: category.id,
      brandId: brand.id,
      tags: spec.tags ?? [],
      quantity: spec.quantity ?? 10,
      sold: spec.sold ?? 0,
      images: [{ url: `/media/products/${id}-1.webp`, width: 800, height: 800, alt: title }],
      ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
    })
    .returning();
  const colorValues = spec.colors ?? ['#111111'];
  for (const [position, value] of colorValues.entries()) {
    const color = await ensureColor(db, value);
    await db.insert(productColors).values({ productId: product!.id, colorId: color.id, position });
  }
  const [variant] = await db
    .insert(productVariants)
    .values({
      productId: product!.id,
      sku: product!.slug.toUpperCase(),
      pricePaise: product!.pricePaise,
      quantity: product!.quantity,
      sold: product!.sold,
    })
    .returning({ id: productVariants.id });
  return { ...product!, variantId: variant!.id };
}

/**
 * Sets what a shopper pays and can buy of a product made by createProduct: its variants' price,
 * MRP or stock (the product row follows by trigger), as the console or a sale would.
 */
export async function setVariantFigures(
  db: Executor,
  productId: string,
  figures: { pricePaise?: number; mrpPaise?: number | null; quantity?: number; sold?: number },
) {
  await db.update(productVariants).set(figures).where(eq(productVariants.productId, productId));
}

export async function createBlog(
  db: Database,
  spec: { title?: string; description?: string; createdAt?: Date } = {},
) {
  const id = nextId();
  const title = spec.title ?? `Blog ${id}`;
  const [blog] = await db
    .insert(blogs)
    .values({
      title,
      slug: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id}`,
      description: spec.description ?? '<p>Words.</p>',
      ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
    })
    .returning();
  return blog!;
}

/** Makes every live stock hold lapse, as if its shopper had walked away for the hold's time. */
export async function lapseStockHolds(db: Database) {
  await db.update(stockHolds).set({ expiresAt: new Date(Date.now() - 60_000) });
}
