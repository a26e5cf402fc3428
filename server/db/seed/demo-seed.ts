import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { sanitizeRichText } from '../../lib/html.js';
import { copyFolderToBucket } from '../../modules/media/copy-to-bucket.js';
import type { BucketMediaStorage } from '../../modules/media/media-storage.js';
import { countRows, type Database, type Executor } from '../client.js';
import {
  blogCategories,
  blogs,
  brands,
  categories,
  colors,
  productColors,
  products,
  ratings,
  users,
} from '../schema.js';
import { blogCoverJob, blogCoverRef } from './blog-covers.js';
import { blogPostDefs } from './blog-posts.js';
import { brandLogoJob, brandLogoRef } from './brand-logos.js';
import {
  brandDefs,
  categoryTitles,
  colorDefs,
  type DemoProduct,
  demoProducts,
  formerCategoryTitles,
  reviewComments,
  reviewerDefs,
  reviewerEmail,
  UNUSABLE_PASSWORD_HASH,
} from './catalogue-data.js';
import { ensureDemoPincodes } from './demo-pincodes.js';
import { ensureDemoShipping } from './demo-shipping.js';
import { ensureDemoTaxClasses } from './demo-tax.js';
import {
  demoBlogHindi,
  demoBrandHindi,
  demoCategoryHindi,
  demoProductHindi,
  fillDemoColorTranslations,
  fillDemoTranslations,
  seedDemoSizeChartHindi,
} from './demo-translations.js';
import { seedDemoSizeChart, seedDemoVariants } from './demo-variants.js';
import { ensureMediaFiles, type MediaJob } from './media-files.js';
import { productDescriptionHtml } from './product-description.js';
import { productImageJobs, productImageRefs } from './product-images.js';
import { addMissingVariants } from './seed-variants.js';
import { createRandom, type Random, toSlug } from './seeded-random.js';

export type SeedOptions = {
  dataDir: string;
  log: (line: string) => void;
  /** MEDIA_STORAGE=s3: the rendered pictures are copied here too (those not there yet). */
  bucket?: BucketMediaStorage | undefined;
};

export type SeedSummary = {
  /** Rows in the products table after seeding (demo and any others). */
  products: number;
  productsAdded: number;
  brands: number;
  categories: number;
  colors: number;
  reviewers: number;
  ratingsAdded: number;
  blogsAdded: number;
  pincodesAdded: number;
  imagesRendered: number;
  /** Pictures copied into the bucket (MEDIA_STORAGE=s3); undefined with the local folder. */
  imagesToBucket?: number;
  seconds: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Quick start: seeds a brand-new shop, and costs one count query on every later start. */
export async function seedDemoIfEmpty(db: Database, options: SeedOptions): Promise<void> {
  if ((await countRows(db, 'products')) > 0) return;
  const summary = await seedDemo(db, options);
  options.log(describeSeedSummary(summary));
}

export function describeSeedSummary(s: SeedSummary): string {
  return `Demo catalogue ready: ${s.products.toLocaleString('en-IN')} products (${s.productsAdded} new), ${s.brands} brands, ${s.categories} categories, ${s.blogsAdded} new blog posts, ${s.ratingsAdded} new ratings, ${s.pincodesAdded} new delivery pincodes, ${s.imagesRendered} images rendered${s.imagesToBucket === undefined ? '' : ` (${s.imagesToBucket} files copied to the bucket)`} in ${s.seconds.toFixed(1)} s.`;
}

/**
 * Writes the demo catalogue. Safe to run any number of times: rows are keyed by slug, title or
 * e-mail and an existing row is never overwritten (a shop owner's price or stock edits survive),
 * and image files are rendered only when missing (a fresh DATA_DIR next to an existing database).
 */
export async function seedDemo(db: Database, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const counts = await db.transaction(async (tx) => {
    const categoryIds = await ensureCategories(tx);
    const brandIds = await ensureBrands(tx);
    const colorIds = await ensureColors(tx);
    const newProducts = await insertDemoProducts(tx, categoryIds, brandIds);
    await linkProductColors(tx, newProducts, colorIds);
    await addMissingVariants(tx);
    await seedDemoVariants(tx, newProducts, colorIds);
    await seedDemoSizeChart(tx, newProducts);
    await seedDemoSizeChartHindi(tx);
    await ensureDemoTaxClasses(tx);
    const reviewerIds = await ensureReviewers(tx);
    const ratingsAdded = await insertDemoRatings(tx, newProducts, reviewerIds);
    await refreshRatingTotals(tx, [...newProducts.values()]);
    const blogsAdded = await insertBlogs(tx);
    await fillDemoTranslations(tx);
    const pincodesAdded = await ensureDemoPincodes(tx);
    await ensureDemoShipping(tx);
    return {
      productsAdded: newProducts.size,
      brands: brandIds.size,
      categories: categoryIds.size,
      colors: colorIds.size,
      reviewers: reviewerIds.length,
      ratingsAdded,
      blogsAdded,
      pincodesAdded,
    };
  });
  const mediaDir = path.join(options.dataDir, 'media');
  const imagesRendered = await ensureMediaFiles(mediaDir, demoMediaJobs());
  // Rendered into the local folder first (it is the render cache: a re-run renders nothing),
  // then copied to the bucket the shop reads them from.
  const copied = options.bucket ? await copyFolderToBucket(mediaDir, options.bucket) : undefined;
  return {
    ...counts,
    products: await countRows(db, 'products'),
    imagesRendered,
    ...(copied ? { imagesToBucket: copied.copied } : {}),
    seconds: (performance.now() - started) / 1000,
  };
}

export function demoProductSlug(product: DemoProduct): string {
  return toSlug(product.title);
}

function demoMediaJobs(): MediaJob[] {
  return [
    ...demoProducts.flatMap((product) =>
      productImageJobs(demoProductSlug(product), product.kind, colorHex(product.colors[0]!)),
    ),
    ...brandDefs.map((brand) => brandLogoJob(toSlug(brand.title), brand.title, brand.color, brand.logo)),
    ...blogPostDefs.map((post) => blogCoverJob(toSlug(post.title), post.cover)),
  ];
}

function colorHex(name: string): string {
  const color = colorDefs.find((c) => c.name === name);
  if (!color) throw new Error(`Unknown demo colour "${name}"`);
  return color.hex;
}

/** Maps each title to its id, whether the row was just inserted or already there. */
async function idsByTitle(
  tx: Executor,
  table: typeof categories | typeof brands | typeof colors,
  titles: readonly string[],
): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: table.id, title: table.title })
    .from(table)
    .where(inArray(table.title, [...titles]));
  return new Map(rows.map((row) => [row.title, row.id]));
}

