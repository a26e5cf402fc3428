import type { ApiCheckoutQuote, ApiPriceBreakup } from '../../../shared/api/price-breakup.schemas';
import { useT } from '../../i18n/i18n';
import { formatRupees } from '../../lib/money';
import './price-breakup.css';

/** Rupees off, as the breakup writes them: −₹200.00. */
const minus = (rupees: number) => `−${formatRupees(rupees)}`;

/**
 * One total with its breakup, exactly as the server computed it (cart, checkout, order page):
 * items at MRP, discount, coupon, delivery, cash on delivery's fee, total, and the GST the total
 * includes. The browser
 * adds nothing up: what it shows is what the provider charges. (Tests find the rows by their
 * class and words: test ids would cost the cart and checkout first-load bytes.)
 */
export function PriceBreakup({
  breakup,
  items,
  totalLabel,
}: {
  breakup: ApiPriceBreakup | ApiCheckoutQuote;
  /** Units, for "Items (3) at MRP"; left out when unknown. */
  items?: number;
  totalLabel?: string;
}) {
  const t = useT();
  const more = 'addForFreeDelivery' in breakup ? breakup.addForFreeDelivery : 0;
  return (
    <dl className="price-breakup">
      <div className="price-breakup-mrp">
        <dt>{items === undefined ? t('lines.breakup.mrp') : t('lines.breakup.itemsMrp', { items })}</dt>
        <dd>{formatRupees(breakup.itemsMrp)}</dd>
      </div>
      {breakup.productDiscount > 0 && (
        <div className="price-breakup-discount price-breakup-saving">
          <dt>{t('lines.breakup.discount')}</dt>
          <dd>{minus(breakup.productDiscount)}</dd>
        </div>
      )}
      {breakup.coupon && (
        <div className="price-breakup-coupon price-breakup-saving">
          <dt>
            {t('lines.breakup.coupon')} <span className="price-breakup-code">{breakup.coupon.code}</span>
          </dt>
          <dd>{minus(breakup.coupon.discount)}</dd>
        </div>
      )}
      <div
        className={
          breakup.delivery > 0 ? 'price-breakup-delivery' : 'price-breakup-delivery price-breakup-saving'
        }
      >
        <dt>{t('lines.breakup.delivery')}</dt>
        <dd>{breakup.delivery > 0 ? formatRupees(breakup.delivery) : t('lines.breakup.free')}</dd>
        {more > 0 && (
          <dd className="price-breakup-hint">{t('lines.breakup.addMore', { amount: formatRupees(more) })}</dd>
        )}
      </div>
      {breakup.codFee > 0 && (
        <div className="price-breakup-cod-fee">
          <dt>{t('lines.breakup.codFee')}</dt>
          <dd>{formatRupees(breakup.codFee)}</dd>
        </div>
      )}
      <div className="price-breakup-total">
        <dt>{totalLabel ?? t('lines.breakup.total')}</dt>
        <dd>{formatRupees(breakup.total)}</dd>
      </div>
      <div className="price-breakup-tax">
        <dt>{t('lines.breakup.gst')}</dt>
        <dd>{formatRupees(breakup.taxIncluded)}</dd>
      </div>
    </dl>
  );
}
