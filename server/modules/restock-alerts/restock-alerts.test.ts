import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backInStockRequests,
  emailOutbox,
  messageOutbox,
  products,
  productVariants,
  users,
} from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, setVariantFigures } from '../../test/factories.js';
import { signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  // The tests run the passes themselves, each with its own clock.
  ctx = await createTestApp({ RESTOCK_ALERT_POLL_SECONDS: '0' });
});
afterAll(() => ctx.close());

type Customer = Awaited<ReturnType<typeof signUp>>;

const notifyMe = (customer: Customer | undefined, productId: string, payload: object = {}, language = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/product/${productId}/notify-me`,
    headers: { ...(customer?.headers ?? {}), 'accept-language': language },
    payload,
  });

/** Mid-afternoon in India: outside the quiet hours. */
const afternoon = new Date('2026-11-30T09:30:00Z');

async function soldOut(title?: string) {
  const product = await createProduct(ctx.database.db, { title, quantity: 0 });
  return product;
}

/** A product sold in sizes S and M, both sold out. */
async function soldOutInSizes() {
  const product = await createProduct(ctx.database.db, { quantity: 0 });
  const db = ctx.database.db;
  await db
    .update(products)
    .set({ options: [{ name: 'Size', kind: 'text', values: ['S', 'M'] }] })
    .where(eq(products.id, product.id));
  await db
    .update(productVariants)
    .set({ optionValues: ['S'] })
    .where(eq(productVariants.id, product.variantId));
  const [m] = await db
    .insert(productVariants)
    .values({
      productId: product.id,
      sku: `${product.slug}-M`.toUpperCase(),
      optionValues: ['M'],
      pricePaise: product.pricePaise,
      quantity: 0,
      position: 1,
    })
    .returning({ id: productVariants.id });
  return { ...product, small: product.variantId, medium: m!.id };
}

async function verifyMobile(customer: Customer) {
  await ctx.database.db.update(users).set({ mobileVerifiedAt: new Date() }).where(eq(users.id, customer.id));
}

async function requestsOf(productId: string) {
  return ctx.database.db
    .select()
    .from(backInStockRequests)
    .where(eq(backInStockRequests.productId, productId))
    .orderBy(backInStockRequests.createdAt);
}

async function emailsTo(customer: Customer) {
  return ctx.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.recipient, customer.email), eq(emailOutbox.label, 'back in stock')));
}

async function messagesFor(requestIds: string[]) {
  return ctx.database.db
    .select()
    .from(messageOutbox)
    .where(
      inArray(
        messageOutbox.eventKey,
        requestIds.map((id) => `restock:${id}`),
      ),
    );
}

const pass = (now = afternoon) => ctx.app.services.restockAlerts.pass(now);

describe('notify me: who may ask, and for what', () => {
  it('needs a signed-in shopper on every route, and the console view needs the catalogue permission', async () => {
    const product = await soldOut();
    expect((await notifyMe(undefined, product.id)).statusCode).toBe(401);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/product/${product.id}/notify-me` });
    expect(del.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/me/notify-me' })).statusCode).toBe(401);

    const customer = await signUp(ctx.app);
    const overview = (headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url: '/api/admin/back-in-stock', headers });
    expect((await overview()).statusCode).toBe(401);
    expect([401, 403]).toContain((await overview(customer.headers)).statusCode);
    expect((await overview((await signInStaff(ctx.app, 'orders')).headers)).statusCode).toBe(403);
    expect((await overview((await signInStaff(ctx.app, 'catalogue')).headers)).statusCode).toBe(200);
    // A staff token is not a shopper's.
    const staff = await signInStaff(ctx.app, 'owner');
    expect((await notifyMe({ ...customer, headers: staff.headers }, product.id)).statusCode).toBe(401);
  });

  it('answers 404 for unknown or archived products and sizes, 400 when a size is due, 409 when in stock', async () => {
    const customer = await signUp(ctx.app);
    expect((await notifyMe(customer, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await notifyMe(customer, 'not-an-id')).statusCode).toBe(404);

    const sized = await soldOutInSizes();
    const noSize = await notifyMe(customer, sized.id);
    expect(noSize.statusCode).toBe(400);
    expect(noSize.json().message).toMatch(/choose the size/);
    const otherVariant = (await soldOut()).variantId;
    expect((await notifyMe(customer, sized.id, { variantId: otherVariant })).statusCode).toBe(404);
    expect((await notifyMe(customer, sized.id, { variantId: 'x' })).statusCode).toBe(400);
    expect((await notifyMe(customer, sized.id, { channels: ['fax'] })).statusCode).toBe(400);

    const inStock = await createProduct(ctx.database.db, { quantity: 3 });
    const refused = await notifyMe(customer, inStock.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This is in stock: you can buy it now.');
    // A size in stock is refused; a sold-out size of the same product is not.
    await ctx.database.db
      .update(productVariants)
      .set({ quantity: 2 })
      .where(eq(productVariants.id, sized.small));
    expect((await notifyMe(customer, sized.id, { variantId: sized.small })).statusCode).toBe(409);
    expect((await notifyMe(customer, sized.id, { variantId: sized.medium })).statusCode).toBe(200);

    const archived = await soldOut();
    await ctx.database.db
      .update(products)
      .set({ archivedAt: new Date() })
      .where(eq(products.id, archived.id));
    expect((await notifyMe(customer, archived.id)).statusCode).toBe(404);
  });

  it('offers SMS and WhatsApp only to a verified number', async () => {
    const customer = await signUp(ctx.app);
    const product = await soldOut();
    const refused = await notifyMe(customer, product.id, { channels: ['email', 'sms'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Verify your mobile number/);
    // Left out, the channels are e-mail alone without a verified number...
    const plain = await notifyMe(customer, product.id);
    expect(plain.json().request.channels).toEqual(['email']);
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/me/notify-me',
      headers: customer.headers,
    });
    expect(mine.json().channels).toEqual(['email']);
    // ...and e-mail plus the order-update channels with one.
    await verifyMobile(customer);
    const again = await notifyMe(customer, product.id);
    expect(again.json().request.channels).toEqual(['email', 'sms', 'whatsapp']);
    const chosen = await notifyMe(customer, product.id, { channels: ['whatsapp'] });
    expect(chosen.json().request.channels).toEqual(['email', 'whatsapp']);
  });

  it('keeps one request however often the shopper asks, and each shopper sees and cancels only their own', async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const product = await soldOut();
    const first = (await notifyMe(alice, product.id)).json();
    const second = (await notifyMe(alice, product.id)).json();
    expect(second.request.id).toBe(first.request.id);
    expect(await requestsOf(product.id)).toHaveLength(1);
    await notifyMe(bob, product.id, {}, 'hi');

    const mine = (who: Customer) =>
      ctx.app.inject({ method: 'GET', url: '/api/user/me/notify-me', headers: who.headers });
    expect((await mine(alice)).json().requests).toEqual([
      expect.objectContaining({ id: first.request.id, productId: product.id, variantId: null }),
    ]);
    const cancel = (who: Customer) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/product/${product.id}/notify-me`, headers: who.headers });
    expect((await cancel(alice)).json()).toMatchObject({ cancelled: true });
    expect((await cancel(alice)).json()).toMatchObject({ cancelled: false });
    expect((await mine(alice)).json().requests).toEqual([]);
    // Bob's stays, in the language he asked in.
    const rows = await requestsOf(product.id);
    const bobs = rows.find((r) => r.userId === bob.id)!;
    expect(bobs).toMatchObject({ cancelledAt: null, language: 'hi' });
    // Asking again after cancelling opens a new request.
    expect((await notifyMe(alice, product.id)).json().request.id).not.toBe(first.request.id);
  });
});

describe('the alerts when stock comes back', () => {
  it('tells the first N shoppers in the order they asked, once each, and the next at the next restock', async () => {
    const product = await soldOut('Bandhani dupatta');
    const shoppers = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
    for (const shopper of shoppers) expect((await notifyMe(shopper, product.id)).statusCode).toBe(200);

    expect((await pass()).notified).toBe(0);
    await setVariantFigures(ctx.database.db, product.id, { quantity: 2 });
    expect(await pass()).toMatchObject({ notified: 2, busy: false });
    const [a, b, c] = await Promise.all(shoppers.map(emailsTo));
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    expect(c).toHaveLength(0);
    expect(a![0]!.subject).toBe('Bandhani dupatta is back in stock');
    expect(a![0]!.text).toContain(`/product/${product.slug}`);

    // The same two units are never announced twice.
    expect((await pass()).notified).toBe(0);
    expect(await emailsTo(shoppers[2]!)).toHaveLength(0);

    // They sell; one more comes back: the third shopper's turn.
    await setVariantFigures(ctx.database.db, product.id, { quantity: 0 });
    expect((await pass()).notified).toBe(0);
    await setVariantFigures(ctx.database.db, product.id, { quantity: 1 });
    expect((await pass()).notified).toBe(1);
    expect(await emailsTo(shoppers[2]!)).toHaveLength(1);
    expect((await pass()).notified).toBe(0);
    for (const shopper of shoppers) expect(await emailsTo(shopper)).toHaveLength(1);
    const rows = await requestsOf(product.id);
    expect(rows.every((r) => r.notifiedAt !== null)).toBe(true);
  });

  it('waits for the size that was asked for', async () => {
    const sized = await soldOutInSizes();
    const shopper = await signUp(ctx.app);
    await notifyMe(shopper, sized.id, { variantId: sized.medium }, 'hi');
    await ctx.database.db
      .update(productVariants)
      .set({ quantity: 4 })
      .where(eq(productVariants.id, sized.small));
    expect((await pass()).notified).toBe(0);
    await ctx.database.db
      .update(productVariants)
      .set({ quantity: 1 })
      .where(eq(productVariants.id, sized.medium));
    expect((await pass()).notified).toBe(1);
    const [mail] = await emailsTo(shopper);
    // In Hindi, as asked, naming the size, with the Hindi page's link.
    expect(mail!.subject).toContain('(M) फिर से स्टॉक में है');
    expect(mail!.text).toContain(`/hi/product/${sized.slug}`);
  });

  it('holds every channel past the quiet hours: a restock at 23:00 India time sends at 09:00', async () => {
    const product = await soldOut();
    const shopper = await signUp(ctx.app);
    await verifyMobile(shopper);
    const asked = (await notifyMe(shopper, product.id, { channels: ['sms', 'whatsapp'] })).json();
    await setVariantFigures(ctx.database.db, product.id, { quantity: 5 });
    // 23:00 IST on 29 November is 17:30 UTC; 09:00 IST on the 30th is 03:30 UTC.
    expect((await pass(new Date('2026-11-29T17:30:00Z'))).notified).toBe(1);
    const nine = new Date('2026-11-30T03:30:00Z');
    const messages = await messagesFor([asked.request.id]);
    expect(messages.map((m) => m.channel).sort()).toEqual(['sms', 'whatsapp']);
    for (const message of messages) {
      expect(message).toMatchObject({ kind: 'back-in-stock', category: 'marketing', status: 'queued' });
      expect(message.nextAttemptAt).toEqual(nine);
      expect(message.params).toMatchObject({ name: 'Test', url: expect.stringContaining(product.slug) });
    }
    const [mail] = await emailsTo(shopper);
    expect(mail!.nextAttemptAt).toEqual(nine);
  });

  it('writes SMS and WhatsApp rows only for verified numbers, as chosen', async () => {
    const product = await soldOut();
    const verified = await signUp(ctx.app);
    const unverified = await signUp(ctx.app);
    const lapsed = await signUp(ctx.app);
    await verifyMobile(verified);
    await verifyMobile(lapsed);
    const ids = [
      (await notifyMe(verified, product.id, { channels: ['sms'] })).json().request.id,
      (await notifyMe(unverified, product.id)).json().request.id,
      (await notifyMe(lapsed, product.id, { channels: ['sms', 'whatsapp'] })).json().request.id,
    ];
    // The number changed after asking: it is no longer verified when the stock comes.
    await ctx.database.db.update(users).set({ mobileVerifiedAt: null }).where(eq(users.id, lapsed.id));
    await setVariantFigures(ctx.database.db, product.id, { quantity: 10 });
    expect((await pass()).notified).toBe(3);
    const messages = await messagesFor(ids);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: 'sms', userId: verified.id, eventKey: `restock:${ids[0]}` });
    expect(messages[0]!.nextAttemptAt).toEqual(afternoon);
    for (const shopper of [verified, unverified, lapsed]) expect(await emailsTo(shopper)).toHaveLength(1);
  });

  it('cancels the requests for a product or size that left the storefront', async () => {
    const gone = await soldOut();
    const sized = await soldOutInSizes();
    const shopper = await signUp(ctx.app);
    await notifyMe(shopper, gone.id);
    await notifyMe(shopper, sized.id, { variantId: sized.medium });
    await ctx.database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, gone.id));
    await ctx.database.db
      .update(productVariants)
      .set({ archivedAt: new Date() })
      .where(eq(productVariants.id, sized.medium));
    const result = await pass();
    expect(result.cancelled).toBeGreaterThanOrEqual(2);
    for (const id of [gone.id, sized.id]) {
      const [row] = await requestsOf(id);
      expect(row).toMatchObject({ notifiedAt: null, cancelledAt: expect.any(Date) });
    }
  });

  it('shows the console who waits for what and the alerts sent', async () => {
    const product = await soldOut('Kanjivaram saree');
    const shoppers = [await signUp(ctx.app), await signUp(ctx.app)];
    for (const shopper of shoppers) await notifyMe(shopper, product.id);
    const staff = await signInStaff(ctx.app, 'catalogue');
    const read = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: '/api/admin/back-in-stock', headers: staff.headers })
      ).json();
    const before = await read();
    expect(before.waiting).toContainEqual(
      expect.objectContaining({ productId: product.id, title: 'Kanjivaram saree', shoppers: 2, inStock: 0 }),
    );
    await setVariantFigures(ctx.database.db, product.id, { quantity: 1 });
    await pass();
    const after = await read();
    expect(after.waiting).toContainEqual(expect.objectContaining({ productId: product.id, shoppers: 1 }));
    expect(after.recent.filter((r: { productId: string }) => r.productId === product.id)).toHaveLength(1);
  });
});

describe('the passes run by themselves', () => {
  it('alerts after a stock adjustment in the console, without waiting for the sweep', async () => {
    const live = await createTestApp({ RESTOCK_ALERT_POLL_SECONDS: '3600' });
    try {
      const product = await createProduct(live.database.db, { quantity: 0 });
      const shopper = await signUp(live.app);
      const asked = await live.app.inject({
        method: 'POST',
        url: `/api/product/${product.id}/notify-me`,
        headers: shopper.headers,
        payload: {},
      });
      expect(asked.statusCode).toBe(200);
      const staff = await signInStaff(live.app, 'catalogue');
      const adjusted = await live.app.inject({
        method: 'POST',
        url: `/api/admin/products/${product.id}/stock`,
        headers: staff.headers,
        payload: { change: 3, reason: 'received' },
      });
      expect(adjusted.statusCode).toBe(200);
      await expect
        .poll(
          async () => {
            const [row] = await live.database.db
              .select()
              .from(backInStockRequests)
              .where(eq(backInStockRequests.productId, product.id));
            return row?.notifiedAt ?? null;
          },
          { timeout: 10_000 },
        )
        .not.toBeNull();
    } finally {
      await live.close();
    }
  });
});

describe("the customer's data", () => {
  it('shows in their export every request, open and told, and none of anyone else', async () => {
    const sized = await soldOutInSizes();
    const plain = await soldOut('Kalamkari cushion cover');
    const shopper = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    expect((await notifyMe(shopper, sized.id, { variantId: sized.medium })).statusCode).toBe(200);
    expect((await notifyMe(shopper, plain.id)).statusCode).toBe(200);
    expect((await notifyMe(other, plain.id)).statusCode).toBe(200);
    await setVariantFigures(ctx.database.db, plain.id, { quantity: 1 });
    expect((await pass()).notified).toBe(1);

    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/me/export',
      headers: shopper.headers,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const { backInStockRequests: requests, about } = exported.json();
    expect(about.contents.backInStockRequests).toMatch(/back in stock/);
    expect(requests).toHaveLength(2);
    const byProduct = new Map(requests.map((r: { product: string }) => [r.product, r]));
    expect(byProduct.get(sized.title)).toMatchObject({
      size: 'M',
      channels: ['email'],
      notifiedAt: null,
      cancelledAt: null,
    });
    expect(byProduct.get('Kalamkari cushion cover')).toMatchObject({
      size: '',
      notifiedAt: expect.any(String),
    });
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/me/export',
      headers: other.headers,
    });
    expect(theirs.json().backInStockRequests).toHaveLength(1);
  });
});

describe('erasure', () => {
  it("removes the customer's requests with the account", async () => {
    const product = await soldOut();
    const shopper = await signUp(ctx.app);
    expect((await notifyMe(shopper, product.id)).statusCode).toBe(200);
    const erased = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/user/me',
      headers: shopper.headers,
      payload: { currentPassword: 'a good long password' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await requestsOf(product.id)).toEqual([]);
  });
});

describe('a launch with a crowd waiting', () => {
  it('tells the first shoppers of 66,000 waiting for one product, and the console counts them', async () => {
    // More shoppers than one statement can name (65,535 parameters): the pass works per product
    // and size in the database, never with lists of every request.
    const product = await soldOut('Launch phone');
    const db = ctx.database.db;
    await db.execute(sql`
      insert into users (firstname, lastname, email, mobile, password_hash)
      select 'Waiting', 'Shopper', 'launch-crowd-' || n || '@example.in', '8' || lpad(n::text, 9, '0'), 'x'
      from generate_series(1, 66000) as n`);
    await db.execute(sql`
      insert into back_in_stock_requests (user_id, product_id, created_at)
      select id, ${product.id}, now() - (row_number() over (order by email)) * interval '1 millisecond'
      from users where email like 'launch-crowd-%'`);
    await setVariantFigures(db, product.id, { quantity: 2 });

    const passed = await pass();
    expect(passed).toMatchObject({ busy: false, notified: 2 });
    const left = await db
      .select({ seen: backInStockRequests.stockSeen, count: sql<number>`count(*)::int` })
      .from(backInStockRequests)
      .where(and(eq(backInStockRequests.productId, product.id), isNull(backInStockRequests.notifiedAt)))
      .groupBy(backInStockRequests.stockSeen);
    expect(left.map((row) => [row.seen, Number(row.count)])).toEqual([[2, 65_998]]);

    const console = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/back-in-stock',
      headers: (await signInStaff(ctx.app, 'catalogue')).headers,
    });
    expect(console.statusCode, console.body).toBe(200);
    const waiting = console.json().waiting.find((w: { productId: string }) => w.productId === product.id);
    expect(waiting).toMatchObject({ shoppers: 65_998, inStock: 2 });

    // Withdrawn from the storefront: every request of it is cancelled in one go.
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, product.id));
    expect(await pass()).toMatchObject({ cancelled: 65_998 });
  }, 120_000);
});