async function ensureCategories(tx: Executor): Promise<Map<string, string>> {
  // Only the exact old demo title, and only while the new one is free: a category the shop owner
  // created or renamed is theirs. The products follow (they point at the category's id).
  for (const [former, title] of formerCategoryTitles) {
    await tx.execute(sql`
      update ${categories} set title = ${title}, slug = ${toSlug(title)}
      where title = ${former}
        and not exists (select 1 from ${categories} c where c.title = ${title} or c.slug = ${toSlug(title)})`);
  }
  const rows = categoryTitles.map((title) => ({
    title,
    slug: toSlug(title),
    translations: demoCategoryHindi(title),
  }));
  await tx.insert(categories).values(rows).onConflictDoNothing();
  return idsByTitle(tx, categories, categoryTitles);
}

async function ensureBrands(tx: Executor): Promise<Map<string, string>> {
  const rows = brandDefs.map((brand) => ({
    title: brand.title,
    slug: toSlug(brand.title),
    logo: brandLogoRef(toSlug(brand.title), brand.title),
    translations: demoBrandHindi(brand.title),
  }));
  // A brand created by hand before the seed ran gets a logo, but never loses the one it has.
  await tx
    .insert(brands)
    .values(rows)
    .onConflictDoUpdate({ target: brands.slug, set: { logo: sql`coalesce(${brands.logo}, excluded.logo)` } });
  return idsByTitle(
    tx,
    brands,
    brandDefs.map((b) => b.title),
  );
}

/** Colours are keyed by their CSS value (colors.title), which the swatches and cart lines use. */
async function ensureColors(tx: Executor): Promise<Map<string, string>> {
  await tx
    .insert(colors)
    .values(colorDefs.map((c) => ({ title: c.hex, name: c.name })))
    .onConflictDoNothing();
  await fillDemoColorTranslations(tx, colorDefs);
  const byHex = await idsByTitle(
    tx,
    colors,
    colorDefs.map((c) => c.hex),
  );
  return new Map(colorDefs.flatMap((c) => (byHex.has(c.hex) ? [[c.name, byHex.get(c.hex)!] as const] : [])));
}

/** createdAt spread over the last six months, stable for a given product. */
function demoCreatedAt(slug: string, now: number): Date {
  const random = createRandom(`created:${slug}`);
  return new Date(now - random.int(2, 180) * DAY_MS - random.int(0, 23) * 60 * 60 * 1000);
}

/** Inserts the demo products that are missing; returns the new ones (definition -> id). */
async function insertDemoProducts(
  tx: Executor,
  categoryIds: Map<string, string>,
  brandIds: Map<string, string>,
): Promise<Map<DemoProduct, string>> {
  const now = Date.now();
  const rows = demoProducts.map((product) => {
    const slug = demoProductSlug(product);
    return {
      slug,
      title: product.title,
      description: productDescriptionHtml(product.blurb, product.specs),
      translations: demoProductHindi(product),
      pricePaise: product.price * 100,
      mrpPaise: product.mrp ? product.mrp * 100 : null,
      categoryId: requireId(categoryIds, product.category, 'category'),
      brandId: requireId(brandIds, product.brand, 'brand'),
      tags: product.tags ?? [],
      quantity: product.quantity,
      sold: product.sold,
      images: productImageRefs(slug, product.title),
      createdAt: demoCreatedAt(slug, now),
    };
  });
  const inserted = await tx
    .insert(products)
    .values(rows)
    .onConflictDoNothing({ target: products.slug })
    .returning({ id: products.id, slug: products.slug });
  const idBySlug = new Map(inserted.map((row) => [row.slug, row.id]));
  return new Map(
    demoProducts.flatMap((p) =>
      idBySlug.has(demoProductSlug(p)) ? [[p, idBySlug.get(demoProductSlug(p))!]] : [],
    ),
  );
}

