import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartLines,
  cartReminders,
  emailOutbox,
  messageOutbox,
  priceDropAlerts,
  priceWatches,
  users,
  wishlistItems,
} from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor, setVariantFigures } from '../../test/factories.js';
import { insertOrder } from '../../test/orders.js';
import { type Customer, shoppingCalls } from '../../test/shopping.js';
import { signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { setChannelOffers } from '../accounts/index.js';

/**
 * Price drops and cart reminders (decision 057), through the sweeps with `now` injected and the
 * outboxes they write to: consent, the quiet hours, the daily cap, one reminder per cart state
 * however often (or wherever) the sweep runs, and the reminders that turned into orders.
 */
let ctx: TestContext;
const shop = shoppingCalls(() => ctx.app);
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://shop.example.in' });
});
afterAll(async () => {
  await ctx?.close();
});

/** 2026-12-<day> at hh:mm India time. */
const india = (day: number, hh: number, mm = 0) => new Date(Date.UTC(2026, 11, day, hh, mm) - 330 * 60_000);
const sweep = (at: Date) => ctx.app.services.reminders.sweep(at);

async function customer(offers: { email?: boolean; sms?: boolean } = {}) {
  const who = await signUp(ctx.app);
  if (offers.email) {
    const chosen = await shop.api(who, 'PUT', '/api/user/me/marketing', { subscribed: true });
    expect(chosen.statusCode, chosen.body).toBe(200);
  }
  if (offers.sms) {
    await db().update(users).set({ mobileVerifiedAt: new Date() }).where(eq(users.id, who.id));
    await setChannelOffers(db(), who.id, 'sms', true, 'profile', new Date());
  }
  return who;
}

const wish = async (who: Customer, productId: string) =>
  expect((await shop.api(who, 'PUT', '/api/product/wishlist', { prodId: productId })).statusCode).toBe(200);

/** The offers e-mailed to the customer (not their sign-up's e-mails). */
const mailsTo = (who: Customer) =>
  db()
    .select()
    .from(emailOutbox)
    .where(
      and(eq(emailOutbox.recipient, who.email), inArray(emailOutbox.label, ['price-drop', 'cart-reminder'])),
    )
    .orderBy(emailOutbox.createdAt);
const messagesTo = (who: Customer, kind: 'price-drop' | 'cart-reminder') =>
  db()
    .select()
    .from(messageOutbox)
    .where(and(eq(messageOutbox.userId, who.id), eq(messageOutbox.kind, kind)));

/** A product in one colour, and that colour (a cart line names it). */
async function product(pricePaise: number, title = `Watch ${Math.random().toString(36).slice(2, 7)}`) {
  const made = await createProduct(db(), { title, pricePaise, quantity: 5 });
  const color = await ensureColor(db(), '#111111');
  return { ...made, colorId: color.id };
}

/** The cart's lines last changed at `at`, as if left alone since. */
const leaveCart = (who: Customer, at: Date) =>
  db().update(cartLines).set({ createdAt: at, updatedAt: at }).where(eq(cartLines.userId, who.id));

