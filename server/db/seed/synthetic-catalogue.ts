import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { countRows, type Database, type Executor, queryRows } from '../client.js';
import {
  brands,
  categories,
  colors,
  type ImageRef,
  type ProductTag,
  type ProductTranslation,
  type Translations,
} from '../schema.js';
import { colorDefs, demoProducts } from './catalogue-data.js';
import { brandTitlesHindi } from './catalogue-hindi.js';
import { demoProductSlug } from './demo-seed.js';
import {
  hindiParagraphHtml,
  hindiSpecificationsHtml,
  productDescriptionHtml,
} from './product-description.js';
import { productImageRefs } from './product-images.js';
import { addSyntheticVariants } from './seed-variants.js';
import { createRandom, type Random, toSlug } from './seeded-random.js';
import { type ProductFamily, type ProductLine, productLines } from './synthetic-vocabulary.js';
import { blurbsHindi, nounsHindi, variantHindi } from './synthetic-vocabulary-hindi.js';

/**
 * A large, believable catalogue for benchmarks: `--products 100000` tops the shop up to that many
 * products. Product i is always generated the same way (seeded by i), pictures are borrowed from
 * the demo products of the same kind, and rows go in with multi-row inserts, one transaction per
 * batch so a product never exists without its colours.
 */
export type TopUpOptions = {
  /** The number of products the catalogue should have afterwards. */
  target: number;
  /** Products per INSERT statement. */
  batchSize?: number;
  onProgress?: (added: number, needed: number) => void;
  /** The moment creation dates count back from (tests fix it to compare two seeds). */
  now?: number;
};

export type TopUpResult = { added: number; total: number };

type References = {
  categoryIds: Map<string, string>;
  brandIds: Map<string, string>;
  colorIds: Map<string, string>;
};

type ImageTemplate = { imageName: string; brand: string; firstColor: string };

export type SyntheticProduct = {
  row: {
    id: string;
    slug: string;
    title: string;
    description: string;
    pricePaise: number;
    mrpPaise: number | null;
    categoryId: string;
    brandId: string;
    tags: ProductTag[];
    quantity: number;
    sold: number;
    images: ImageRef[];
    createdAt: Date;
    /** Hindi title and description for most products (`hindiShare`), `{}` for the rest. */
    translations: Translations<ProductTranslation>;
  };
  colorIds: string[];
};

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_BATCH_SIZE = 1000;

export async function topUpSyntheticCatalogue(db: Database, options: TopUpOptions): Promise<TopUpResult> {
  const plan = await planTopUp(db, options);
  if (!plan) return { added: 0, total: await countRows(db, 'products') };
  const { needed, generate } = plan;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  let added = 0;
  options.onProgress?.(0, needed);
  while (added < needed) {
    const count = Math.min(batchSize, needed - added);
    const batch = Array.from({ length: count }, () => generate());
    added += await insertBatch(db, batch);
    options.onProgress?.(added, needed);
  }
  await addSyntheticVariants(db);
  return { added, total: plan.before + added };
}

/** What a top-up needs: how many products to add, and the next synthetic product, in order. */
export type TopUpPlan = {
  before: number;
  needed: number;
  /** Product after product, numbered on from the synthetic products already there. */
  generate: () => SyntheticProduct;
};

/**
 * Shared by the insert path above and the bulk load (synthetic-bulk-load.ts), so both write the
 * same products in the same order; null when the catalogue is already big enough.
 */
export async function planTopUp(
  db: Executor,
  options: Pick<TopUpOptions, 'target' | 'now'>,
): Promise<TopUpPlan | null> {
  const before = await countRows(db, 'products');
  const needed = options.target - before;
  if (needed <= 0) return null;
  const references = await loadReferences(db);
  const templates = imageTemplatesByKind();
  const now = options.now ?? Date.now();
  // Numbering continues after the synthetic products that already exist; a gap left by a
  // deleted product only costs a few skipped slugs (inserts ignore existing slugs).
  let index = Math.max(0, before - demoProducts.length);
  return { before, needed, generate: () => syntheticProduct(index++, references, templates, now) };
}

async function loadReferences(db: Executor): Promise<References> {
  const categoryRows = await db.select({ id: categories.id, title: categories.title }).from(categories);
  const brandRows = await db.select({ id: brands.id, title: brands.title }).from(brands);
  const colorRows = await db
    .select({ id: colors.id, title: colors.title })
    .from(colors)
    .where(
      inArray(
        colors.title,
        colorDefs.map((c) => c.hex),
      ),
    );
  const idByHex = new Map(colorRows.map((row) => [row.title, row.id]));
  const references = {
    categoryIds: new Map(categoryRows.map((row) => [row.title, row.id])),
    brandIds: new Map(brandRows.map((row) => [row.title, row.id])),
    colorIds: new Map(colorDefs.flatMap((c) => (idByHex.has(c.hex) ? [[c.name, idByHex.get(c.hex)!]] : []))),
  };
  assertVocabularyIsSeeded(references);
  return references;
}