function requireId(ids: Map<string, string>, title: string, what: string): string {
  const id = ids.get(title);
  if (!id) throw new Error(`Demo ${what} "${title}" is missing from the database`);
  return id;
}

/** Only new products get colours and ratings: an owner's later edits to old ones are kept. */
async function linkProductColors(
  tx: Executor,
  newProducts: Map<DemoProduct, string>,
  colorIds: Map<string, string>,
): Promise<void> {
  const rows = [...newProducts].flatMap(([product, productId]) =>
    product.colors.map((name, position) => ({
      productId,
      colorId: requireId(colorIds, name, 'colour'),
      position,
    })),
  );
  if (rows.length > 0) await tx.insert(productColors).values(rows).onConflictDoNothing();
}

async function ensureReviewers(tx: Executor): Promise<string[]> {
  const emails = reviewerDefs.map((_, i) => reviewerEmail(i));
  await tx
    .insert(users)
    .values(
      reviewerDefs.map((r, i) => ({
        firstname: r.firstname,
        lastname: r.lastname,
        email: emails[i]!,
        mobile: r.mobile,
        passwordHash: UNUSABLE_PASSWORD_HASH,
      })),
    )
    // A real customer may already own one of these mobiles; that reviewer is then simply skipped.
    .onConflictDoNothing();
  const rows = await tx.select({ id: users.id }).from(users).where(inArray(users.email, emails));
  return rows.map((row) => row.id);
}

/** Each product has its own "quality", so ratings cluster the way real ones do. */
function demoStars(random: Random, quality: number): 1 | 2 | 3 | 4 | 5 {
  const star = Math.round(quality + (random.next() - 0.5) * 2.2);
  return Math.min(5, Math.max(1, star)) as 1 | 2 | 3 | 4 | 5;
}

async function insertDemoRatings(
  tx: Executor,
  newProducts: Map<DemoProduct, string>,
  reviewerIds: string[],
): Promise<number> {
  const now = Date.now();
  const rows = [...newProducts].flatMap(([product, productId]) => {
    const slug = demoProductSlug(product);
    const random = createRandom(`ratings:${slug}`);
    if (reviewerIds.length === 0 || random.chance(0.25)) return [];
    const quality = 3.2 + random.next() * 1.7;
    const listedAt = demoCreatedAt(slug, now).getTime();
    return random.sample(reviewerIds, random.int(1, 6)).map((userId) => {
      const star = demoStars(random, quality);
      return {
        productId,
        userId,
        star,
        comment: random.pick(reviewComments[star]),
        verifiedPurchase: random.chance(0.7),
        // Reviews come after the listing date, never before it.
        createdAt: new Date(listedAt + random.next() * (now - listedAt)),
      };
    });
  });
  if (rows.length === 0) return 0;
  const inserted = await tx.insert(ratings).values(rows).onConflictDoNothing().returning({ id: ratings.id });
  return inserted.length;
}

/** products.totalRating is the mean star (one decimal) and ratingCount the count, as the review service keeps them. */
export async function refreshRatingTotals(tx: Executor, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  const ids = sql.join(
    productIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`
    update products p
    set total_rating = s.mean, rating_count = s.n
    from (
      select product_id, round(avg(star)::numeric, 1)::real as mean, count(*)::int as n
      from ratings where product_id in (${ids}) group by product_id
    ) s
    where p.id = s.product_id`);
}

async function insertBlogs(tx: Executor): Promise<number> {
  const now = Date.now();
  const rows = blogPostDefs.map((post) => {
    const slug = toSlug(post.title);
    return {
      slug,
      title: post.title,
      description: sanitizeRichText(post.body),
      translations: demoBlogHindi(post),
      category: post.category,
      author: post.author,
      images: [blogCoverRef(slug, post.title)],
      createdAt: new Date(now - post.daysAgo * DAY_MS),
    };
  });
  const inserted = await tx
    .insert(blogs)
    .values(rows)
    .onConflictDoNothing({ target: blogs.slug })
    .returning({ id: blogs.id });
  // The console's blog categories: a post can only be saved in one of them.
  await tx
    .insert(blogCategories)
    .values([...new Set(blogPostDefs.map((post) => post.category))].map((title) => ({ title })))
    .onConflictDoNothing();
  return inserted.length;
}
