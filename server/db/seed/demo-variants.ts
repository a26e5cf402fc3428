import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { categories, type ProductOption, products, productVariants, stockMovements } from '../schema.js';
import type { DemoProduct } from './catalogue-data.js';
import { toSlug } from './seeded-random.js';

/**
 * The demo catalogue's variants, as a merchant would set them up in the console: apparel in
 * sizes (and its colours), shoes in UK sizes, phones in storage. Each product's stock is spread
 * over its variants, one size left sold out and one low, so the storefront shows every state.
 */

type VariantPlan = {
  /** A second option after the colour (or the only one, `withColour: false`). */
  option: { name: string; values: string[] };
  withColour: boolean;
  /** Rupees added to the product's price per value of the option (storage costs more). */
  extra?: number[];
};

const apparel = ['S', 'M', 'L', 'XL'];
const menShoes = ['UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10', 'UK 11'];

export const demoVariantPlans: Record<string, VariantPlan> = {
  "Puma Men's Smashic Sneakers": { option: { name: 'Size', values: menShoes }, withColour: true },
  'Puma Essentials Logo Regular Fit T-Shirt': { option: { name: 'Size', values: apparel }, withColour: true },
  "Levi's Men's 511 Slim Fit Jeans": {
    option: { name: 'Waist', values: ['30', '32', '34', '36'] },
    withColour: false,
  },
  "Levi's Men's Housemark Crew Neck T-Shirt": {
    option: { name: 'Size', values: [...apparel, 'XXL'] },
    withColour: true,
  },
  'Adidas Ultraboost Light Running Shoes': { option: { name: 'Size', values: menShoes }, withColour: false },
  'Adidas Originals Trefoil Hoodie': { option: { name: 'Size', values: apparel }, withColour: false },
  "Puma Women's Softride Running Shoes": {
    option: { name: 'Size', values: ['UK 3', 'UK 4', 'UK 5', 'UK 6', 'UK 7', 'UK 8'] },
    withColour: false,
  },
  'Samsung Galaxy S24 5G (8GB RAM, 256GB)': {
    option: { name: 'Storage', values: ['256 GB', '512 GB'] },
    withColour: true,
    extra: [0, 10_000],
  },
  'Apple iPhone 15 (128GB)': {
    option: { name: 'Storage', values: ['128 GB', '256 GB', '512 GB'] },
    withColour: true,
    extra: [0, 10_000, 30_000],
  },
};

/** The category's size chart for the demo's apparel (chest and length in cm). */
export const demoFashionSizeChart = {
  columns: ['Size', 'Chest (cm)', 'Length (cm)', 'Shoes (UK)', 'Foot (cm)'],
  rows: [
    ['S', '91-96', '68', '6', '24.5'],
    ['M', '97-102', '70', '7-8', '25.4-26.2'],
    ['L', '103-108', '72', '9', '27.1'],
    ['XL', '109-114', '74', '10', '27.9'],
    ['XXL', '115-120', '76', '11', '28.8'],
  ],
};

/** `total` over `count` variants: the second holds none (sold out), the last few (low), the rest even. */
function spread(total: number, count: number): number[] {
  if (count === 1) return [total];
  const low = Math.min(2, total);
  const rest = total - low;
  const others = count - 2;
  return Array.from({ length: count }, (_, i) => {
    if (i === 1) return 0;
    if (i === count - 1) return others === 0 ? rest + low : low;
    const share = Math.floor(rest / others);
    return i === 0 ? share + (rest - share * others) : share;
  });
}

/**
 * Replaces the one variant of each newly seeded product that has a plan with its real variants,
 * and records the opening stock in the ledger. Products seeded before are left as their owner
 * may have edited them.
 */
export async function seedDemoVariants(
  tx: Executor,
  newProducts: Map<DemoProduct, string>,
  colorIds: Map<string, string>,
): Promise<number> {
  let made = 0;
  for (const [product, productId] of newProducts) {
    const plan = demoVariantPlans[product.title];
    if (!plan) continue;
    const colours = plan.withColour ? product.colors.map((name) => colorIds.get(name)!) : [null];
    const options: ProductOption[] = [
      ...(plan.withColour ? [{ name: 'Colour', kind: 'color' as const, values: colours as string[] }] : []),
      { name: plan.option.name, kind: 'text', values: plan.option.values },
    ];
    const combos = colours.flatMap((colorId, c) =>
      plan.option.values.map((value, v) => ({ colorId, c, value, v })),
    );
    const stock = spread(product.quantity, combos.length);
    const sold = spread(product.sold, combos.length).reverse();
    const base = toSlug(product.title).toUpperCase().slice(0, 40);
    const rows = combos.map((combo, i) => ({
      productId,
      sku: `${base}-${combo.c + 1}-${combo.value.replace(/\s+/g, '')}`,
      optionValues: combo.colorId ? [combo.colorId, combo.value] : [combo.value],
      colorId: combo.colorId,
      pricePaise: (product.price + (plan.extra?.[combo.v] ?? 0)) * 100,
      mrpPaise: product.mrp ? (product.mrp + (plan.extra?.[combo.v] ?? 0)) * 100 : null,
      quantity: stock[i]!,
      sold: sold[i]!,
      position: i,
    }));
    await tx.delete(productVariants).where(inArray(productVariants.productId, [productId]));
    const inserted = await tx
      .insert(productVariants)
      .values(rows)
      .returning({ id: productVariants.id, quantity: productVariants.quantity });
    await tx.update(products).set({ options }).where(sql`${products.id} = ${productId}`);
    const opening = inserted.filter((v) => v.quantity > 0);
    if (opening.length > 0) {
      await tx.insert(stockMovements).values(
        opening.map((v) => ({
          productId,
          variantId: v.id,
          delta: v.quantity,
          quantityAfter: v.quantity,
          reason: 'created' as const,
          note: 'Demo stock',
        })),
      );
    }
    made += rows.length;
  }
  return made;
}

/**
 * The demo's Fashion category gets its size chart when its apparel is first seeded (later runs
 * leave the owner's chart, or its absence, alone).
 */
export async function seedDemoSizeChart(tx: Executor, newProducts: Map<DemoProduct, string>): Promise<void> {
  if (![...newProducts.keys()].some((p) => p.category === 'Fashion' && demoVariantPlans[p.title])) return;
  await tx
    .update(categories)
    .set({ sizeChart: demoFashionSizeChart })
    .where(sql`${categories.title} = 'Fashion' and ${categories.sizeChart} is null`);
}
