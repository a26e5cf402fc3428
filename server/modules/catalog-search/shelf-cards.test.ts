import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/factories.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createShelfCards } from './shelf-cards.js';

describe('shelf cards (decision 024)', () => {
  let clock = 0;
  const cardsOf = (maxEntries = 3) => createShelfCards({ maxEntries, maxAgeMs: 10_000, now: () => clock });

  it('answers what it holds, in the order asked, and names what is missing', () => {
    const cards = cardsOf();
    cards.put(cards.readBegins(), [
      ['a', '{"a":1}'],
      ['c', '{"c":1}'],
    ]);
    expect(cards.get(['c', 'b', 'a'])).toEqual({ json: ['{"c":1}', undefined, '{"a":1}'], missing: ['b'] });
  });

  it('drops a card once it is older than its age, so held or sold stock shows within it', () => {
    const cards = cardsOf();
    clock = 1_000;
    cards.put(cards.readBegins(), [['a', 'A']]);
    clock = 10_999;
    expect(cards.get(['a']).missing).toEqual([]);
    // A stock change keeps cards (lists show stock within the age, as they did under the cache)...
    cards.changed('stock');
    expect(cards.get(['a']).missing).toEqual([]);
    clock = 11_000;
    // ...and the age counts from the read, not from the last use.
    expect(cards.get(['a']).missing).toEqual(['a']);
    expect(cards.size).toBe(0);
  });

  it('drops every card on any other change, and keeps nothing read before it', () => {
    const cards = cardsOf();
    cards.put(cards.readBegins(), [['a', 'A']]);
    const read = cards.readBegins();
    cards.changed('all');
    expect(cards.get(['a']).missing).toEqual(['a']);
    // This read began before the change: what it found may predate it.
    cards.put(read, [['a', 'old A']]);
    expect(cards.get(['a']).missing).toEqual(['a']);
    cards.put(cards.readBegins(), [['a', 'new A']]);
    expect(cards.get(['a']).json).toEqual(['new A']);
  });

  it('uses and keeps nothing while the server cannot hear changes', () => {
    const cards = cardsOf();
    cards.put(cards.readBegins(), [['a', 'A']]);
    cards.setHearing(false);
    expect(cards.get(['a']).missing).toEqual(['a']);
    cards.put(cards.readBegins(), [['a', 'A']]);
    expect(cards.size).toBe(0);
    cards.setHearing(true);
    cards.put(cards.readBegins(), [['a', 'A']]);
    expect(cards.get(['a']).missing).toEqual([]);
  });

  it('lets the least recently used card go beyond its size', () => {
    const cards = cardsOf(2);
    cards.put(cards.readBegins(), [
      ['a', 'A'],
      ['b', 'B'],
    ]);
    cards.get(['a']);
    cards.put(cards.readBegins(), [['c', 'C']]);
    expect(cards.get(['a', 'b', 'c']).missing).toEqual(['b']);
  });
});

describe('a list page made of cards, with the response cache off', () => {
  let ctx: TestContext;
  let staff: SignedInStaff;
  beforeAll(async () => {
    ctx = await createTestApp({ CATALOG_CACHE_SECONDS: '0' });
    staff = await signInStaff(ctx.app, 'catalogue');
  });
  afterAll(() => ctx.close());

  const titlesAndPrices = async (url: string) => {
    const response = await ctx.app.inject(url);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { title: string; price: number }[]).map((p) => `${p.title} ${p.price}`);
  };

  it('shows a console edit on the next read, and the same page again without one', async () => {
    const kettle = await createProduct(ctx.database.db, {
      title: 'Card kettle',
      category: 'Kitchen',
      pricePaise: 99_900,
    });
    await createProduct(ctx.database.db, { title: 'Card toaster', category: 'Kitchen', pricePaise: 149_900 });
    // Written behind the server's back: announced, as the console's writes are.
    ctx.app.services.catalog.invalidate();
    await ctx.app.services.catalog.warmShelfIndex();
    const url = '/api/product?category=Kitchen&sort=price';
    expect(await titlesAndPrices(url)).toEqual(['Card kettle 999', 'Card toaster 1499']);
    // A second read is put together from the cards the first kept.
    expect(await titlesAndPrices(url)).toEqual(['Card kettle 999', 'Card toaster 1499']);

    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/product/${kettle.id}`,
      headers: staff.headers,
      payload: { price: 1999 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await titlesAndPrices(url)).toEqual(['Card toaster 1499', 'Card kettle 1999']);
    await ctx.app.services.catalog.warmShelfIndex();
    expect(await titlesAndPrices(url)).toEqual(['Card toaster 1499', 'Card kettle 1999']);
  });
});
