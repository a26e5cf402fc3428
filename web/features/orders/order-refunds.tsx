import type { ApiMyOrder } from '../../../shared/api/orders.schemas';
import { formatDay, formatDayAndTime } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { lineTitle, payoutWords, refundWords, returnWords } from './order-words';
import './order-details.css';

/**
 * The money given back: each refund with its amount, status, the provider's reference (what a bank
 * asks for) and dates, and when it reaches the customer.
 */
export function OrderRefunds({ order }: { order: ApiMyOrder }) {
  if (order.refunds.length === 0) return null;
  const waiting = order.refunds.some((refund) => refund.status === 'pending');
  // Cash on delivery never asked for (a parcel that came back) is no refund: no money moved.
  const onlyUncollected = order.refunds.every((refund) => refund.method === 'not_collected');
  return (
    <section className="order-panel" aria-labelledby="order-refunds-title" data-testid="order-refunds">
      <h2 id="order-refunds-title" className="order-panel-title">
        {onlyUncollected ? 'Not charged' : 'Refunds'}
      </h2>
      {!onlyUncollected && (
        <p className="order-refund-total">
          Refunded so far: <strong data-testid="order-refunded">{formatRupees(order.refunded)}</strong>
        </p>
      )}
      <ul className="order-records">
        {order.refunds.map((refund) => {
          const payout = payoutWords(refund);
          return (
            <li key={refund._id} className="order-record" data-testid="order-refund">
              <div className="order-record-head">
                <strong className="order-record-amount">{formatRupees(refund.amount)}</strong>
                <span className={`order-pill order-pill--refund-${refund.status}`}>
                  {refund.method === 'not_collected' ? 'Nothing to pay' : refundWords[refund.status]}
                </span>
              </div>
              {payout && <p className="order-record-payout">{payout}</p>}
              <dl className="order-record-facts">
                {refund.reference && !payout && (
                  <div>
                    <dt>Reference</dt>
                    <dd>
                      <code>{refund.reference}</code>
                    </dd>
                  </div>
                )}
                {refund.method !== 'not_collected' && (
                  <div>
                    <dt>Asked for</dt>
                    <dd>
                      <time dateTime={refund.createdAt}>{formatDayAndTime(refund.createdAt)}</time>
                    </dd>
                  </div>
                )}
                {refund.processedAt && (
                  <div>
                    <dt>
                      {refund.status === 'failed'
                        ? 'Failed on'
                        : refund.method === 'not_collected'
                          ? 'Recorded on'
                          : payout
                            ? 'Paid back on'
                            : 'Refunded on'}
                    </dt>
                    <dd>
                      <time dateTime={refund.processedAt}>{formatDayAndTime(refund.processedAt)}</time>
                    </dd>
                  </div>
                )}
                <div>
                  <dt>Reason</dt>
                  <dd>{refund.reason}</dd>
                </div>
              </dl>
              {refund.status === 'failed' && (
                <p className="order-record-note">
                  This refund did not go through. Our team has been told and will try again; you need do
                  nothing.
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <p className="order-muted">
        {waiting ? 'A refund is on its way. ' : ''}
        {onlyUncollected
          ? 'You have nothing to pay for the items that came back to us.'
          : order.paymentMethod === 'cod'
            ? 'Cash paid on delivery is refunded to you by bank transfer or UPI. Your bank can trace each payment with its reference.'
            : 'Refunds reach your original payment method in 5–7 working days; UPI refunds usually arrive sooner. Your bank can trace one with its reference.'}
      </p>
    </section>
  );
}

/** The returns asked for: which lines, why, and where each stands. */
export function OrderReturns({ order }: { order: ApiMyOrder }) {
  if (order.returns.length === 0) return null;
  return (
    <section className="order-panel" aria-labelledby="order-returns-title" data-testid="order-returns">
      <h2 id="order-returns-title" className="order-panel-title">
        Returns
      </h2>
      <ul className="order-records">
        {order.returns.map((ret) => (
          <li key={ret._id} className="order-record" data-testid="order-return">
            <div className="order-record-head">
              <span>
                Asked for on <time dateTime={ret.createdAt}>{formatDay(ret.createdAt)}</time>
              </span>
              <span className={`order-pill order-pill--return-${ret.status}`}>{returnWords[ret.status]}</span>
            </div>
            <ul className="order-return-lines">
              {ret.lines.map((line) => (
                <li key={line.lineId}>
                  {lineTitle(order, line.lineId)} × {line.quantity}
                </li>
              ))}
            </ul>
            <dl className="order-record-facts">
              <div>
                <dt>Your reason</dt>
                <dd>{ret.reason}</dd>
              </div>
              {ret.decisionNote && (
                <div>
                  <dt>{ret.status === 'rejected' ? 'Why not' : 'Our note'}</dt>
                  <dd>{ret.decisionNote}</dd>
                </div>
              )}
              {ret.receivedAt && (
                <div>
                  <dt>Received on</dt>
                  <dd>
                    <time dateTime={ret.receivedAt}>{formatDay(ret.receivedAt)}</time>
                  </dd>
                </div>
              )}
            </dl>
            {ret.status === 'approved' && (
              <p className="order-record-note">
                Pack the items with their tags and original packaging and hand them to our courier; we refund
                them once they reach us.
              </p>
            )}
            {ret.status === 'requested' && (
              <p className="order-record-note">We will look at your request and e-mail you our answer.</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
