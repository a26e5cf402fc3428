import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../lib/html.js';
import { openTestDatabase } from '../../test/test-app.js';
import { countRows, type DatabaseHandle, queryRows } from '../client.js';
import type { ImageRef } from '../schema.js';
import { UNUSABLE_PASSWORD_HASH } from './catalogue-data.js';
import { seedDemo, seedDemoIfEmpty } from './demo-seed.js';
import { parseSeedArguments, UsageError } from './seed-arguments.js';
import { shelfPrice, topUpSyntheticCatalogue } from './synthetic-catalogue.js';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let dataDir: string;
const firstRunLog: string[] = [];
const quiet = { log: () => {} };

// The quick-start path seeds the empty database once; every test reads what it wrote.
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'seed-test-'));
  await seedDemoIfEmpty(database.db, { dataDir, log: (line) => firstRunLog.push(line) });
});
afterAll(async () => {
  await drop();
  await rm(dataDir, { recursive: true, force: true });
});

const mediaPath = (url: string) => path.join(dataDir, url.replace(/^\/media\//, 'media/'));

async function expectWebp(file: string, width: number, height: number): Promise<void> {
  expect(existsSync(file), `${file} exists`).toBe(true);
  const meta = await sharp(file).metadata();
  expect(meta.format).toBe('webp');
  expect([meta.width, meta.height]).toEqual([width, height]);
}

async function tableCounts(): Promise<Record<string, number>> {
  const tables = [
    'products',
    'brands',
    'categories',
    'colors',
    'product_colors',
    'users',
    'ratings',
    'blogs',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

type ProductRow = {
  id: string;
  slug: string;
  title: string;
  description: string;
  quantity: number;
  tags: string[];
  images: ImageRef[];
  total_rating: number;
  rating_count: number;
  created_at: string | Date;
  price_paise: number;
  mrp_paise: number | null;
};

const allProducts = () =>
  queryRows<ProductRow>(
    database.db,
    sql`select id, slug, title, description, quantity, tags, images, total_rating, rating_count,
               created_at, price_paise, mrp_paise
        from products`,
  );

describe(`demo seed (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('fills a catalogue that looks like a real shop', async () => {
    const counts = await tableCounts();
    expect(counts.products).toBeGreaterThanOrEqual(60);
    expect(counts.brands).toBeGreaterThanOrEqual(12);
    expect(counts.categories).toBe(8);
    expect(counts.colors).toBeGreaterThanOrEqual(12);
    expect(counts.blogs).toBeGreaterThanOrEqual(8);
    expect(firstRunLog).toEqual([expect.stringMatching(/^Demo catalogue ready: \d+ products \(\d+ new\)/)]);

    const products = await allProducts();
    for (const tag of ['featured', 'special', 'popular']) {
      expect(products.filter((p) => p.tags.includes(tag)).length, tag).toBeGreaterThanOrEqual(8);
    }
    expect(products.filter((p) => p.tags.length === 0).length).toBeGreaterThan(0);
    expect(products.filter((p) => p.quantity === 0).length).toBeGreaterThanOrEqual(3);
    expect(products.filter((p) => p.quantity >= 1 && p.quantity <= 3).length).toBeGreaterThanOrEqual(3);
    expect(
      products.filter((p) => p.mrp_paise !== null && p.mrp_paise > p.price_paise).length,
    ).toBeGreaterThan(20);
    expect(products.every((p) => Number.isInteger(p.price_paise) && p.price_paise > 0)).toBe(true);
    expect(products.every((p) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(p.slug))).toBe(true);

    const dates = products.map((p) => new Date(p.created_at).getTime());
    expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(90 * 24 * 60 * 60 * 1000);
  });

  it('names categories without "&", which clients that do not encode query values split', async () => {
    const rows = await queryRows<{ title: string; slug: string }>(
      database.db,
      sql`select title, slug from categories order by title`,
    );
    expect(rows.map((r) => r.title)).toContain('Music and Gaming');
    expect(rows.filter((r) => /[&?#=+%]/.test(r.title))).toEqual([]);
    const used = await queryRows<{ title: string; n: number }>(
      database.db,
      sql`select c.title, count(p.id)::int as n from categories c left join products p on p.category_id = c.id
          group by c.title`,
    );
    expect(used.every((c) => c.n > 0)).toBe(true);
  });

  it('sells apparel in sizes, shoes in UK sizes and phones in storage, stock spread over them', async () => {
    const rows = await queryRows<{
      title: string;
      options: { name: string }[];
      variants: number;
      held: number;
      quantity: number;
      skus: number;
    }>(
      database.db,
      sql`select p.title, p.options, p.quantity, count(v.id)::int as variants,
            coalesce(sum(v.quantity), 0)::int as held, count(distinct lower(v.sku))::int as skus
          from products p join product_variants v on v.product_id = p.id
          group by p.id`,
    );
    const byTitle = new Map(rows.map((row) => [row.title, row]));
    const tee = byTitle.get("Levi's Men's Housemark Crew Neck T-Shirt")!;
    expect(tee.options.map((o) => o.name)).toEqual(['Colour', 'Size']);
    expect(tee.variants).toBe(3 * 5);
    expect(byTitle.get('Adidas Ultraboost Light Running Shoes')!.variants).toBe(6);
    expect(byTitle.get('Apple iPhone 15 (128GB)')!.options.map((o) => o.name)).toEqual(['Colour', 'Storage']);
    for (const row of rows) {
      // The product's stock is its variants' sum, and every variant has its own SKU.
      expect(row.held, row.title).toBe(row.quantity);
      expect(row.skus, row.title).toBe(row.variants);
    }
    expect(rows.filter((row) => row.variants > 1).length).toBeGreaterThanOrEqual(9);
    const [fashion] = await queryRows<{ size_chart: { columns: string[] } | null }>(
      database.db,
      sql`select size_chart from categories where title = 'Fashion'`,
    );
    expect(fashion!.size_chart?.columns[0]).toBe('Size');
  });

  it('gives every product one to four colours in order', async () => {
    const rows = await queryRows<{ n: number; positions: number[] }>(
      database.db,
      sql`select count(pc.color_id)::int as n, array_agg(pc.position order by pc.position) as positions
          from products p left join product_colors pc on pc.product_id = p.id group by p.id`,
    );
    for (const row of rows) {
      expect(row.n).toBeGreaterThanOrEqual(1);
      expect(row.n).toBeLessThanOrEqual(4);
      expect(row.positions.map(Number)).toEqual([...Array(row.n).keys()]);
    }
    const colorRows = await queryRows<{ title: string; name: string }>(
      database.db,
      sql`select title, name from colors`,
    );
    expect(colorRows.every((c) => /^#[0-9a-f]{6}$/.test(c.title) && c.name.length > 0)).toBe(true);
  });

  it('writes sanitized descriptions with a paragraph and a spec list', async () => {
    for (const product of await allProducts()) {
      expect(product.description).toMatch(
        /^<p>.+<\/p><h3>Key specifications<\/h3><ul>(<li>.+<\/li>)+<\/ul>$/,
      );
      expect(sanitizeRichText(product.description)).toBe(product.description);
    }
    const blogs = await queryRows<{ description: string; images: ImageRef[] }>(
      database.db,
      sql`select description, images from blogs`,
    );
    for (const blog of blogs) {
      const words = blog.description
        .replace(/<[^>]+>/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length;
      expect(words).toBeGreaterThanOrEqual(300);
      expect(words).toBeLessThanOrEqual(600);
      expect(sanitizeRichText(blog.description)).toBe(blog.description);
    }
  });

  it('renders two 800px WebP pictures per product, with 400px copies', async () => {
    const products = await allProducts();
    await Promise.all(
      products.map(async (product) => {
        expect(product.images).toHaveLength(2);
        for (const image of product.images) {
          expect(image.url).toMatch(/^\/media\/products\/[a-z0-9-]+-[12]\.webp$/);
          expect(image).toMatchObject({ width: 800, height: 800, alt: product.title });
          await expectWebp(mediaPath(image.url), 800, 800);
          await expectWebp(mediaPath(image.url.replace(/\.webp$/, '-400.webp')), 400, 400);
        }
      }),
    );
  });

  it('renders brand logos and blog covers', async () => {
    const brands = await queryRows<{ logo: ImageRef | null }>(database.db, sql`select logo from brands`);
    for (const { logo } of brands) {
      expect(logo?.url).toMatch(/^\/media\/brands\/[a-z0-9-]+\.webp$/);
      await expectWebp(mediaPath(logo!.url), logo!.width!, logo!.height!);
    }
    const blogs = await queryRows<{ images: ImageRef[] }>(database.db, sql`select images from blogs`);
    for (const { images } of blogs) {
      expect(images[0]).toMatchObject({ width: 1200, height: 630 });
      await expectWebp(mediaPath(images[0]!.url), 1200, 630);
      await expectWebp(mediaPath(images[0]!.url.replace(/\.webp$/, '-600.webp')), 600, 315);
    }
  });

  it('keeps totalRating and ratingCount equal to the mean and count of the ratings', async () => {
    const rows = await queryRows<{
      total_rating: number;
      rating_count: number;
      mean: number | null;
      n: number;
    }>(
      database.db,
      sql`select p.total_rating, p.rating_count, avg(r.star)::float as mean, count(r.id)::int as n
          from products p left join ratings r on r.product_id = p.id group by p.id`,
    );
    expect(rows.filter((r) => r.n > 0).length).toBeGreaterThan(30);
    for (const row of rows) {
      expect(row.rating_count).toBe(row.n);
      expect(Number(row.total_rating)).toBeCloseTo(row.mean ?? 0, 1);
    }
  });

  it('creates reviewers nobody can sign in as', async () => {
    const reviewers = await queryRows<{ email: string; mobile: string; password_hash: string }>(
      database.db,
      sql`select email, mobile, password_hash from users where email like '%@demo.bharatbazaar.in'`,
    );
    expect(reviewers.length).toBeGreaterThanOrEqual(8);
    for (const reviewer of reviewers) {
      expect(reviewer.password_hash).toBe(UNUSABLE_PASSWORD_HASH);
      expect(reviewer.mobile).toMatch(/^[6-9]\d{9}$/);
    }
  });

  it('writes every demo product, category, brand, colour and blog post in Hindi too', async () => {
    const devanagari = /[\u0900-\u097f]/;
    const products = await queryRows<{
      title: string;
      category: string;
      hi: { title?: string; description?: string };
    }>(
      database.db,
      sql`select p.title, c.title as category, p.translations -> 'hi' as hi
          from products p join categories c on c.id = p.category_id`,
    );
    expect(products.length).toBeGreaterThan(60);
    for (const product of products) {
      expect(product.hi?.title, product.title).toMatch(devanagari);
      expect(product.hi!.description).toMatch(/^<p>.+<\/p><h3>मुख्य विशेषताएँ<\/h3><ul>(<li>.+<\/li>)+<\/ul>$/);
      expect(product.hi!.description!.replace(/<[^>]+>/g, '')).toMatch(devanagari);
      expect(sanitizeRichText(product.hi!.description!)).toBe(product.hi!.description);
    }
    // The words shoppers type find what they mean.
    const hindiTitles = (match: RegExp) =>
      products.filter((p) => match.test(p.title)).map((p) => p.hi.title!);
    for (const [english, hindi] of [
      [/Watch\b|Smartwatch/, 'घड़ी'],
      [/Shoes|Sneakers/, 'जूते'],
      [/\bTV\b/, 'टीवी'],
      [/Washing Machine/, 'वॉशिंग मशीन'],
      [/Refrigerator/, 'फ़्रिज'],
      [/Laptop|MacBook/, 'लैपटॉप'],
      [/Camera\b/, 'कैमरा'],
      [/T-Shirt/, 'टी-शर्ट'],
    ] as const) {
      const titles = hindiTitles(english);
      expect(titles.length, String(english)).toBeGreaterThan(0);
      for (const title of titles) expect(title).toContain(hindi);
    }

    for (const table of ['categories', 'brands', 'blogs'] as const) {
      const rows = await queryRows<{ title: string; hi: string | null }>(
        database.db,
        sql`select title, translations -> 'hi' ->> 'title' as hi from ${sql.identifier(table)}`,
      );
      for (const row of rows) expect(row.hi, `${table}: ${row.title}`).toBeTruthy();
    }
    expect(
      await queryRows(
        database.db,
        sql`select title from categories where translations -> 'hi' ->> 'title' = 'घड़ियाँ'`,
      ),
    ).toEqual([{ title: 'Watches' }]);
    const colours = await queryRows<{ name: string; hi: string | null }>(
      database.db,
      sql`select name, translations -> 'hi' ->> 'name' as hi from colors`,
    );
    for (const colour of colours) expect(colour.hi, colour.name).toMatch(devanagari);
    const posts = await queryRows<{ hi: { title: string; description: string } }>(
      database.db,
      sql`select translations -> 'hi' as hi from blogs`,
    );
    for (const post of posts) {
      expect(
        post.hi.description
          .replace(/<[^>]+>/g, ' ')
          .split(/\s+/)
          .filter(Boolean).length,
      ).toBeGreaterThan(60);
      expect(sanitizeRichText(post.hi.description)).toBe(post.hi.description);
    }

    // The size chart's headings in Hindi, its cells as in English, row for row.
    const [fashion] = await queryRows<{
      size_chart: { columns: string[]; rows: string[][] };
      hi: { columns: string[]; rows: string[][] };
    }>(
      database.db,
      sql`select size_chart, translations -> 'hi' -> 'sizeChart' as hi from categories where title = 'Fashion'`,
    );
    expect(fashion!.hi.columns).toEqual(['साइज़', 'छाती (सेमी)', 'लंबाई (सेमी)', 'जूते (UK)', 'पैर (सेमी)']);
    expect(fashion!.hi.rows).toEqual(fashion!.size_chart.rows);
  });

  it("gives Hindi to demo rows seeded before it had any, and leaves a row's own Hindi alone", async () => {
    await database.db.execute(
      sql`update products set translations = '{}' where slug = 'bajaj-rex-500w-mixer-grinder-with-3-jars'`,
    );
    await database.db.execute(
      sql`update products set translations = '{"hi": {"title": "मेरा मिक्सर"}}' where slug = 'philips-hl7756-750w-mixer-grinder-with-3-jars'`,
    );
    await database.db.execute(sql`update brands set translations = '{}' where title = 'Bajaj'`);
    await database.db.execute(sql`update colors set translations = '{}' where name = 'Teal'`);
    await seedDemo(database.db, { dataDir, ...quiet });
    const rows = await queryRows<{ slug: string; hi: string }>(
      database.db,
      sql`select slug, translations -> 'hi' ->> 'title' as hi from products where slug like '%mixer-grinder%' order by slug`,
    );
    expect(rows).toEqual([
      { slug: 'bajaj-rex-500w-mixer-grinder-with-3-jars', hi: 'बजाज रेक्स 500 वॉट मिक्सर ग्राइंडर, 3 जार के साथ' },
      { slug: 'philips-hl7756-750w-mixer-grinder-with-3-jars', hi: 'मेरा मिक्सर' },
    ]);
    expect(
      await queryRows(
        database.db,
        sql`select translations -> 'hi' ->> 'title' as hi from brands where title = 'Bajaj'`,
      ),
    ).toEqual([{ hi: 'बजाज' }]);
    expect(
      await queryRows(
        database.db,
        sql`select translations -> 'hi' ->> 'name' as hi from colors where name = 'Teal'`,
      ),
    ).toEqual([{ hi: 'हरा-नीला' }]);
  });

  it('adds nothing the second time and renders no image that exists', async () => {
    const before = await tableCounts();
    const again = await seedDemo(database.db, { dataDir, ...quiet });
    expect(await tableCounts()).toEqual(before);
    expect(again).toMatchObject({ productsAdded: 0, ratingsAdded: 0, blogsAdded: 0, imagesRendered: 0 });
  });

  it('renames the demo categories it once named with "&", keeping their products', async () => {
    const before = await tableCounts();
    // A database seeded before the rename.
    await database.db.execute(
      sql`update categories set title = 'Music & Gaming', slug = 'music-gaming' where title = 'Music and Gaming'`,
    );
    await seedDemo(database.db, { dataDir, ...quiet });
    expect(await tableCounts()).toEqual(before);
    const rows = await queryRows<{ title: string; slug: string; n: number }>(
      database.db,
      sql`select c.title, c.slug, count(p.id)::int as n from categories c
          left join products p on p.category_id = c.id
          where c.title like 'Music%' group by c.title, c.slug`,
    );
    expect(rows).toEqual([{ title: 'Music and Gaming', slug: 'music-and-gaming', n: expect.any(Number) }]);
    expect(rows[0]!.n).toBeGreaterThan(5);
  });

  it('regenerates image files missing from a fresh data folder', async () => {
    const [product] = await allProducts();
    const file = mediaPath(product!.images[0]!.url);
    await rm(file);
    const again = await seedDemo(database.db, { dataDir, ...quiet });
    expect(again.imagesRendered).toBe(1);
    await expectWebp(file, 800, 800);
  });

  it('seedDemoIfEmpty leaves a seeded shop alone', async () => {
    const before = await tableCounts();
    const lines: string[] = [];
    await seedDemoIfEmpty(database.db, { dataDir, log: (line) => lines.push(line) });
    expect(await tableCounts()).toEqual(before);
    expect(lines).toEqual([]);
  });

  it('tops the catalogue up with synthetic products, once', async () => {
    const progress: number[] = [];
    const result = await topUpSyntheticCatalogue(database.db, {
      target: 1500,
      batchSize: 500,
      onProgress: (added) => progress.push(added),
    });
    expect(result.total).toBe(1500);
    expect(await countRows(database.db, 'products')).toBe(1500);
    expect(progress.at(-1)).toBe(result.added);

    const orphans = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from products p
          where not exists (select 1 from product_colors pc where pc.product_id = p.id)`,
    );
    expect(orphans[0]!.n).toBe(0);
    const samples = await queryRows<ProductRow>(
      database.db,
      sql`select slug, title, images, price_paise, search_text from products where title like '%(Model %' limit 50`,
    );
    expect(samples.length).toBe(50);
    // Three in five are in Hindi too, with the same model number.
    const hindi = await queryRows<{ title: string; hi: string | null }>(
      database.db,
      sql`select title, translations -> 'hi' ->> 'title' as hi from products where title like '%(Model %'`,
    );
    const share = hindi.filter((row) => row.hi).length / hindi.length;
    expect(share).toBeGreaterThan(0.55);
    expect(share).toBeLessThan(0.65);
    for (const row of hindi.filter((r) => r.hi)) {
      expect(row.hi).toMatch(/[\u0900-\u097f]/);
      expect(/\(मॉडल (\w+-\d+)\)$/.exec(row.hi!)?.[1]).toBe(/\(Model (\w+-\d+)\)$/.exec(row.title)?.[1]);
    }
    for (const sample of samples) {
      expect(sample.title).toMatch(/^\S.+ \(Model [A-Z]{2}-\d+\)$/);
      expect(sample.images.every((image) => existsSync(mediaPath(image.url)))).toBe(true);
      expect(sample.images[0]!.alt).toBe(sample.title);
    }

    expect(await topUpSyntheticCatalogue(database.db, { target: 1500 })).toEqual({ added: 0, total: 1500 });
    expect(await topUpSyntheticCatalogue(database.db, { target: 100 })).toEqual({ added: 0, total: 1500 });
  });
});

describe('seed helpers', () => {
  it('prices like an Indian shelf label', () => {
    expect(shelfPrice(812)).toBe(799);
    expect(shelfPrice(1310)).toBe(1499);
    expect(shelfPrice(42_700)).toBe(42_990);
  });

  it('reads --products N in either form and rejects nonsense', () => {
    expect(parseSeedArguments([])).toEqual({});
    expect(parseSeedArguments(['--products', '100000'])).toEqual({ products: 100_000 });
    expect(parseSeedArguments(['--products=1_500'])).toEqual({ products: 1500 });
    expect(() => parseSeedArguments(['--products', 'lots'])).toThrow(UsageError);
    expect(() => parseSeedArguments(['--products', '-5'])).toThrow(UsageError);
    expect(() => parseSeedArguments(['--colour'])).toThrow(UsageError);
  });
});
