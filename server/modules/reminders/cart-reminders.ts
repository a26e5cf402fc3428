import { createHash, randomBytes } from 'node:crypto';
import { localizePath } from '../../../shared/locales.js';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { messageReach, offerWithdrawToken } from '../accounts/index.js';
import { cartSoldOut, cartStateOf, idleCartOwners, restoreCartLines } from '../cart/index.js';
import { ordersPlacedSince } from '../orders/index.js';
import { channelsUnderCap, consentedChannels, lockCustomerOffers } from './marketing-rules.js';
import { queueOffer } from './offer-delivery.js';
import { cartReminderEmail } from './reminder-emails.js';
import * as repository from './reminders.repository.js';

/** Carts left longer than this are not reminded of: the shopper has moved on. */
const OLDEST_CART_MS = 72 * 3_600_000;
/** How long a reminder's link restores its cart, and counts an order as its conversion. */
export const REMINDER_DAYS = 7;
const DAY_MS = 86_400_000;
const CARTS_PER_SWEEP = 500;

export const LINK_NOT_YOURS =
  'This cart link has expired or belongs to another account. Sign in with the account the reminder was sent to; your cart shows what is in it now.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export type CartReminderDeps = {
  db: Database;
  publicUrl: string;
  maxPerDay: number;
  /** Minutes a cart waits untouched; 0: no reminders. */
  afterMinutes: number;
};

/**
 * Cart reminders (decision 057): a signed-in shopper's cart untouched for CART_REMINDER_MINUTES
 * gets one reminder per state of the cart (its lines and quantities), with a link that restores
 * it, on each channel they said yes to and the cap allows. None when the cart was emptied, an
 * order was placed since it was last changed, or everything in it is sold out.
 */
export function createCartReminders(deps: CartReminderDeps) {
  const { db, publicUrl, maxPerDay, afterMinutes } = deps;

  /** Reminds one customer of their cart, in one transaction; answers whether it was sent. */
  async function remind(userId: string, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      await lockCustomerOffers(tx, userId);
      // Read again under the lock: the cart may have changed or emptied since the sweep listed it.
      const cart = await cartStateOf(tx, userId);
      if (!cart || now.getTime() - cart.touchedAt.getTime() < afterMinutes * 60_000) return false;
      if (await repository.reminderOfState(tx, userId, cart.fingerprint)) return false;
      if ((await ordersPlacedSince(tx, [userId], cart.touchedAt)).length > 0) return false;
      if (await cartSoldOut(tx, cart.lines)) return false;
      const reach = await messageReach(tx, userId);
      if (!reach) return false;
      let channels = await channelsUnderCap(tx, userId, consentedChannels(reach), now, maxPerDay);
      if (channels.includes('email') && !(await offerWithdrawToken(tx, userId)))
        channels = channels.filter((channel) => channel !== 'email');
      if (channels.length === 0) return false;
      const token = randomBytes(24).toString('base64url');
      const items = cart.lines.reduce((sum, line) => sum + line.quantity, 0);
      const reminder = await repository.insertCartReminder(tx, {
        userId,
        cartState: cart.fingerprint,
        cartTouchedAt: cart.touchedAt,
        items,
        lines: cart.lines,
        channels,
        tokenHash: hashToken(token),
        createdAt: now,
      });
      if (!reminder) return false;
      const url = `${publicUrl}${localizePath(reach.language, '/cart')}?r=${token}`;
      const params = { name: reach.firstname, items: String(items), url };
      await queueOffer(tx, {
        userId,
        reach,
        channels,
        kind: 'cart-reminder',
        params,
        eventKey: `cart-reminder:${reminder.id}`,
        email: (links) =>
          cartReminderEmail({
            to: reach.email,
            firstname: reach.firstname,
            locale: reach.language,
            ...links,
            items,
            url,
          }),
        publicUrl,
        now,
      });
      return true;
    });
  }

  return {
    /** One sweep; the caller keeps it out of the quiet hours. Answers how many were reminded. */
    async sweep(now: Date): Promise<number> {
      if (afterMinutes <= 0) return 0;
      const owners = await idleCartOwners(db, {
        from: new Date(now.getTime() - OLDEST_CART_MS),
        to: new Date(now.getTime() - afterMinutes * 60_000),
        limit: CARTS_PER_SWEEP,
      });
      let sent = 0;
      for (const userId of owners) if (await remind(userId, now)) sent += 1;
      return sent;
    },

    /**
     * The reminder's link, opened signed in: its lines no longer in the cart come back (at today's
     * price, as stock allows). Only for the customer it was sent to, within REMINDER_DAYS.
     */
    async restore(userId: string, token: string, now = new Date()) {
      const reminder = await repository.reminderByTokenHash(db, hashToken(token));
      if (
        !reminder ||
        reminder.userId !== userId ||
        now.getTime() - reminder.createdAt.getTime() > REMINDER_DAYS * DAY_MS
      )
        throw notFound(LINK_NOT_YOURS);
      const restored = await db.transaction(async (tx) => {
        const count = await restoreCartLines(tx, userId, reminder.lines);
        await repository.markRestored(tx, reminder.id, now);
        return count;
      });
      return {
        restored,
        message:
          restored === 0
            ? 'Your cart is as you left it.'
            : `${restored} ${restored === 1 ? 'item is' : 'items are'} back in your cart.`,
      };
    },
  };
}

export type CartReminders = ReturnType<typeof createCartReminders>;
