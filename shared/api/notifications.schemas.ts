import * as z from 'zod/mini';
import { codeSentAnswer, messageAnswer, mobileCodeBody } from './accounts.schemas.js';

/**
 * Where the shop writes to a customer: e-mail, SMS and WhatsApp, each with its address or number,
 * whether that is proved, and the two switches (order updates, offers). The switches say what the
 * shop does now: nothing goes to an unconfirmed number, so both read false until it is confirmed.
 */
const channelAnswer = z.object({
  /** The e-mail address or the 10-digit mobile number (the owner's own, unmasked). */
  to: z.string(),
  verified: z.boolean(),
  orders: z.boolean(),
  offers: z.boolean(),
});

export const notificationsAnswer = z.object({
  /** Order e-mails always go; offers by e-mail are changed at /api/user/me/marketing. */
  email: z.extend(channelAnswer, { orders: z.literal(true) }),
  sms: channelAnswer,
  whatsapp: channelAnswer,
});
export type ApiNotifications = z.output<typeof notificationsAnswer>;

const switches = z.object({ orders: z.boolean(), offers: z.boolean() });
export const notificationsBody = z.object({ sms: switches, whatsapp: switches });
export type NotificationsInput = z.output<typeof notificationsBody>;

export const myNotifications = { response: notificationsAnswer };
export const setMyNotifications = { body: notificationsBody, response: notificationsAnswer };
export const sendMyMobileCode = { response: codeSentAnswer };
export const confirmMyMobile = { body: mobileCodeBody, response: messageAnswer };