describe('price drops on wishlisted items', () => {
  it('tells an opted-in customer once a day, naming the biggest drop, on each channel', async () => {
    const who = await customer({ email: true, sms: true });
    const small = await product(200_000);
    const big = await product(500_000);
    await wish(who, small.id);
    await wish(who, big.id);
    // The first sweep watches the prices the customer sees; nothing has dropped yet.
    await sweep(india(1, 10));
    expect(await mailsTo(who)).toHaveLength(0);

    await setVariantFigures(db(), small.id, { pricePaise: 190_000 });
    await setVariantFigures(db(), big.id, { pricePaise: 450_000 });
    await sweep(india(1, 11));
    const [alert, ...more] = await db()
      .select()
      .from(priceDropAlerts)
      .where(eq(priceDropAlerts.userId, who.id));
    expect(more).toHaveLength(0);
    expect(alert).toMatchObject({
      productId: big.id,
      oldPricePaise: 500_000,
      newPricePaise: 450_000,
      drops: 2,
    });
    expect(alert!.channels.sort()).toEqual(['email', 'sms']);
    const mails = await mailsTo(who);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Price drop: ${big.title} is now ₹4,500.00`);
    expect(mails[0]!.text).toContain('1 more item on your wishlist costs less now too.');
    expect(mails[0]!.text).toContain(`https://shop.example.in/product/${big.slug}`);
    expect(mails[0]!.headers['List-Unsubscribe']).toMatch(
      /^<https:\/\/shop\.example\.in\/api\/marketing\/unsubscribe\?token=/,
    );
    const sms = await messagesTo(who, 'price-drop');
    expect(sms.map((m) => [m.channel, m.eventKey, m.params])).toEqual([
      [
        'sms',
        `price-drop:${who.id}:2026-12-01`,
        {
          name: who.firstname,
          product: big.title,
          oldPrice: '₹5,000.00',
          newPrice: '₹4,500.00',
          url: `https://shop.example.in/product/${big.slug}`,
        },
      ],
    ]);

    // Two drops on one day are one message: a second drop that day waits for the next.
    await setVariantFigures(db(), small.id, { pricePaise: 150_000 });
    await sweep(india(1, 15));
    await sweep(india(1, 16));
    expect(await mailsTo(who)).toHaveLength(1);
    expect(await messagesTo(who, 'price-drop')).toHaveLength(1);
    await sweep(india(2, 10));
    const next = await mailsTo(who);
    expect(next).toHaveLength(2);
    expect(next[1]!.subject).toBe(`Price drop: ${small.title} is now ₹1,500.00`);
    expect(next[1]!.text).toContain('was ₹1,900.00 and is now ₹1,500.00');
  });

  it('sends nothing without consent, and a later yes brings no news of old drops', async () => {
    const who = await customer();
    const item = await product(300_000);
    await wish(who, item.id);
    await sweep(india(3, 10));
    await setVariantFigures(db(), item.id, { pricePaise: 250_000 });
    await sweep(india(3, 11));
    expect(await mailsTo(who)).toHaveLength(0);
    expect(await messagesTo(who, 'price-drop')).toHaveLength(0);
    expect((await shop.api(who, 'PUT', '/api/user/me/marketing', { subscribed: true })).statusCode).toBe(200);
    await sweep(india(3, 12));
    expect(await mailsTo(who)).toHaveLength(0);
    // A new drop after the yes is news.
    await setVariantFigures(db(), item.id, { pricePaise: 240_000 });
    await sweep(india(3, 13));
    expect((await mailsTo(who)).map((m) => m.subject)).toEqual([
      `Price drop: ${item.title} is now ₹2,400.00`,
    ]);
  });

  it('decides nothing at 23:00 India time; the 09:00 sweep sends', async () => {
    const who = await customer({ email: true, sms: true });
    const item = await product(100_000);
    await wish(who, item.id);
    await sweep(india(4, 20));
    await setVariantFigures(db(), item.id, { pricePaise: 90_000 });
    const night = await sweep(india(4, 23));
    expect(night).toEqual({ priceDrops: 0, cartReminders: 0, heldUntil: india(5, 9) });
    expect(await mailsTo(who)).toHaveLength(0);
    expect(await messagesTo(who, 'price-drop')).toHaveLength(0);
    await sweep(india(5, 9));
    expect(await mailsTo(who)).toHaveLength(1);
    const [sms] = await messagesTo(who, 'price-drop');
    expect(sms!.notBefore).toEqual(india(5, 9));
  });
});

