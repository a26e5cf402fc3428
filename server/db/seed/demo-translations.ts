import { sql } from 'drizzle-orm';
import { sanitizeRichText } from '../../lib/html.js';
import type { Executor } from '../client.js';
import { blogs, brands, categories, colors, products } from '../schema.js';
import { type BlogPostDef, blogPostDefs } from './blog-posts.js';
import { blogPostsHindi } from './blog-posts-hindi.js';
import {
  brandDefs,
  type CategoryTitle,
  type ColorName,
  type DemoProduct,
  demoProducts,
} from './catalogue-data.js';
import {
  brandTitlesHindi,
  categoryTitlesHindi,
  colorNamesHindi,
  fashionSizeChartColumnsHindi,
  productsHindi,
} from './catalogue-hindi.js';
import { demoFashionSizeChart } from './demo-variants.js';
import { productDescriptionHtmlHindi } from './product-description.js';
import { toSlug } from './seeded-random.js';

/**
 * The demo catalogue's Hindi (decision 050) as rows' `translations`: written with new rows, and
 * given to demo rows seeded before there was Hindi, but only where a row has none, so an owner's
 * own translations (or their removal of one field) are never overwritten.
 */

function required<T>(found: T | undefined, what: string): T {
  if (found === undefined) throw new Error(`The demo has no Hindi for ${what}`);
  return found;
}

export function demoProductHindi(product: DemoProduct) {
  const hindi = required(productsHindi[product.title], `the product "${product.title}"`);
  return { hi: { title: hindi.title, description: productDescriptionHtmlHindi(hindi.blurb, product.specs) } };
}

export const demoCategoryHindi = (title: CategoryTitle) => ({ hi: { title: categoryTitlesHindi[title] } });

export const demoBrandHindi = (title: string) => ({
  hi: { title: required(brandTitlesHindi[title], `the brand "${title}"`) },
});

export const demoColorHindi = (name: ColorName) => ({ hi: { name: colorNamesHindi[name] } });

export function demoBlogHindi(post: BlogPostDef) {
  const hindi = required(blogPostsHindi[post.title], `the blog post "${post.title}"`);
  return { hi: { title: hindi.title, description: sanitizeRichText(hindi.body) } };
}

/** The fashion chart in Hindi: its headings translated, its cells (S, 91-96, UK 7) as they are. */
export const demoFashionSizeChartHindi = {
  columns: fashionSizeChartColumnsHindi,
  rows: demoFashionSizeChart.rows,
};

/** Sets `translations` of rows matched by `key` whose translations are still empty. */
async function fillWhereEmpty(
  tx: Executor,
  table: typeof products | typeof categories | typeof brands | typeof colors | typeof blogs,
  key: 'slug' | 'title',
  entries: { key: string; translations: unknown }[],
) {
  if (entries.length === 0) return;
  const column = key === 'slug' ? sql.raw('slug') : sql.raw('title');
  await tx.execute(sql`
    update ${table} t set translations = v.translations
    from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as v(key text, translations jsonb)
    where t.${column} = v.key and t.translations = '{}'::jsonb`);
}

/** Hindi for demo rows an earlier seed wrote without it (the new ones carry it already). */
export async function fillDemoTranslations(tx: Executor): Promise<void> {
  await fillWhereEmpty(
    tx,
    products,
    'slug',
    demoProducts.map((product) => ({ key: toSlug(product.title), translations: demoProductHindi(product) })),
  );
  await fillWhereEmpty(
    tx,
    categories,
    'title',
    (Object.keys(categoryTitlesHindi) as CategoryTitle[]).map((title) => ({
      key: title,
      translations: demoCategoryHindi(title),
    })),
  );
  await fillWhereEmpty(
    tx,
    brands,
    'title',
    brandDefs.map((brand) => ({ key: brand.title, translations: demoBrandHindi(brand.title) })),
  );
  await fillWhereEmpty(
    tx,
    blogs,
    'slug',
    blogPostDefs.map((post) => ({ key: toSlug(post.title), translations: demoBlogHindi(post) })),
  );
}

/** Colours are keyed by their CSS value; their Hindi is their name's. */
export async function fillDemoColorTranslations(
  tx: Executor,
  defs: readonly { hex: string; name: ColorName }[],
): Promise<void> {
  await fillWhereEmpty(
    tx,
    colors,
    'title',
    defs.map((color) => ({ key: color.hex, translations: demoColorHindi(color.name) })),
  );
}

/**
 * The fashion category's chart in Hindi, while its English chart is still the demo's (an owner's
 * own chart has another shape or other cells) and it has no Hindi chart yet.
 */
export async function seedDemoSizeChartHindi(tx: Executor): Promise<void> {
  await tx.execute(sql`
    update ${categories}
    set translations = ${categories.translations} || jsonb_build_object('hi',
      coalesce(${categories.translations} -> 'hi', '{}'::jsonb)
        || jsonb_build_object('sizeChart', ${JSON.stringify(demoFashionSizeChartHindi)}::jsonb))
    where ${categories.title} = 'Fashion'
      and ${categories.sizeChart} = ${JSON.stringify(demoFashionSizeChart)}::jsonb
      and not coalesce(${categories.translations} -> 'hi' ? 'sizeChart', false)`);
}
