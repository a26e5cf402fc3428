import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSN_PATTERN, isGstRateBp, isValueBasedHsn, lineRateBp } from '../../../shared/gst.js';
import { createProduct, ensureCategory } from '../../test/factories.js';
import { openTestDatabase } from '../../test/test-app.js';
import type { DatabaseHandle } from '../client.js';
import { categories, products } from '../schema.js';
import { categoryTitles, demoProducts } from './catalogue-data.js';
import { demoCategoryTax, demoProductTax, ensureDemoTaxClasses } from './demo-tax.js';
import { toSlug } from './seeded-random.js';

/** What each demo product is taxed at: its own class, else its category's, else 18%. */
function classOf(product: (typeof demoProducts)[number]) {
  const own = demoProductTax(product);
  const category = demoCategoryTax[product.category];
  return { hsnCode: own?.hsnCode ?? category.hsnCode, gstRateBp: own?.gstRateBp ?? category.gstRateBp };
}

describe('the demo catalogue’s GST classes', () => {
  it('give every demo product a valid HSN code and rate', () => {
    for (const product of demoProducts) {
      const tax = classOf(product);
      expect(tax.hsnCode, product.title).toMatch(HSN_PATTERN);
      expect(isGstRateBp(tax.gstRateBp!), product.title).toBe(true);
    }
  });

  it('tax the demo’s clothes and shoes by the price of a piece', () => {
    const rate = (title: string) => {
      const product = demoProducts.find((p) => p.title.startsWith(title))!;
      const tax = classOf(product);
      expect(isValueBasedHsn(tax.hsnCode)).toBe(true);
      return lineRateBp({ ...tax, rateBp: tax.gstRateBp, netPaise: product.price * 100, quantity: 1 });
    };
    expect(rate('Puma Essentials Logo')).toBe(500); // ₹799
    expect(rate('Adidas Ultraboost')).toBe(1800); // ₹13,999
    expect(rate('Adidas Originals Trefoil Hoodie')).toBe(1800); // ₹4,299
  });

  it('puts televisions and air conditioners at 18% (28% before 22 Sep 2025), phones in 8517', () => {
    expect(demoCategoryTax.TVs).toEqual({ hsnCode: '8528', gstRateBp: 1800 });
    const ac = demoProducts.find((p) => p.kind === 'air-conditioner')!;
    expect(classOf(ac)).toEqual({ hsnCode: '8415', gstRateBp: 1800 });
    const phone = demoProducts.find((p) => p.kind === 'phone')!;
    expect(classOf(phone)).toEqual({ hsnCode: '8517', gstRateBp: 1800 });
    expect(Object.keys(demoCategoryTax).sort()).toEqual([...categoryTitles].sort());
  });
});

describe('ensureDemoTaxClasses', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    await drop();
  });

  it('fills classes nobody has set and never overwrites the owner’s', async () => {
    const db = database.db;
    const tv = await ensureCategory(db, 'TVs');
    const phones = await ensureCategory(db, 'Mobiles and Tablets');
    // The owner set their own rate on phones before the seed ran again.
    await db.update(categories).set({ gstRateBp: 500 }).where(eq(categories.id, phones.id));
    const ipad = demoProducts.find((p) => p.kind === 'tablet')!;
    const watch = demoProducts.find((p) => p.kind === 'smartwatch')!;
    await createProduct(db, { title: ipad.title, slug: toSlug(ipad.title), category: 'Mobiles and Tablets' });
    const edited = await createProduct(db, {
      title: watch.title,
      slug: toSlug(watch.title),
      category: 'Watches',
    });
    await db.update(products).set({ hsnCode: '9102' }).where(eq(products.id, edited.id));

    await ensureDemoTaxClasses(db);
    await ensureDemoTaxClasses(db);

    const [tvRow] = await db.select().from(categories).where(eq(categories.id, tv.id));
    expect(tvRow).toMatchObject({ hsnCode: '8528', gstRateBp: 1800 });
    const [phonesRow] = await db.select().from(categories).where(eq(categories.id, phones.id));
    expect(phonesRow).toMatchObject({ hsnCode: null, gstRateBp: 500 });
    const [ipadRow] = await db
      .select()
      .from(products)
      .where(eq(products.slug, toSlug(ipad.title)));
    expect(ipadRow).toMatchObject({ hsnCode: '847130', gstRateBp: 1800 });
    const [watchRow] = await db.select().from(products).where(eq(products.id, edited.id));
    expect(watchRow).toMatchObject({ hsnCode: '9102', gstRateBp: null });
  });
});
