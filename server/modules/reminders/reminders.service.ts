import type { ApiDataExport } from '../../../shared/api/data-rights.schemas.js';
import type {
  ApiCartReminderSent,
  ApiPriceDropSent,
  ApiReminderFigures,
  ApiReminders,
} from '../../../shared/api/reminders.schemas.js';
import { paiseToRupees } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import { customerContact, maskEmail } from '../accounts/index.js';
import { type CatalogService, watchedProducts } from '../catalog/index.js';
import { inQuietHours, nextSendableAt } from '../messages/index.js';
import { ordersPlacedSince } from '../orders/index.js';
import { createCartReminders, REMINDER_DAYS } from './cart-reminders.js';
import { createPriceDrops } from './price-drops.js';
import * as repository from './reminders.repository.js';

const DAY_MS = 86_400_000;
const LISTED = 50;
const FIGURES_DAYS = 30;

/**
 * Which reminders turned into orders: an order of the customer within REMINDER_DAYS of a reminder
 * counts for the latest reminder before it, and a reminder counts once however many orders follow.
 */
export async function convertedReminders(
  db: Database,
  reminders: readonly { id: string; userId: string; createdAt: Date }[],
): Promise<Set<string>> {
  if (reminders.length === 0) return new Set();
  const since = new Date(reminders.reduce((first, r) => Math.min(first, r.createdAt.getTime()), Infinity));
  const orders = await ordersPlacedSince(
    db,
    reminders.map((r) => r.userId),
    since,
  );
  const byUser = new Map<string, { id: string; createdAt: Date }[]>();
  for (const reminder of [...reminders].sort((a, b) => +a.createdAt - +b.createdAt)) {
    const ofUser = byUser.get(reminder.userId);
    if (ofUser) ofUser.push(reminder);
    else byUser.set(reminder.userId, [reminder]);
  }
  const converted = new Set<string>();
  for (const order of orders) {
    const before = (byUser.get(order.userId) ?? []).filter((r) => r.createdAt <= order.placedAt);
    const latest = before.at(-1);
    if (latest && order.placedAt.getTime() - latest.createdAt.getTime() <= REMINDER_DAYS * DAY_MS)
      converted.add(latest.id);
  }
  return converted;
}

/** "Priya S. · pr•••@example.in"; an erased customer as such. */
async function maskedCustomer(db: Database, userId: string): Promise<string> {
  const contact = await customerContact(db, userId);
  if (!contact) return 'A former customer';
  const initial = contact.lastname ? ` ${contact.lastname.slice(0, 1)}.` : '';
  return `${contact.firstname}${initial} · ${maskEmail(contact.email)}`;
}

export function createReminders(deps: {
  db: Database;
  catalog: CatalogService;
  publicUrl: string;
  maxPerDay: number;
  cartReminderMinutes: number;
}) {
  const { db } = deps;
  const priceDrops = createPriceDrops(deps);
  const cartReminders = createCartReminders({ ...deps, afterMinutes: deps.cartReminderMinutes });

  /** The cart reminders of the window, and how many turned into orders. */
  async function figures(since: Date): Promise<ApiReminderFigures> {
    const [reminders, drops] = await Promise.all([
      repository.cartRemindersSince(db, since),
      repository.countPriceDropAlertsSince(db, since),
    ]);
    const converted = await convertedReminders(db, reminders);
    return { priceDrops: drops, cartReminders: reminders.length, converted: converted.size };
  }

  return {
    /**
     * Both sweeps, as at `now`. In the quiet hours nothing is decided (answers when the next
     * sweep may): a reminder decided at 09:00 says what is true then.
     */
    async sweep(now = new Date()) {
      if (inQuietHours(now)) return { priceDrops: 0, cartReminders: 0, heldUntil: nextSendableAt(now) };
      return {
        priceDrops: await priceDrops.sweep(now),
        cartReminders: await cartReminders.sweep(now),
        heldUntil: null,
      };
    },
    sweepPriceDrops: (now = new Date()) => (inQuietHours(now) ? Promise.resolve(0) : priceDrops.sweep(now)),
    sweepCarts: (now = new Date()) => (inQuietHours(now) ? Promise.resolve(0) : cartReminders.sweep(now)),
    restoreCart: cartReminders.restore,
    figures,

    /** The console's view: the latest of each, customers masked, and the last 30 days' figures. */
    async consoleList(now = new Date()): Promise<ApiReminders> {
      const [drops, carts] = await Promise.all([
        repository.latestPriceDropAlerts(db, LISTED),
        repository.latestCartReminders(db, LISTED),
      ]);
      const converted = await convertedReminders(db, carts);
      const names = new Map<string, string>();
      for (const userId of new Set([...drops, ...carts].map((row) => row.userId)))
        names.set(userId, await maskedCustomer(db, userId));
      const priceDropRows: ApiPriceDropSent[] = drops.map((row) => ({
        _id: row.id,
        at: row.createdAt.toISOString(),
        customer: names.get(row.userId)!,
        product: row.productTitle,
        oldPrice: paiseToRupees(row.oldPricePaise),
        newPrice: paiseToRupees(row.newPricePaise),
        drops: row.drops,
        channels: row.channels,
      }));
      const cartRows: ApiCartReminderSent[] = carts.map((row) => ({
        _id: row.id,
        at: row.createdAt.toISOString(),
        customer: names.get(row.userId)!,
        items: row.items,
        channels: row.channels,
        restoredAt: row.restoredAt?.toISOString() ?? null,
        converted: converted.has(row.id),
      }));
      return {
        priceDrops: priceDropRows,
        cartReminders: cartRows,
        last30Days: await figures(new Date(now.getTime() - FIGURES_DAYS * DAY_MS)),
      };
    },
  };
}

export type Reminders = ReturnType<typeof createReminders>;

/**
 * What this module holds about a customer (their data export): the prices last told for their
 * wishlisted items, the price drops and the cart reminders sent, with the channels each went by.
 */
export async function remindersOfCustomer(db: Database, userId: string): Promise<ApiDataExport['reminders']> {
  const { watches, drops, carts } = await repository.remindersOfUser(db, userId);
  const products = await watchedProducts(
    db,
    watches.map((watch) => watch.productId),
  );
  return {
    watchedPrices: watches.map((watch) => ({
      product: products.get(watch.productId)?.titles.en ?? 'A deleted product',
      lastPrice: paiseToRupees(watch.lastPricePaise),
      toldAt: watch.toldAt?.toISOString() ?? null,
    })),
    priceDrops: drops.map((drop) => ({
      product: drop.productTitle,
      oldPrice: paiseToRupees(drop.oldPricePaise),
      newPrice: paiseToRupees(drop.newPricePaise),
      itemsDropped: drop.drops,
      channels: drop.channels,
      sentAt: drop.createdAt.toISOString(),
    })),
    cartReminders: carts.map((cart) => ({
      items: cart.items,
      channels: cart.channels,
      sentAt: cart.createdAt.toISOString(),
      restoredAt: cart.restoredAt?.toISOString() ?? null,
    })),
  };
}