describe('the watches of a wishlist', () => {
  const watchesOf = async (who: Customer) =>
    (
      await db()
        .select({ productId: priceWatches.productId, price: priceWatches.lastPricePaise })
        .from(priceWatches)
        .where(eq(priceWatches.userId, who.id))
    ).sort((a, b) => a.price - b.price);

  it('watches an item wished after a sweep at the next one, and forgets it with the wishlist item', async () => {
    const who = await customer({ email: true });
    const first = await product(300_000);
    await wish(who, first.id);
    await sweep(india(12, 10));
    // Wished after that sweep: the next one reads what was added since.
    const later = await product(400_000);
    await wish(who, later.id);
    await sweep(india(12, 11));
    expect(await watchesOf(who)).toEqual([
      { productId: first.id, price: 300_000 },
      { productId: later.id, price: 400_000 },
    ]);

    await setVariantFigures(db(), later.id, { pricePaise: 350_000 });
    await sweep(india(12, 12));
    const alerts = await db().select().from(priceDropAlerts).where(eq(priceDropAlerts.userId, who.id));
    expect(alerts.map((a) => [a.productId, a.oldPricePaise, a.newPricePaise])).toEqual([
      [later.id, 400_000, 350_000],
    ]);

    // Taken off the wishlist, its watch is gone at once, before any sweep.
    await wish(who, later.id);
    expect(await watchesOf(who)).toEqual([{ productId: first.id, price: 300_000 }]);
  });
});

describe('a price-drop sweep over a big shop', () => {
  it('watches tens of thousands of wishlisted items at once, more than one statement can carry', async () => {
    // 220 customers with the same 100 products wishlisted: 22,000 new watches of three values each
    // in the first sweep, over PostgreSQL's 65,535 parameters a statement.
    const products = await Promise.all(Array.from({ length: 100 }, () => product(99_900)));
    const ids = products.map((p) => p.id);
    const made = await db()
      .insert(users)
      .values(
        Array.from({ length: 220 }, (_, n) => ({
          firstname: 'Many',
          lastname: 'Wishes',
          email: `many-wishes-${n}@example.in`,
          mobile: `9${String(n).padStart(9, '0')}`,
          passwordHash: 'x',
        })),
      )
      .returning({ id: users.id });
    const userIds = made.map((row) => row.id);
    for (let i = 0; i < userIds.length; i += 50)
      await db()
        .insert(wishlistItems)
        .values(
          userIds.slice(i, i + 50).flatMap((userId) => ids.map((productId) => ({ userId, productId }))),
        );

    await sweep(india(10, 12));
    const watched = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(priceWatches)
      .where(inArray(priceWatches.userId, userIds));
    expect(Number(watched[0]!.count)).toBe(22_000);

    // A rise is followed by every watch of the product.
    await setVariantFigures(db(), ids[0]!, { pricePaise: 109_900 });
    await sweep(india(10, 12, 30));
    const followed = await db()
      .select({ price: priceWatches.lastPricePaise })
      .from(priceWatches)
      .where(inArray(priceWatches.userId, userIds));
    expect(followed.filter((watch) => watch.price === 109_900)).toHaveLength(220);

    // Forgotten as a whole when the wishlists empty (with them, at once).
    await db().delete(wishlistItems).where(inArray(wishlistItems.userId, userIds));
    await sweep(india(10, 13));
    const left = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(priceWatches)
      .where(inArray(priceWatches.userId, userIds));
    expect(Number(left[0]!.count)).toBe(0);
  });
});

