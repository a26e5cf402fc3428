import type { ApiNotifications, NotificationsInput } from '../../../shared/api/notifications.schemas.js';
import type { Database, Executor } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import * as repository from './accounts.repository.js';
import { channelOfferPurpose, setChannelOffers } from './consents.js';
import { latestConsent } from './consents.repository.js';

export const CHANNEL_MESSAGES = {
  confirmFirst:
    'Confirm your mobile number first: send yourself a code under “Messages and updates” and enter it, then turn on SMS or WhatsApp messages.',
} as const;

const PHONE_CHANNELS = ['sms', 'whatsapp'] as const;
const ordersColumn = { sms: 'smsOrders', whatsapp: 'whatsappOrders' } as const;

async function given(db: Executor, userId: string, purpose: Parameters<typeof latestConsent>[2]) {
  return (await latestConsent(db, userId, purpose))?.given ?? false;
}

/**
 * The profile's channels as the shop acts on them now. An unconfirmed number reads both switches
 * false (nothing is sent to it); its stored order switch (on unless turned off) and any consent
 * stay for when the number is confirmed.
 */
export async function channelChoices(db: Executor, userId: string): Promise<ApiNotifications> {
  const user = await repository.findUserById(db, userId);
  if (!user || user.erasedAt) throw notFound('Account not found.');
  const verified = Boolean(user.mobileVerifiedAt);
  const [emailOffers, smsOffers, whatsappOffers] = [
    await given(db, userId, 'marketing-emails'),
    await given(db, userId, channelOfferPurpose.sms),
    await given(db, userId, channelOfferPurpose.whatsapp),
  ];
  return {
    email: { to: user.email, verified: Boolean(user.emailVerifiedAt), orders: true, offers: emailOffers },
    sms: { to: user.mobile, verified, orders: verified && user.smsOrders, offers: verified && smsOffers },
    whatsapp: {
      to: user.mobile,
      verified,
      orders: verified && user.whatsappOrders,
      offers: verified && whatsappOffers,
    },
  };
}

/**
 * Sets the SMS and WhatsApp switches, under the account's lock. Turning one on needs a confirmed
 * number (409 otherwise, so a switch never shows on while nothing can arrive). Turning one off
 * always works: offers withdrawn are recorded as consent withdrawals (source `profile`).
 */
export function createChannelChoices(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    mine: (userId: string) => channelChoices(db, userId),

    set(userId: string, input: NotificationsInput): Promise<ApiNotifications> {
      return db.transaction(async (tx) => {
        const user = await repository.lockUser(tx, userId);
        if (!user || user.erasedAt) throw notFound('Account not found.');
        const current = await channelChoices(tx, userId);
        const verified = Boolean(user.mobileVerifiedAt);
        const at = now();
        for (const channel of PHONE_CHANNELS) {
          const wanted = input[channel];
          const turningOn =
            (wanted.orders && !current[channel].orders) || (wanted.offers && !current[channel].offers);
          if (turningOn && !verified) throw conflict(CHANNEL_MESSAGES.confirmFirst);
        }
        for (const channel of PHONE_CHANNELS) {
          const wanted = input[channel];
          // An unconfirmed number shows its order switch off already: leaving it off keeps the
          // default (on) for when the number is confirmed.
          if (verified && wanted.orders !== user[ordersColumn[channel]])
            await repository.updateUser(tx, userId, { [ordersColumn[channel]]: wanted.orders });
          await setChannelOffers(tx, userId, channel, wanted.offers, 'profile', at);
        }
        return channelChoices(tx, userId);
      });
    },
  };
}

export type ChannelChoices = ReturnType<typeof createChannelChoices>;
