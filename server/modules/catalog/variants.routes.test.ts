import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, products } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureCategory, ensureColor } from '../../test/factories.js';
import { type Customer, shoppingCalls } from '../../test/shopping.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * Sizes through the whole shop: the merchant defines Colour and Size, the shopper picks Navy / L,
 * pays, and the order, the invoice and the stock ledger name Navy / L and its SKU.
 */
let ctx: TestContext;
let staff: SignedInStaff;
const shop = shoppingCalls(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await signInStaff(ctx.app, 'catalogue');
});
afterAll(async () => ctx?.close());

const asStaff = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, who = staff) =>
  ctx.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

let counter = 0;

/** A T-shirt in Navy, sizes S, M and L, with the stock given per size. */
async function tShirt(stock: { S: number; M: number; L: number }, prices = { S: 699, M: 699, L: 899 }) {
  const n = counter++;
  const navy = await ensureColor(ctx.database.db, '#000080', 'Navy');
  const product = await createProduct(ctx.database.db, {
    title: `Crew T-Shirt ${n}`,
    category: 'T-Shirts',
    brand: "Levi's",
    colors: ['#000080'],
  });
  const sizes = ['S', 'M', 'L'] as const;
  const saved = await asStaff('PUT', `/api/admin/products/${product.id}/variants`, {
    options: [
      { name: 'Colour', kind: 'color', values: [navy.id] },
      { name: 'Size', values: [...sizes] },
    ],
    variants: sizes.map((size) => ({
      sku: `LEV-CREW-${n}-NVY-${size}`,
      values: [navy.id, size],
      price: prices[size],
      mrp: Math.max(999, prices[size]),
      weight: 200,
      quantity: stock[size],
    })),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const variants = saved.json().variants as { _id: string; sku: string; label: string }[];
  const bySize = Object.fromEntries(sizes.map((size, i) => [size, variants[i]!]));
  return { product, navy, variants: bySize as Record<(typeof sizes)[number], (typeof variants)[number]>, n };
}

const addVariant = (customer: Customer, productId: string, variantId: string, quantity = 1) =>
  shop.api(customer, 'POST', '/api/user/cart', { productId, variantId, quantity });

/** Cart to paid order through the test gateway; the order's id, or the refusal. */
async function checkOutAndPay(customer: Customer) {
  const started = await shop.startCheckout(customer);
  if (started.statusCode !== 200) return { refused: started.json().message as string };
  const fields = await shop.payWithGateway(started.json().order.id);
  expect((await shop.verify(customer, fields)).statusCode).toBe(200);
  const created = await shop.createOrder(customer, fields);
  if (created.statusCode !== 200) return { refused: created.json().message as string };
  return { orderId: created.json().order._id as string };
}

describe('product variants', () => {
  it('shows the options, each variant and the price range on the product page and in lists', async () => {
    const { product, variants } = await tShirt({ S: 3, M: 0, L: 2 });
    const page = (await shop.api(undefined, 'GET', `/api/product/${product.slug}`)).json();
    expect(page.options).toEqual([
      { name: 'Colour', kind: 'color', values: ['Navy'] },
      { name: 'Size', kind: 'text', values: ['S', 'M', 'L'] },
    ]);
    expect(page.variants).toEqual([
      expect.objectContaining({
        _id: variants.S._id,
        options: { Colour: 'Navy', Size: 'S' },
        price: 699,
        quantity: 3,
      }),
      expect.objectContaining({ _id: variants.M._id, options: { Colour: 'Navy', Size: 'M' }, quantity: 0 }),
      expect.objectContaining({ sku: variants.L.sku, price: 899, mrp: 999, weight: 200, quantity: 2 }),
    ]);
    expect(page).toMatchObject({ price: 699, priceMax: 899, mrp: 999, quantity: 5 });
    const admin = (await asStaff('GET', `/api/admin/products/${product.id}/variants`)).json();
    expect(admin.variants.map((v: { label: string }) => v.label)).toEqual([
      'Navy / S',
      'Navy / M',
      'Navy / L',
    ]);
    expect(page.sizeChart).toBeNull();
    // Its SKU, typed in any case, finds it in the store's search.
    const found = await shop.api(undefined, 'GET', `/api/product?q=${variants.L.sku.toLowerCase()}`);
    expect(found.json().map((p: { _id: string }) => p._id)).toEqual([product.id]);
    expect(found.headers['x-total-count']).toBe('1');
  });

  it('shows its category’s size chart, and refuses a ragged one', async () => {
    const { product } = await tShirt({ S: 1, M: 1, L: 1 });
    const category = await ensureCategory(ctx.database.db, 'T-Shirts');
    const sizeChart = {
      columns: ['Size', 'Chest (cm)', 'Length (cm)'],
      rows: [
        ['S', '92', '68'],
        ['M', '98', '70'],
      ],
    };
    const ragged = await asStaff('PUT', `/api/category/${category.id}`, {
      title: 'T-Shirts',
      sizeChart: { ...sizeChart, rows: [['S', '92']] },
    });
    expect(ragged.statusCode).toBe(400);
    expect(ragged.json().message).toMatch(/one cell per column/);
    const saved = await asStaff('PUT', `/api/category/${category.id}`, { title: 'T-Shirts', sizeChart });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().sizeChart).toEqual(sizeChart);
    const page = (await shop.api(undefined, 'GET', `/api/product/${product.id}`)).json();
    expect(page.sizeChart).toEqual(sizeChart);
  });

  it('adds the chosen variant to the cart, and asks for the size when only a colour is sent', async () => {
    const { product, navy, variants } = await tShirt({ S: 3, M: 1, L: 2 });
    const customer = await signUp(ctx.app);
    const colourOnly = await shop.api(customer, 'POST', '/api/user/cart', {
      productId: product.id,
      color: navy.id,
      quantity: 1,
    });
    expect(colourOnly.statusCode).toBe(400);
    expect(colourOnly.json().message).toBe('Please choose size');
    expect((await addVariant(customer, product.id, variants.M._id, 2)).json().message).toMatch(/Only 1 left/);
    const other = await createProduct(ctx.database.db);
    expect((await addVariant(customer, other.id, variants.L._id)).statusCode).toBe(400);
    const added = await addVariant(customer, product.id, variants.L._id, 2);
    expect(added.statusCode, added.body).toBe(201);
    const [line] = (await shop.api(customer, 'GET', '/api/user/cart')).json();
    expect(line).toMatchObject({
      variantId: variants.L._id,
      sku: variants.L.sku,
      options: 'Navy / L',
      price: 899,
    });
  });

  it('sells Navy / L: the order, the invoice and the stock ledger name it and its SKU', async () => {
    const { product, variants } = await tShirt({ S: 3, M: 1, L: 2 });
    const customer = await signUp(ctx.app);
    expect((await addVariant(customer, product.id, variants.L._id)).statusCode).toBe(201);
    const bought = await checkOutAndPay(customer);
    expect(bought).toHaveProperty('orderId');
    const order = (await shop.api(customer, 'GET', `/api/user/orders/${bought.orderId}`)).json();
    expect(order.orderItems).toEqual([
      expect.objectContaining({ sku: variants.L.sku, options: 'Navy / L', price: 899, quantity: 1 }),
    ]);
    const invoice = await shop.api(customer, 'GET', `/api/user/orders/${bought.orderId}/invoice`);
    expect(invoice.statusCode, invoice.body.slice(0, 200)).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(invoice.rawPayload)), {
      mergePages: true,
    });
    expect(text.replace(/\s+/g, ' ')).toContain(`Navy / L (SKU ${variants.L.sku})`);
    const admin = (await asStaff('GET', `/api/admin/products/${product.id}/variants`)).json();
    expect(admin.variants.map((v: { quantity: number; sold: number }) => [v.quantity, v.sold])).toEqual([
      [3, 0],
      [1, 0],
      [1, 1],
    ]);
    const ledger = (await asStaff('GET', `/api/admin/products/${product.id}/stock-movements`)).json();
    expect(ledger.movements.map((m: { sku: string; delta: number }) => [m.sku, m.delta]).sort()).toEqual(
      [
        [variants.L.sku, 2],
        [variants.M.sku, 1],
        [variants.S.sku, 3],
      ].sort(),
    );
  });

  it('sells the last M to exactly one of five buyers, while S still sells', async () => {
    const { product, variants } = await tShirt({ S: 5, M: 1, L: 0 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => signUp(ctx.app)));
    for (const buyer of buyers.slice(0, 5)) {
      expect((await addVariant(buyer, product.id, variants.M._id)).statusCode).toBe(201);
    }
    expect((await addVariant(buyers[5]!, product.id, variants.S._id)).statusCode).toBe(201);
    const results = await Promise.all(buyers.map((buyer) => checkOutAndPay(buyer)));
    const mOrders = results.slice(0, 5).filter((r) => 'orderId' in r);
    expect(mOrders).toHaveLength(1);
    for (const refused of results.slice(0, 5).filter((r) => 'refused' in r)) {
      expect(refused.refused).toMatch(/M\)/);
    }
    expect(results[5]).toHaveProperty('orderId');
    const admin = (await asStaff('GET', `/api/admin/products/${product.id}/variants`)).json();
    expect(admin.variants.map((v: { quantity: number }) => v.quantity)).toEqual([4, 0, 0]);
  });

  it('taxes each size at the rate its own price per piece decides (apparel: 5% up to ₹2,500, 18% above)', async () => {
    const { product, variants } = await tShirt({ S: 2, M: 2, L: 2 }, { S: 2_499, M: 2_499, L: 2_999 });
    await ctx.database.db.update(products).set({ hsnCode: '6109' }).where(eq(products.id, product.id));
    const customer = await signUp(ctx.app);
    await addVariant(customer, product.id, variants.S._id);
    await addVariant(customer, product.id, variants.L._id);
    const bought = await checkOutAndPay(customer);
    expect(bought).toHaveProperty('orderId');
    const lines = await ctx.database.db
      .select({ sku: orderLines.sku, rate: orderLines.gstRateBp })
      .from(orderLines)
      .where(eq(orderLines.orderId, bought.orderId!));
    expect(lines.sort((a, b) => a.rate! - b.rate!)).toEqual([
      { sku: variants.S.sku, rate: 500 },
      { sku: variants.L.sku, rate: 1800 },
    ]);
  });

  it('changes one variant’s stock through the ledger, and asks which variant when there are several', async () => {
    const { product, variants } = await tShirt({ S: 1, M: 1, L: 1 });
    const which = await asStaff('POST', `/api/admin/products/${product.id}/stock`, {
      change: 2,
      reason: 'received',
    });
    expect(which.statusCode).toBe(400);
    expect(which.json().message).toMatch(/has 3 variants: choose which/);
    const adjusted = await asStaff('POST', `/api/admin/products/${product.id}/stock`, {
      variantId: variants.M._id,
      change: 4,
      reason: 'received',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect(adjusted.json()).toMatchObject({ quantity: 5, movement: { sku: variants.M.sku, delta: 4 } });
    const page = (await shop.api(undefined, 'GET', `/api/product/${product.id}`)).json();
    expect(page.quantity).toBe(7);
  });

  it('refuses a product-level stock or price for a product with variants in the shop’s own CSV', async () => {
    const { product } = await tShirt({ S: 1, M: 1, L: 1 });
    const boundary = '----variants-csv';
    const upload = (csv: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/products/import',
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
        headers: { ...staff.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    const stock = (await upload(`slug,quantity\n${product.slug},40\n`)).json();
    expect(stock).toMatchObject({ written: false, rejectedRows: 1 });
    expect(stock.rejected[0]).toMatchObject({
      field: 'quantity',
      message: expect.stringMatching(/has variants: change their stock/),
    });
    const price = (await upload(`slug,price\n${product.slug},499\n`)).json();
    expect(price.rejected[0]).toMatchObject({ field: 'price' });
    // The rest of a product with variants still imports.
    expect((await upload(`slug,title\n${product.slug},Crew T-Shirt renamed\n`)).json()).toMatchObject({
      written: true,
      updated: 1,
    });
  });

  it('keeps each variant’s price when the product form is saved with its price unchanged', async () => {
    const { product } = await tShirt({ S: 1, M: 1, L: 1 });
    const url = `/api/admin/products/${product.id}`;
    const form = (await asStaff('GET', url)).json();
    const body = {
      title: `${form.title} renamed`,
      slug: form.slug,
      description: form.description,
      price: form.price,
      mrp: form.mrp,
      categoryId: form.category._id,
      brandId: form.brand._id,
      colorIds: form.colors.map((c: { _id: string }) => c._id),
      tags: form.tags,
      images: form.images,
      hsnCode: form.hsnCode ?? '',
      gstRate: form.gstRate ?? '',
    };
    const prices = async () =>
      (await asStaff('GET', `${url}/variants`)).json().variants.map((v: { price: number }) => v.price);
    const saved = await asStaff('PUT', url, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await prices()).toEqual([699, 699, 899]);
    // A new price is the merchant's choice for the whole product: every variant takes it.
    expect((await asStaff('PUT', url, { ...body, price: 599 })).statusCode).toBe(200);
    expect(await prices()).toEqual([599, 599, 599]);
  });

  it('takes a new variant with the values of one on sale as that one, its stock kept', async () => {
    const { product, navy, variants } = await tShirt({ S: 2, M: 3, L: 4 });
    const url = `/api/admin/products/${product.id}/variants`;
    const again = await asStaff('PUT', url, {
      options: [
        { name: 'Colour', kind: 'color', values: [navy.id] },
        { name: 'Size', values: ['S', 'M', 'L'] },
      ],
      variants: [
        { _id: variants.S._id, sku: variants.S.sku, values: [navy.id, 'S'], price: 699 },
        { _id: variants.M._id, sku: variants.M.sku, values: [navy.id, 'M'], price: 699 },
        { sku: 'REMADE-L', values: [navy.id, 'L'], price: 949, quantity: 9 },
      ],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().variants[2]).toMatchObject({
      _id: variants.L._id,
      sku: 'REMADE-L',
      price: 949,
      quantity: 4,
    });
    const single = await createProduct(ctx.database.db, { title: 'One Size Tee' });
    const plain = await asStaff('PUT', `/api/admin/products/${single.id}/variants`, {
      options: [],
      variants: [{ sku: `ONE-SIZE-${counter++}`, values: [], price: 399 }],
    });
    expect(plain.statusCode, plain.body).toBe(200);
  });

  it('refuses a SKU another product has (409 naming it), bad combinations and the wrong role', async () => {
    const first = await tShirt({ S: 1, M: 1, L: 1 });
    const second = await createProduct(ctx.database.db, { title: 'Plain Tee' });
    const url = `/api/admin/products/${second.id}/variants`;
    const taken = await asStaff('PUT', url, {
      options: [],
      variants: [{ sku: first.variants.S.sku.toLowerCase(), values: [], price: 499 }],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      `The SKU ${first.variants.S.sku} is already used by ${first.product.title}. Choose another.`,
    );
    const badValue = await asStaff('PUT', url, {
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [{ sku: 'PLAIN-XL', values: ['XL'], price: 499 }],
    });
    expect(badValue.statusCode).toBe(400);
    expect(badValue.json().message).toBe('PLAIN-XL: "XL" is not one of Size\'s values.');
    const twice = await asStaff('PUT', url, {
      options: [{ name: 'Size', values: ['S'] }],
      variants: [
        { sku: 'PLAIN-S', values: ['S'], price: 499 },
        { sku: 'PLAIN-S2', values: ['S'], price: 499 },
      ],
    });
    expect(twice.json().message).toBe('Two variants are S.');
    const support = await signInStaff(ctx.app, 'support');
    const body = { options: [], variants: [{ sku: 'PLAIN', values: [], price: 499 }] };
    expect((await asStaff('PUT', url, body, support)).statusCode).toBe(403);
    expect((await asStaff('GET', url, undefined, support)).statusCode).toBe(403);
    expect((await shop.api(undefined, 'GET', url)).statusCode).toBe(401);
    const customer = await signUp(ctx.app);
    expect((await shop.api(customer, 'PUT', url, body)).statusCode).toBe(403);
    expect((await shop.api(undefined, 'PUT', url, body)).statusCode).toBe(401);
  });

  it('archives a variant left out, keeps its order history, and brings it back with its values', async () => {
    const { product, navy, variants, n } = await tShirt({ S: 2, M: 2, L: 2 });
    const customer = await signUp(ctx.app);
    await addVariant(customer, product.id, variants.S._id);
    expect(await checkOutAndPay(customer)).toHaveProperty('orderId');
    const url = `/api/admin/products/${product.id}/variants`;
    const options = [
      { name: 'Colour', kind: 'color', values: [navy.id] },
      { name: 'Size', values: ['S', 'M', 'L'] },
    ];
    const withoutS = await asStaff('PUT', url, {
      options,
      variants: [
        { _id: variants.L._id, sku: variants.M.sku, values: [navy.id, 'L'], price: 999 },
        { _id: variants.M._id, sku: variants.L.sku, values: [navy.id, 'M'], price: 799 },
      ],
    });
    expect(withoutS.statusCode, withoutS.body).toBe(200);
    const page = (await shop.api(undefined, 'GET', `/api/product/${product.id}`)).json();
    expect(page.variants.map((v: { options: { Size: string } }) => v.options.Size)).toEqual(['L', 'M']);
    expect(page).toMatchObject({ price: 799, priceMax: 999 });
    const back = await asStaff('PUT', url, {
      options,
      variants: [{ sku: `LEV-CREW-${n}-NVY-S`, values: [navy.id, 'S'], price: 699 }],
    });
    expect(back.json().variants).toEqual([
      expect.objectContaining({ _id: variants.S._id, quantity: 1, sold: 1 }),
    ]);
  });
});