describe('cart reminders', () => {
  async function shopperWithCart(offers: { email?: boolean; sms?: boolean } = { email: true }) {
    const who = await customer(offers);
    const item = await product(120_000);
    await shop.addToCart(who, item.id, item.colorId, 2);
    return { who, item };
  }
  const remindersOf = (who: Customer) =>
    db().select().from(cartReminders).where(eq(cartReminders.userId, who.id));
  const linkIn = (text: string) => text.match(/https:\/\/shop\.example\.in\/cart\?r=([\w-]+)/)?.[1];

  it('reminds once per cart state, with a link only that customer can open', async () => {
    const { who, item } = await shopperWithCart({ email: true, sms: true });
    await leaveCart(who, india(6, 10));
    // Not yet an hour.
    await sweep(india(6, 10, 59));
    expect(await remindersOf(who)).toHaveLength(0);
    // Two sweeps at once (two servers) and one more later: one reminder.
    await Promise.all([sweep(india(6, 11, 5)), sweep(india(6, 11, 5))]);
    await sweep(india(6, 12));
    expect(await remindersOf(who)).toHaveLength(1);
    const mails = await mailsTo(who);
    expect(mails.map((m) => m.subject)).toEqual(['You left 2 items in your cart']);
    const token = linkIn(mails[0]!.text);
    expect(token).toBeDefined();
    const [sms, ...extra] = await messagesTo(who, 'cart-reminder');
    expect(extra).toHaveLength(0);
    expect(sms!.params).toMatchObject({ items: '2', url: `https://shop.example.in/cart?r=${token}` });

    // The link: not without signing in, not for another customer; for its customer it puts back
    // what left the cart.
    const restore = (as: Customer | undefined, body: object) =>
      shop.api(as, 'POST', '/api/user/cart/restore', body);
    expect((await restore(undefined, { token })).statusCode).toBe(401);
    const stranger = await customer();
    const refused = await restore(stranger, { token });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toContain('belongs to another account');
    expect((await restore(who, { token: 'short' })).statusCode).toBe(400);
    expect((await shop.api(who, 'DELETE', '/api/user/empty-cart')).statusCode).toBe(200);
    const restored = await restore(who, { token });
    expect(restored.json()).toEqual({ restored: 1, message: '1 item is back in your cart.' });
    const cart = (await shop.api(who, 'GET', '/api/user/cart')).json();
    expect(
      cart.map((line: { productId: { _id: string }; quantity: number }) => [
        line.productId._id,
        line.quantity,
      ]),
    ).toEqual([[item.id, 2]]);

    // A changed cart is a new state: reminded again (another day: the cap is one a day).
    await shop.addToCart(who, item.id, item.colorId, 1);
    await leaveCart(who, india(7, 10));
    await sweep(india(7, 12));
    expect(await remindersOf(who)).toHaveLength(2);
  });

  it('sends none when the shopper bought, emptied the cart or everything sold out', async () => {
    const bought = await shopperWithCart();
    await leaveCart(bought.who, india(8, 10));
    await insertOrder(db(), {
      userId: bought.who.id,
      lines: [{ productId: bought.item.id, colorId: bought.item.colorId, pricePaise: 120_000 }],
      createdAt: india(8, 10, 30),
    });
    const emptied = await shopperWithCart();
    expect((await shop.api(emptied.who, 'DELETE', '/api/user/empty-cart')).statusCode).toBe(200);
    const soldOut = await shopperWithCart();
    await leaveCart(soldOut.who, india(8, 10));
    await setVariantFigures(db(), soldOut.item.id, { quantity: 0 });
    await sweep(india(8, 12));
    for (const { who } of [bought, emptied, soldOut]) {
      expect(await remindersOf(who)).toHaveLength(0);
      expect(await mailsTo(who)).toHaveLength(0);
    }
  });

  it("keeps to the day's cap across price drops and cart reminders, and waits out the night", async () => {
    const { who } = await shopperWithCart();
    const item = await product(80_000);
    await wish(who, item.id);
    await sweep(india(9, 9));
    await setVariantFigures(db(), item.id, { pricePaise: 70_000 });
    await leaveCart(who, india(9, 9, 30));
    await sweep(india(9, 11));
    // The price drop went first; the cart reminder waits for the next day.
    expect((await mailsTo(who)).map((m) => m.subject)).toEqual([`Price drop: ${item.title} is now ₹700.00`]);
    await sweep(india(9, 23, 30));
    expect(await remindersOf(who)).toHaveLength(0);
    await sweep(india(10, 9, 15));
    expect(await remindersOf(who)).toHaveLength(1);
  });

  it('counts a reminder that turned into orders once, on the dashboard and the console', async () => {
    const owner = await signInStaff(ctx.app, 'owner');
    const figures = async () => {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/dashboard',
        headers: owner.headers,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().reminders as { priceDrops: number; cartReminders: number; converted: number };
    };
    const { who, item } = await shopperWithCart();
    // 12:00 India time today: within the dashboard's 30 days, outside the quiet hours.
    const today = new Date();
    const noon = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 6, 30));
    await leaveCart(who, new Date(noon.getTime() - 2 * 3_600_000));
    const before = await figures();
    await sweep(noon);
    expect(await remindersOf(who)).toHaveLength(1);
    const sent = await figures();
    expect(sent).toMatchObject({ cartReminders: before.cartReminders + 1, converted: before.converted });
    // Two orders after one reminder: one reminder turned into orders.
    for (const hours of [1, 30]) {
      await insertOrder(db(), {
        userId: who.id,
        lines: [{ productId: item.id, colorId: item.colorId, pricePaise: 120_000 }],
        createdAt: new Date(noon.getTime() + hours * 3_600_000),
      });
    }
    expect(await figures()).toMatchObject({
      cartReminders: sent.cartReminders,
      converted: before.converted + 1,
    });

    const list = await ctx.app.inject({ method: 'GET', url: '/api/admin/reminders', headers: owner.headers });
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().cartReminders.find((r: { at: string }) => r.at === noon.toISOString());
    expect(row).toMatchObject({
      at: noon.toISOString(),
      customer: `Test ${who.lastname.slice(0, 1)}. · ${who.email.slice(0, 2)}•••@example.in`,
      items: 2,
      channels: ['email'],
      restoredAt: null,
      converted: true,
    });
  });

  it('shows the console list to staff who read customers only', async () => {
    const url = '/api/admin/reminders';
    const support = await signInStaff(ctx.app, 'support');
    expect((await ctx.app.inject({ method: 'GET', url, headers: support.headers })).statusCode).toBe(200);
    const catalogue = await signInStaff(ctx.app, 'catalogue');
    expect((await ctx.app.inject({ method: 'GET', url, headers: catalogue.headers })).statusCode).toBe(403);
    const shopper = await customer();
    expect((await ctx.app.inject({ method: 'GET', url, headers: shopper.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    // The end-to-end suite's hook is not there unless asked for.
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/test/reminders/sweep', payload: {} })).statusCode,
    ).toBe(404);
  });
});

describe("the customer's data", () => {
  it('shows in their export the prices watched, the price drops and the cart reminders sent', async () => {
    const who = await customer({ email: true });
    const item = await product(300_000);
    await wish(who, item.id);
    await sweep(india(20, 10));
    await setVariantFigures(db(), item.id, { pricePaise: 250_000 });
    await sweep(india(20, 11));
    await shop.addToCart(who, item.id, item.colorId, 2);
    await leaveCart(who, india(21, 10));
    await sweep(india(21, 12));
    const someoneElse = await customer({ email: true });
    await wish(someoneElse, item.id);

    const exported = await shop.api(who, 'GET', '/api/user/me/export');
    expect(exported.statusCode, exported.body).toBe(200);
    const { reminders, about } = exported.json();
    expect(about.contents.reminders).toMatch(/Price drops/);
    expect(reminders.watchedPrices).toEqual([
      { product: item.title, lastPrice: 2500, toldAt: expect.any(String) },
    ]);
    expect(reminders.priceDrops).toEqual([
      {
        product: item.title,
        oldPrice: 3000,
        newPrice: 2500,
        itemsDropped: 1,
        channels: ['email'],
        sentAt: india(20, 11).toISOString(),
      },
    ]);
    expect(reminders.cartReminders).toEqual([
      { items: 2, channels: ['email'], sentAt: expect.any(String), restoredAt: null },
    ]);
  });
});

describe('a month of cart reminders in a big shop', () => {
  it('still gives the dashboard its figures with 66,000 reminded customers', async () => {
    const owner = await signInStaff(ctx.app, 'owner');
    const reminded = async () => {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/dashboard',
        headers: owner.headers,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json().reminders as { cartReminders: number }).cartReminders;
    };
    const before = await reminded();
    // More customers than one statement can name (65,535 parameters) when their orders are looked up.
    await db().execute(sql`
      insert into users (firstname, lastname, email, mobile, password_hash)
      select 'Reminded', 'Shopper', 'reminded-' || n || '@example.in', '7' || lpad(n::text, 9, '0'), 'x'
      from generate_series(1, 66000) as n`);
    await db().execute(sql`
      insert into cart_reminders (user_id, cart_state, cart_touched_at, items, lines, channels, token_hash, created_at)
      select id, 'state-' || id, now() - interval '2 days', 1, '[]'::jsonb, '{email}', 'token-' || id,
        now() - interval '1 day'
      from users where email like 'reminded-%'`);
    expect(await reminded()).toBe(before + 66_000);
  }, 120_000);
});
