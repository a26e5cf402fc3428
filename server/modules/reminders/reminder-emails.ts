import type { Locale } from '../../../shared/locales.js';
import { translator } from '../../i18n/index.js';
import type { Mail } from '../../lib/mailer.js';
import { offerEmail } from '../marketing/index.js';

/**
 * The price-drop and cart-reminder e-mails, in the customer's language, in the frame of every
 * offer e-mail: the link that stops offers in one click and List-Unsubscribe (marketing module).
 */
type Recipient = {
  to: string;
  firstname: string;
  locale: Locale;
  /** The page with the "Stop offers by e-mail" button, and the one-click address for mail programs. */
  stopUrl: string;
  oneClickUrl: string;
};

export function priceDropEmail(
  input: Recipient & { product: string; oldPrice: string; newPrice: string; url: string; more: number },
): Mail {
  const { t } = translator(input.locale);
  const values = { product: input.product, oldPrice: input.oldPrice, newPrice: input.newPrice };
  const paragraphs = [t('reminders.priceDrop.text', values)];
  if (input.more > 0) paragraphs.push(t('reminders.priceDrop.more', { count: input.more }));
  return offerEmail({
    ...input,
    subject: t('reminders.priceDrop.subject', values),
    message: paragraphs.join('\n\n'),
    action: { label: t('reminders.priceDrop.action'), url: input.url },
  });
}

export function cartReminderEmail(input: Recipient & { items: number; url: string }): Mail {
  const { t } = translator(input.locale);
  return offerEmail({
    ...input,
    subject: t('reminders.cart.subject', { count: input.items }),
    message: t('reminders.cart.text'),
    action: { label: t('reminders.cart.action'), url: input.url },
  });
}
