import type { Locale } from '../../../shared/locales.js';
import { translator } from '../../i18n/index.js';
import { greeting, layoutEmail, type Mail } from '../../lib/mailer.js';

/**
 * The back-in-stock e-mail: one message a shopper asked for ("Notify me"), in the language they
 * asked in. Not an offer: no consent to market is needed, and nothing to stop, since it is sent once.
 */
export function backInStockEmail(input: {
  to: string;
  firstname: string;
  /** The product's name in that language, with its size or colour in brackets. */
  product: string;
  url: string;
  locale: Locale;
}): Mail {
  const { t } = translator(input.locale);
  return {
    ...layoutEmail({
      subject: t('restock.backInStock.subject', { product: input.product }),
      greeting: greeting(t, input.firstname),
      paragraphs: [
        t('restock.backInStock.body', { product: input.product }),
        t('restock.backInStock.hurry'),
        t('restock.backInStock.why'),
      ],
      action: { label: t('restock.backInStock.action'), url: input.url },
      locale: input.locale,
    }),
    to: input.to,
  };
}
