import { localizePath } from '../../../shared/locales.js';
import type { Database } from '../../db/client.js';
import { messageReach, offerWithdrawToken } from '../accounts/index.js';
import { type CatalogService, productsForPricing } from '../catalog/index.js';
import { wishlistedSince } from '../wishlist/index.js';
import { channelsUnderCap, consentedChannels, indiaDay, lockCustomerOffers } from './marketing-rules.js';
import { queueOffer, rupees } from './offer-delivery.js';
import { priceDropEmail } from './reminder-emails.js';
import * as repository from './reminders.repository.js';

/** Customers told per sweep at most; the rest wait for the next one. */
const CUSTOMERS_PER_SWEEP = 500;

/** Wishlist items added this long before the last sweep began are read again (late commits). */
const SYNC_OVERLAP_MS = 10 * 60_000;

export type PriceDropDeps = {
  db: Database;
  catalog: CatalogService;
  publicUrl: string;
  maxPerDay: number;
};

/**
 * Price drops on wishlisted products (decision 057). Each sweep first brings the watches in step
 * with the wishlists (a new item is watched at today's price; a removed one is forgotten with it;
 * a rise is followed), then tells each customer whose items now cost less than they last knew: one message a
 * day at most, naming the biggest drop, on each channel they said yes to and the cap allows.
 */
export function createPriceDrops(deps: PriceDropDeps) {
  const { db, catalog, publicUrl, maxPerDay } = deps;

  /**
   * Where the wishlist was read up to, by this server's clock: the next sweep reads only what was
   * added since. The first sweep of a server reads the whole wishlist.
   */
  let syncedUntil: Date | undefined;

  /**
   * Watches in step with the wishlists, in the database: an item added since the last sweep is
   * watched at today's price (one taken off is gone with its watch); a product's rise is followed by
   * every watch below it. Answers the customers with a drop to tell, CUSTOMERS_PER_SWEEP at most.
   */
  async function syncWatches(): Promise<string[]> {
    const startedAt = new Date();
    // A wishlist row's time is its transaction's start: a late commit is caught by the overlap.
    const since = syncedUntil && new Date(syncedUntil.getTime() - SYNC_OVERLAP_MS);
    const added = await wishlistedSince(db, since);
    // One read of the prices: the products watched already and those just wished.
    const productIds = new Set([
      ...(await repository.watchedProductIds(db)),
      ...added.map((item) => item.productId),
    ]);
    const pricing = await productsForPricing(db, [...productIds]);
    const prices = new Map([...pricing].map(([productId, product]) => [productId, product.pricePaise]));
    await repository.insertWatches(
      db,
      added.flatMap((item) => {
        const price = prices.get(item.productId);
        return price === undefined ? [] : [{ ...item, lastPricePaise: price }];
      }),
    );
    // The wishlist shows the higher price from now on: a later fall below it is news.
    await repository.followPriceRises(db, prices);
    const customers = await repository.customersWithDrops(db, prices, CUSTOMERS_PER_SWEEP);
    syncedUntil = startedAt;
    return customers;
  }

  /** Tells one customer of their drops, in one transaction; answers whether a message was queued. */
  async function tell(userId: string, now: Date): Promise<boolean> {
    // Titles, slugs and stock, read before the transaction (the catalogue reads on its own).
    const onSale = await catalog.productsByIds(
      (await repository.productWatchesOf(db, userId, { lock: false })).map((watch) => watch.productId),
      { onSale: true },
    );
    return db.transaction(async (tx) => {
      await lockCustomerOffers(tx, userId);
      const watches = await repository.productWatchesOf(tx, userId);
      const prices = await productsForPricing(
        tx,
        watches.map((watch) => watch.productId),
      );
      // Only products on sale and in stock are news; the others keep their watch for later.
      const drops = watches.flatMap((watch) => {
        const price = prices.get(watch.productId)?.pricePaise;
        const product = onSale.get(watch.productId);
        return price !== undefined && price < watch.lastPricePaise && product && product.quantity > 0
          ? [{ watch, price, product }]
          : [];
      });
      if (drops.length === 0) return false;
      const reach = await messageReach(tx, userId);
      if (!reach) return false;
      const consented = consentedChannels(reach);
      if (consented.length === 0) {
        // No yes to offers anywhere: the customer knows the price from the wishlist; a later yes
        // must not bring news of drops long past.
        for (const drop of drops) await repository.setWatchedPrice(tx, drop.watch.id, drop.price);
        return false;
      }
      let channels = await channelsUnderCap(tx, userId, consented, now, maxPerDay);
      if (channels.includes('email') && !(await offerWithdrawToken(tx, userId)))
        channels = channels.filter((channel) => channel !== 'email');
      // Capped today on every channel: the drops wait for tomorrow.
      if (channels.length === 0) return false;
      const biggest = drops.reduce((a, b) =>
        b.watch.lastPricePaise - b.price > a.watch.lastPricePaise - a.price ? b : a,
      );
      const day = indiaDay(now);
      const language = reach.language;
      const title =
        (language === 'en' ? undefined : biggest.product.translations?.[language]?.title) ??
        biggest.product.title;
      const alert = await repository.insertPriceDropAlert(tx, {
        userId,
        productId: biggest.watch.productId,
        productTitle: biggest.product.title,
        oldPricePaise: biggest.watch.lastPricePaise,
        newPricePaise: biggest.price,
        drops: drops.length,
        channels,
        indiaDay: day,
        createdAt: now,
      });
      // Already told today (another server, or an earlier sweep): tomorrow, if still lower.
      if (!alert) return false;
      const url = `${publicUrl}${localizePath(reach.language, `/product/${biggest.product.slug}`)}`;
      const params = {
        name: reach.firstname,
        product: title,
        oldPrice: rupees(biggest.watch.lastPricePaise),
        newPrice: rupees(biggest.price),
        url,
      };
      await queueOffer(tx, {
        userId,
        reach,
        channels,
        kind: 'price-drop',
        params,
        eventKey: `price-drop:${userId}:${day}`,
        email: (links) =>
          priceDropEmail({
            to: reach.email,
            firstname: reach.firstname,
            locale: reach.language,
            ...links,
            ...params,
            more: drops.length - 1,
          }),
        publicUrl,
        now,
      });
      for (const drop of drops) await repository.setWatchedPrice(tx, drop.watch.id, drop.price, now);
      return true;
    });
  }

  return {
    /** One sweep; the caller keeps it out of the quiet hours. Answers how many customers were told. */
    async sweep(now: Date): Promise<number> {
      const customers = await syncWatches();
      let told = 0;
      for (const userId of customers) if (await tell(userId, now)) told += 1;
      return told;
    },
  };
}

export type PriceDrops = ReturnType<typeof createPriceDrops>;
