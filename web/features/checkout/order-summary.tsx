import type { ReactNode } from 'react';
import type { ApiCartLine } from '../../../shared/api/cart.schemas';
import type { ApiCheckoutQuote } from '../../../shared/api/price-breakup.schemas';
import { useLocalized } from '../../i18n/content';
import { useT } from '../../i18n/i18n';
import { responsiveImage } from '../../lib/images';
import { formatRupees } from '../../lib/money';
import { choiceText, LineSku } from '../cart/line-choice';
import { PriceBreakup } from './price-breakup';

/**
 * The lines being paid for, from the server's cart, then (`children`: the coupon box) the total
 * and its breakup as the server computed it: the amount the payment will be for.
 */
export function OrderSummary({
  lines,
  quote,
  children,
}: {
  lines: readonly ApiCartLine[];
  /** Null when the server could not be asked (the page loaded without it). */
  quote: ApiCheckoutQuote | null;
  children?: ReactNode;
}) {
  const t = useT();
  const localized = useLocalized();
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">{t('checkout.summary.title')}</h2>
      <ul className="checkout-lines">
        {lines.map((line) => {
          const image = responsiveImage(line.productId.images[0], 400);
          const title = localized(line.productId, 'title');
          return (
            <li key={line._id} className="checkout-line">
              <span className="checkout-line-image">
                <img
                  src={image.src}
                  srcSet={image.srcSet}
                  sizes="64px"
                  width={image.width}
                  height={image.height}
                  alt={image.alt || title.text}
                  decoding="async"
                />
                <span className="checkout-line-qty" aria-hidden="true">
                  {line.quantity}
                </span>
              </span>
              <span className="checkout-line-info">
                <span className="checkout-line-title" lang={title.lang}>
                  {title.text}
                </span>
                <span className="checkout-line-meta">
                  <span
                    className="checkout-line-dot"
                    style={{ background: line.color.title }}
                    aria-hidden="true"
                  />
                  {t('lines.choice', { choice: choiceText(line, t), quantity: line.quantity })}
                </span>
                <LineSku line={line} />
              </span>
              <span className="checkout-line-price">
                <span className="visually-hidden">{t('lines.price')} </span>
                {formatRupees(Math.round(line.price * line.quantity * 100) / 100)}
              </span>
            </li>
          );
        })}
      </ul>
      {children}
      <div className="checkout-totals">
        {quote ? (
          <PriceBreakup breakup={quote} items={quote.items} />
        ) : (
          <p role="alert">{t('checkout.summary.noTotal')}</p>
        )}
      </div>
    </aside>
  );
}
