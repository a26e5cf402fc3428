import type { ApiMyOrder } from '../../../shared/api/orders.schemas';
import { Trans, useLocale, useT } from '../../i18n/i18n';
import { formatDay, formatDayAndTime } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { lineTitle, payoutWords, refundWords, returnWords } from './order-words';
import './order-details.css';

/**
 * The money given back: each refund with its amount, status, the provider's reference (what a bank
 * asks for) and dates, and when it reaches the customer.
 */
export function OrderRefunds({ order }: { order: ApiMyOrder }) {
  const t = useT();
  const locale = useLocale();
  if (order.refunds.length === 0) return null;
  const statuses = refundWords(t);
  const waiting = order.refunds.some((refund) => refund.status === 'pending');
  // Cash on delivery never asked for (a parcel that came back) is no refund: no money moved.
  const onlyUncollected = order.refunds.every((refund) => refund.method === 'not_collected');
  return (
    <section className="order-panel" aria-labelledby="order-refunds-title" data-testid="order-refunds">
      <h2 id="order-refunds-title" className="order-panel-title">
        {onlyUncollected ? t('order.refunds.notCharged') : t('order.refunds.title')}
      </h2>
      {!onlyUncollected && (
        <p className="order-refund-total">
          <Trans
            id="order.refunds.soFar"
            values={{ amount: formatRupees(order.refunded) }}
            components={{ 0: <strong data-testid="order-refunded" /> }}
          />
        </p>
      )}
      <ul className="order-records">
        {order.refunds.map((refund) => {
          const payout = payoutWords(refund, t);
          return (
            <li key={refund._id} className="order-record" data-testid="order-refund">
              <div className="order-record-head">
                <strong className="order-record-amount">{formatRupees(refund.amount)}</strong>
                <span className={`order-pill order-pill--refund-${refund.status}`}>
                  {refund.method === 'not_collected'
                    ? t('order.refunds.nothingToPay')
                    : statuses[refund.status]}
                </span>
              </div>
              {payout && <p className="order-record-payout">{payout}</p>}
              <dl className="order-record-facts">
                {refund.reference && !payout && (
                  <div>
                    <dt>{t('order.refunds.reference')}</dt>
                    <dd>
                      <code>{refund.reference}</code>
                    </dd>
                  </div>
                )}
                {refund.method !== 'not_collected' && (
                  <div>
                    <dt>{t('order.refunds.askedFor')}</dt>
                    <dd>
                      <time dateTime={refund.createdAt}>{formatDayAndTime(refund.createdAt, locale)}</time>
                    </dd>
                  </div>
                )}
                {refund.processedAt && (
                  <div>
                    <dt>
                      {refund.status === 'failed'
                        ? t('order.refunds.failedOn')
                        : refund.method === 'not_collected'
                          ? t('order.refunds.recordedOn')
                          : payout
                            ? t('order.refunds.paidBackOn')
                            : t('order.refunds.refundedOn')}
                    </dt>
                    <dd>
                      <time dateTime={refund.processedAt}>
                        {formatDayAndTime(refund.processedAt, locale)}
                      </time>
                    </dd>
                  </div>
                )}
                <div>
                  <dt>{t('order.refunds.reason')}</dt>
                  <dd>{refund.reason}</dd>
                </div>
              </dl>
              {refund.status === 'failed' && (
                <p className="order-record-note">{t('order.refunds.failedNote')}</p>
              )}
            </li>
          );
        })}
      </ul>
      <p className="order-muted">
        {waiting ? `${t('order.refunds.onItsWay')} ` : ''}
        {onlyUncollected
          ? t('order.refunds.nothingNote')
          : order.paymentMethod === 'cod'
            ? t('order.refunds.codNote')
            : t('order.refunds.onlineNote')}
      </p>
    </section>
  );
}

/** The returns asked for: which lines, why, and where each stands. */
export function OrderReturns({ order }: { order: ApiMyOrder }) {
  const t = useT();
  const locale = useLocale();
  if (order.returns.length === 0) return null;
  const statuses = returnWords(t);
  return (
    <section className="order-panel" aria-labelledby="order-returns-title" data-testid="order-returns">
      <h2 id="order-returns-title" className="order-panel-title">
        {t('order.returns.title')}
      </h2>
      <ul className="order-records">
        {order.returns.map((ret) => (
          <li key={ret._id} className="order-record" data-testid="order-return">
            <div className="order-record-head">
              <span>
                <Trans
                  id="order.returns.askedOn"
                  values={{ day: formatDay(ret.createdAt, locale) }}
                  components={{ 0: <time dateTime={ret.createdAt} /> }}
                />
              </span>
              <span className={`order-pill order-pill--return-${ret.status}`}>{statuses[ret.status]}</span>
            </div>
            <ul className="order-return-lines">
              {ret.lines.map((line) => (
                <li key={line.lineId}>
                  {lineTitle(order, line.lineId, t)} × {line.quantity}
                </li>
              ))}
            </ul>
            <dl className="order-record-facts">
              <div>
                <dt>{t('order.returns.yourReason')}</dt>
                <dd>{ret.reason}</dd>
              </div>
              {ret.decisionNote && (
                <div>
                  <dt>
                    {ret.status === 'rejected' ? t('order.returns.whyNot') : t('order.returns.ourNote')}
                  </dt>
                  <dd>{ret.decisionNote}</dd>
                </div>
              )}
              {ret.receivedAt && (
                <div>
                  <dt>{t('order.returns.receivedOn')}</dt>
                  <dd>
                    <time dateTime={ret.receivedAt}>{formatDay(ret.receivedAt, locale)}</time>
                  </dd>
                </div>
              )}
            </dl>
            {ret.status === 'approved' && (
              <p className="order-record-note">{t('order.returns.approvedNote')}</p>
            )}
            {ret.status === 'requested' && (
              <p className="order-record-note">{t('order.returns.requestedNote')}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
