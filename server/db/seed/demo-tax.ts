import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { categories, products } from '../schema.js';
import { type CategoryTitle, type DemoProduct, demoProducts } from './catalogue-data.js';
import type { IllustrationKind } from './illustrations.js';
import { toSlug } from './seeded-random.js';

/**
 * HSN codes and GST rates of the demo catalogue, as in force from 22 Sep 2025 (GST
 * Council, 56th meeting: the 12% and 28% slabs folded into 5% and 18%). Checked against the
 * rate notifications' summaries:
 * - 18%: phones (8517), smartwatches (8517 62), laptops and tablets (8471), cameras (8525),
 *   watches (9102), headphones, earbuds and speakers (8518), refrigerators (8418), mixers (8509),
 *   ovens, microwaves and air fryers (8516), washing machines (8450), backpacks (4202),
 *   sunglasses (9004 10), video game consoles and controllers (9504 50); televisions (8528) and
 *   air conditioners (8415) came down from 28%.
 * - Apparel (61, 62) and footwear (64): 5% up to ₹2,500 a piece before tax, 18% above; the
 *   nominal 5% is stored and the value rule in shared/gst.ts decides each sale.
 * Categories give the common case; products whose class differs set their own.
 */
type TaxClass = { hsnCode: string | null; gstRateBp: number | null };

export const demoCategoryTax: Record<CategoryTitle, TaxClass> = {
  Watches: { hsnCode: '9102', gstRateBp: 1800 },
  TVs: { hsnCode: '8528', gstRateBp: 1800 },
  Cameras: { hsnCode: '8525', gstRateBp: 1800 },
  Laptops: { hsnCode: '8471', gstRateBp: 1800 },
  // Each appliance has its own heading: the products carry them.
  'Home Appliances': { hsnCode: null, gstRateBp: 1800 },
  'Mobiles and Tablets': { hsnCode: '8517', gstRateBp: 1800 },
  'Music and Gaming': { hsnCode: '8518', gstRateBp: 1800 },
  // Clothes, shoes, bags and sunglasses: each product carries its own.
  Fashion: { hsnCode: null, gstRateBp: null },
};

/** Products whose kind is classified apart from their category's default. */
const kindTax: Partial<Record<IllustrationKind, TaxClass>> = {
  smartwatch: { hsnCode: '85176290', gstRateBp: 1800 },
  tablet: { hsnCode: '847130', gstRateBp: 1800 },
  console: { hsnCode: '950450', gstRateBp: 1800 },
  'game-controller': { hsnCode: '950450', gstRateBp: 1800 },
  'washing-machine': { hsnCode: '8450', gstRateBp: 1800 },
  refrigerator: { hsnCode: '8418', gstRateBp: 1800 },
  'mixer-grinder': { hsnCode: '8509', gstRateBp: 1800 },
  'air-conditioner': { hsnCode: '8415', gstRateBp: 1800 },
  'air-fryer': { hsnCode: '8516', gstRateBp: 1800 },
  microwave: { hsnCode: '8516', gstRateBp: 1800 },
  't-shirt': { hsnCode: '6109', gstRateBp: 500 },
  hoodie: { hsnCode: '6110', gstRateBp: 500 },
  jeans: { hsnCode: '6203', gstRateBp: 500 },
  sneaker: { hsnCode: '6404', gstRateBp: 500 },
  sunglasses: { hsnCode: '9004', gstRateBp: 1800 },
  backpack: { hsnCode: '4202', gstRateBp: 1800 },
};

/** An instant-print camera is a photographic camera (9006), not a digital one (8525). */
const titleTax: Record<string, TaxClass> = {
  'Fujifilm Instax Mini 12 Instant Camera': { hsnCode: '9006', gstRateBp: 1800 },
};

/** The product's own class where it differs from its category's, else null. */
export function demoProductTax(product: DemoProduct): TaxClass | null {
  const own = titleTax[product.title] ?? kindTax[product.kind];
  const category = demoCategoryTax[product.category];
  if (!own || (own.hsnCode === category.hsnCode && own.gstRateBp === category.gstRateBp)) return null;
  return own;
}

/**
 * Sets the demo's GST classes where nobody has set any: a category or product whose HSN code
 * or rate the owner has chosen is left alone, so re-running the seed never undoes their edits.
 */
export async function ensureDemoTaxClasses(tx: Executor): Promise<void> {
  const untouched = (table: typeof categories | typeof products) =>
    and(isNull(table.hsnCode), isNull(table.gstRateBp));
  for (const [title, tax] of Object.entries(demoCategoryTax)) {
    if (tax.hsnCode === null && tax.gstRateBp === null) continue;
    await tx
      .update(categories)
      .set({ ...tax, updatedAt: sql`${categories.updatedAt}` })
      .where(and(eq(categories.title, title), untouched(categories)));
  }
  for (const product of demoProducts) {
    const tax = demoProductTax(product);
    if (!tax) continue;
    await tx
      .update(products)
      .set({ ...tax, updatedAt: sql`${products.updatedAt}` })
      .where(and(eq(products.slug, toSlug(product.title)), untouched(products)));
  }
}
