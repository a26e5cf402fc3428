/**
 * Where the shop writes to a customer: e-mail always, SMS and WhatsApp to a proved number. The one
 * list that back-in-stock requests, price drops and cart reminders record their channels in.
 */
export const customerChannels = ['email', 'sms', 'whatsapp'] as const;
export type CustomerChannel = (typeof customerChannels)[number];