/** The top-up runs after the demo seed; fail clearly if something it relies on is missing. */
function assertVocabularyIsSeeded(references: References): void {
  for (const line of productLines) {
    if (!references.categoryIds.has(line.category)) {
      throw new Error(`Category "${line.category}" is missing: run the demo seed first`);
    }
    for (const family of line.families) {
      if (!references.brandIds.has(family.brand)) {
        throw new Error(`Brand "${family.brand}" is missing: run the demo seed first`);
      }
    }
  }
  if (references.colorIds.size === 0) throw new Error('No demo colours found: run the demo seed first');
}

/** Demo products grouped by category and kind: their pictures are reused, not re-rendered. */
function imageTemplatesByKind(): Map<string, ImageTemplate[]> {
  const templates = new Map<string, ImageTemplate[]>();
  for (const product of demoProducts) {
    const key = `${product.category}|${product.kind}`;
    const list = templates.get(key) ?? [];
    list.push({ imageName: demoProductSlug(product), brand: product.brand, firstColor: product.colors[0]! });
    templates.set(key, list);
  }
  return templates;
}

function pickTemplate(
  random: Random,
  templates: Map<string, ImageTemplate[]>,
  line: ProductLine,
  family: ProductFamily,
): ImageTemplate {
  const candidates = templates.get(`${line.category}|${family.kind}`);
  if (!candidates?.length) throw new Error(`No demo picture for ${line.category} / ${family.kind}`);
  const sameBrand = candidates.filter((t) => t.brand === family.brand);
  return random.pick(sameBrand.length > 0 ? sameBrand : candidates);
}

/** Indian shelf prices end in 9s: ₹799, ₹1,299, ₹42,990, ₹1,09,999. */
export function shelfPrice(rupees: number): number {
  if (rupees < 1000) return Math.max(99, Math.round(rupees / 100) * 100 - 1);
  if (rupees < 20000) return Math.round(rupees / 500) * 500 - 1;
  return Math.round(rupees / 1000) * 1000 - 10;
}

function syntheticTags(random: Random): ProductTag[] {
  const tags: ProductTag[] = [];
  if (random.chance(0.08)) tags.push('featured');
  if (random.chance(0.07)) tags.push('special');
  if (random.chance(0.1)) tags.push('popular');
  return tags;
}

/** Mostly in stock, a few sold out, a few running low: what a real shop's list looks like. */
function syntheticStock(random: Random): { quantity: number; sold: number } {
  const roll = random.next();
  const quantity = roll < 0.03 ? 0 : roll < 0.08 ? random.int(1, 5) : random.int(6, 400);
  return { quantity, sold: Math.floor(random.next() ** 2 * 3000) };
}

function fill(template: string, words: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => words[key] ?? '');
}

/**
 * productDescriptionHtml memoised: sanitising the HTML took most of the time to generate a product
 * (about 150 of 230 µs), and the vocabulary allows fewer than 100,000 distinct descriptions, so a
 * million products reuse them. The function is pure, so the text is the same as without the cache.
 */
const descriptions = new Map<string, string>();

const specsKey = (specs: ReadonlyArray<readonly [string, string]>) =>
  specs.map(([label, value]) => `${label}\u0001${value}`).join('\u0000');

function remembered(key: string, write: () => string): string {
  let html = descriptions.get(key);
  if (html === undefined) {
    html = write();
    descriptions.set(key, html);
  }
  return html;
}

function describe(blurb: string, specs: ReadonlyArray<readonly [string, string]>): string {
  return remembered(`${blurb}\u0000${specsKey(specs)}`, () => productDescriptionHtml(blurb, specs));
}

/** The Hindi description (product-description.ts), its paragraph and its list remembered apart. */
function describeHindi(blurb: string, specs: ReadonlyArray<readonly [string, string]>): string {
  return (
    remembered(`hi:p\u0000${blurb}`, () => hindiParagraphHtml(blurb)) +
    remembered(`hi:ul\u0000${specsKey(specs)}`, () => hindiSpecificationsHtml(specs))
  );
}

/**
 * Three products in five have their title and description in Hindi too, as a shop partway through
 * translating its catalogue would (decision 050), so search benchmarks meet both. By number, not by
 * the product's random draws, which stay those of the English alone.
 */
const hasHindi = (index: number) => index % 5 < 3;

function hindiOf(
  index: number,
  picks: { line: ProductLine; family: ProductFamily; series: string; noun: string; variant: string },
  blurbIndex: number,
  specs: ReadonlyArray<readonly [string, string]>,
): Translations<ProductTranslation> {
  if (!hasHindi(index)) return {};
  const { line, family, series } = picks;
  const brand = brandTitlesHindi[family.brand] ?? family.brand;
  const noun = nounsHindi[picks.noun] ?? picks.noun;
  const title = `${brand} ${series} ${noun} ${variantHindi(picks.variant)} (मॉडल ${line.code}-${10000 + index})`;
  const blurb = fill(blurbsHindi[line.category][blurbIndex] ?? '', { brand, series, noun });
  return { hi: { title, description: describeHindi(blurb, specs) } };
}

