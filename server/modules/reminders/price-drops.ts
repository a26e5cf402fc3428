import { localizePath } from '../../../shared/locales.js';
import type { Database } from '../../db/client.js';
import { messageReach, offerWithdrawToken } from '../accounts/index.js';
import { type CatalogService, productsForPricing } from '../catalog/index.js';
import { allWishlistedItems } from '../wishlist/index.js';
import { channelsUnderCap, consentedChannels, indiaDay, lockCustomerOffers } from './marketing-rules.js';
import { queueOffer, rupees } from './offer-delivery.js';
import { priceDropEmail } from './reminder-emails.js';
import * as repository from './reminders.repository.js';

/** Customers told per sweep at most; the rest wait for the next one. */
const CUSTOMERS_PER_SWEEP = 500;

export type PriceDropDeps = {
  db: Database;
  catalog: CatalogService;
  publicUrl: string;
  maxPerDay: number;
};

/**
 * Price drops on wishlisted products (decision 057). Each sweep first brings the watches in step
 * with the wishlists (a new item is watched at today's price; a removed one is forgotten; a rise is
 * followed), then tells each customer whose items now cost less than they last knew: one message a
 * day at most, naming the biggest drop, on each channel they said yes to and the cap allows.
 */
export function createPriceDrops(deps: PriceDropDeps) {
  const { db, catalog, publicUrl, maxPerDay } = deps;

  /** Watches in step with the wishlists; answers the customers with a drop to tell. */
  async function syncWatches(): Promise<string[]> {
    const [items, watches] = await Promise.all([allWishlistedItems(db), repository.productWatches(db)]);
    const prices = await productsForPricing(db, [...new Set(items.map((item) => item.productId))]);
    const wished = new Set(items.map((item) => `${item.userId}:${item.productId}`));
    const watched = new Map(watches.map((watch) => [`${watch.userId}:${watch.productId}`, watch]));
    await repository.insertWatches(
      db,
      items.flatMap((item) => {
        const price = prices.get(item.productId)?.pricePaise;
        return watched.has(`${item.userId}:${item.productId}`) || price === undefined
          ? []
          : [{ userId: item.userId, productId: item.productId, lastPricePaise: price }];
      }),
    );
    await repository.deleteWatches(
      db,
      watches.filter((watch) => !wished.has(`${watch.userId}:${watch.productId}`)).map((watch) => watch.id),
    );
    const dropped = new Set<string>();
    const risen = new Map<string, number>();
    for (const watch of watches) {
      const price = prices.get(watch.productId)?.pricePaise;
      if (price === undefined || !wished.has(`${watch.userId}:${watch.productId}`)) continue;
      if (price > watch.lastPricePaise) risen.set(watch.productId, price);
      else if (price < watch.lastPricePaise) dropped.add(watch.userId);
    }
    // The wishlist shows the higher price from now on: a later fall below it is news. One
    // statement per product, however many wishlists hold it.
    for (const [productId, price] of risen) await repository.followPriceRise(db, productId, price);
    return [...dropped];
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
      const customers = (await syncWatches()).slice(0, CUSTOMERS_PER_SWEEP);
      let told = 0;
      for (const userId of customers) if (await tell(userId, now)) told += 1;
      return told;
    },
  };
}

export type PriceDrops = ReturnType<typeof createPriceDrops>;
