import { and, eq, isNotNull } from 'drizzle-orm';
import type { Locale } from '../../../shared/locales.js';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { findUserById } from './accounts.repository.js';
import { latestConsent } from './consents.repository.js';

/**
 * Where the shop may write to a customer, by channel and purpose. Order updates go on SMS and
 * WhatsApp to a verified mobile number unless the customer turned the channel off; offers (price
 * drops, cart reminders, back in stock) only with that channel's marketing consent, and on SMS and
 * WhatsApp only to a verified number. E-mail order updates are always sent, as before.
 */
export type MessageReach = {
  firstname: string;
  language: Locale;
  email: string;
  /** The verified mobile number; null while it is unproved (nothing goes to it then). */
  mobile: string | null;
  orders: { sms: boolean; whatsapp: boolean };
  offers: { email: boolean; sms: boolean; whatsapp: boolean };
};

export async function messageReach(db: Executor, userId: string): Promise<MessageReach | undefined> {
  const user = await findUserById(db, userId);
  if (!user || user.erasedAt || user.isBlocked) return undefined;
  const [email, sms, whatsapp] = await Promise.all(
    (['marketing-emails', 'marketing-sms', 'marketing-whatsapp'] as const).map(
      async (purpose) => (await latestConsent(db, userId, purpose))?.given ?? false,
    ),
  );
  const mobile = user.mobileVerifiedAt ? user.mobile : null;
  return {
    firstname: user.firstname,
    language: user.language,
    email: user.email,
    mobile,
    orders: { sms: Boolean(mobile) && user.smsOrders, whatsapp: Boolean(mobile) && user.whatsappOrders },
    offers: {
      email: Boolean(email),
      sms: Boolean(mobile) && Boolean(sms),
      whatsapp: Boolean(mobile) && Boolean(whatsapp),
    },
  };
}

/** The account whose verified mobile number this is (a reply to a message names only the number). */
export async function customerIdByVerifiedMobile(db: Executor, mobile: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mobile, mobile), isNotNull(users.mobileVerifiedAt)))
    .limit(1);
  return row?.id;
}