export function syntheticProduct(
  index: number,
  references: References,
  templates: Map<string, ImageTemplate[]>,
  now: number,
): SyntheticProduct {
  const random = createRandom(`synthetic:${index}`);
  const line = random.pick(productLines);
  const family = random.pick(line.families);
  const series = random.pick(family.series);
  // int, not pick, for the index: the same draw (pick is items[int(0, length - 1)]).
  const noun = family.nouns[random.int(0, family.nouns.length - 1)]!;
  const variants = family.variants ?? line.variants;
  const variantIndex = random.int(0, variants.length - 1);
  const title = `${family.brand} ${series} ${noun} ${variants[variantIndex]} (Model ${line.code}-${10000 + index})`;
  const [minPrice, maxPrice] = family.price;
  const price = shelfPrice(
    minPrice + (maxPrice - minPrice) * ((variantIndex + random.next()) / variants.length),
  );
  const mrp = random.chance(0.55) ? shelfPrice(price * (1.1 + random.next() * 0.5)) : null;
  const template = pickTemplate(random, templates, line, family);
  const otherColors = colorDefs.map((c) => c.name).filter((name) => name !== template.firstColor);
  const colorNames = [template.firstColor, ...random.sample(otherColors, random.int(0, 3))];
  const words = { brand: family.brand, series, noun: noun.toLowerCase() };
  const specs = line.specs.map(([label, values]) => [label, random.pick(values)] as const);
  const blurbIndex = random.int(0, line.blurbs.length - 1);
  const variant = variants[variantIndex]!;
  return {
    row: {
      id: randomUUID(),
      slug: toSlug(title),
      title,
      description: describe(fill(line.blurbs[blurbIndex]!, words), specs),
      pricePaise: price * 100,
      mrpPaise: mrp && mrp > price ? mrp * 100 : null,
      categoryId: references.categoryIds.get(line.category)!,
      brandId: references.brandIds.get(family.brand)!,
      tags: syntheticTags(random),
      ...syntheticStock(random),
      images: productImageRefs(template.imageName, title),
      createdAt: new Date(now - random.next() * 365 * DAY_MS),
      translations: hindiOf(index, { line, family, series, noun, variant }, blurbIndex, specs),
    },
    colorIds: colorNames.flatMap((name) => {
      const id = references.colorIds.get(name);
      return id ? [id] : [];
    }),
  };
}

/**
 * One statement per table per batch. Each column travels as a single array parameter through
 * unnest(), so a 2,000-row batch is 13 parameters instead of 26,000: far less to build in the ORM
 * and to parse in the database, and no risk of the 65,535-parameter limit.
 */
async function insertBatch(db: Database, batch: SyntheticProduct[]): Promise<number> {
  const rows = batch.map((p) => p.row);
  const column = <T>(pick: (row: SyntheticProduct['row']) => T) => sql.param(rows.map(pick));
  return db.transaction(async (tx) => {
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`insert into products
            (id, slug, title, description, price_paise, mrp_paise, category_id, brand_id, tags,
             quantity, sold, images, created_at, updated_at, translations)
          select id, slug, title, description, price_paise, mrp_paise, category_id, brand_id,
                 string_to_array(tags, ','), quantity, sold, images::jsonb, created_at, created_at,
                 translations::jsonb
          from unnest(
            ${column((r) => r.id)}::uuid[], ${column((r) => r.slug)}::text[],
            ${column((r) => r.title)}::text[], ${column((r) => r.description)}::text[],
            ${column((r) => r.pricePaise)}::int[], ${column((r) => r.mrpPaise)}::int[],
            ${column((r) => r.categoryId)}::uuid[], ${column((r) => r.brandId)}::uuid[],
            ${column((r) => r.tags.join(','))}::text[], ${column((r) => r.quantity)}::int[],
            ${column((r) => r.sold)}::int[], ${column((r) => JSON.stringify(r.images))}::text[],
            ${column((r) => r.createdAt)}::timestamptz[],
            ${column((r) => JSON.stringify(r.translations))}::text[]
          ) as t(id, slug, title, description, price_paise, mrp_paise, category_id, brand_id, tags,
                 quantity, sold, images, created_at, translations)
          on conflict (slug) do nothing
          returning id`,
    );
    const insertedIds = new Set(inserted.map((row) => row.id));
    const links = batch
      .filter((p) => insertedIds.has(p.row.id))
      .flatMap((p) => p.colorIds.map((colorId, position) => ({ productId: p.row.id, colorId, position })));
    if (links.length > 0) {
      await tx.execute(sql`insert into product_colors (product_id, color_id, position)
        select * from unnest(
          ${sql.param(links.map((l) => l.productId))}::uuid[],
          ${sql.param(links.map((l) => l.colorId))}::uuid[],
          ${sql.param(links.map((l) => l.position))}::smallint[])`);
    }
    return inserted.length;
  });
}
