import type { ApiMyOrder } from '../../../shared/api/orders.schemas';
import { formatDay } from '../../lib/dates';
import { deliverySteps, fulfilmentWords, paymentWords, stateWords } from './order-words';
import './order-details.css';

/**
 * Where the order stands: the delivery steps as a progress list (the current one marked for screen
 * readers with aria-current), the three statuses in words, and the parcel's tracking once shipped.
 */
export function OrderProgress({ order }: { order: ApiMyOrder }) {
  const current = deliverySteps.findIndex(([status]) => status === order.fulfilmentStatus);
  // A cancelled or returned order is off the delivery path: its steps would only mislead.
  const onPath = order.state !== 'cancelled' && current >= 0;
  return (
    <section className="order-panel" aria-labelledby="order-progress-title">
      <h2 id="order-progress-title" className="order-panel-title">
        Where your order is
      </h2>
      {onPath && (
        <ol className="order-steps">
          {deliverySteps.map(([status, label], index) => {
            const done = index <= current;
            return (
              <li
                key={status}
                className={`order-step${done ? ' order-step--done' : ''}${index === current ? ' order-step--current' : ''}`}
                aria-current={index === current ? 'step' : undefined}
              >
                <span className="order-step-dot" aria-hidden="true" />
                <span className="order-step-label">
                  {label}
                  <span className="visually-hidden">{done ? ' (done)' : ' (to come)'}</span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <dl className="order-facts">
        <div>
          <dt>Order</dt>
          <dd data-testid="order-state">{stateWords[order.state]}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd data-testid="order-payment-status">
            {/* Cash on delivery of a cancelled order (or one whose parcels came back): never asked for. */}
            {order.paymentStatus === 'unpaid' && order.state === 'cancelled'
              ? 'Nothing to pay'
              : paymentWords[order.paymentStatus]}
          </dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd data-testid="order-fulfilment-status">
            {order.state === 'cancelled' && order.fulfilmentStatus === 'unfulfilled'
              ? 'Not shipped (cancelled)'
              : fulfilmentWords[order.fulfilmentStatus]}
          </dd>
        </div>
        {order.allowed.returnUntil && (
          <div>
            <dt>Returns</dt>
            <dd>
              {order.allowed.return ? 'Can be asked for until ' : 'The return window closed on '}
              <time dateTime={order.allowed.returnUntil}>{formatDay(order.allowed.returnUntil)}</time>
            </dd>
          </div>
        )}
      </dl>
      {order.shipment && <ShipmentTracking shipment={order.shipment} />}
    </section>
  );
}

/** The carrier, the AWB number and a link to the carrier's tracking page (in a new tab). */
function ShipmentTracking({ shipment }: { shipment: NonNullable<ApiMyOrder['shipment']> }) {
  return (
    <section className="order-tracking" aria-labelledby="order-tracking-title" data-testid="order-tracking">
      <h3 id="order-tracking-title" className="order-label">
        Tracking
      </h3>
      <dl className="order-tracking-facts">
        <div>
          <dt>Carrier</dt>
          <dd>{shipment.carrier}</dd>
        </div>
        <div>
          <dt>AWB number</dt>
          <dd>
            <code>{shipment.awb}</code>
          </dd>
        </div>
      </dl>
      {shipment.trackingUrl ? (
        <a
          className="button button--ghost order-tracking-link"
          href={shipment.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          Track your parcel on {shipment.carrier}
          <span className="visually-hidden"> (opens in a new tab)</span>
          <span aria-hidden="true"> ↗</span>
        </a>
      ) : (
        <p className="order-muted">Track the parcel on {shipment.carrier}'s website with the AWB number.</p>
      )}
    </section>
  );
}
