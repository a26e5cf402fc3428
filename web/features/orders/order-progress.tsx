import type { ApiMyOrder } from '../../../shared/api/orders.schemas';
import { Trans, useLocale, useT } from '../../i18n/i18n';
import { formatDay } from '../../lib/dates';
import { deliverySteps, fulfilmentWords, paymentWords, stateWords, stepWords } from './order-words';
import './order-details.css';

/**
 * Where the order stands: the delivery steps as a progress list (the current one marked for screen
 * readers with aria-current), the three statuses in words, and the parcel's tracking once shipped.
 */
export function OrderProgress({ order }: { order: ApiMyOrder }) {
  const t = useT();
  const locale = useLocale();
  const steps = stepWords(t);
  const current = deliverySteps.findIndex((status) => status === order.fulfilmentStatus);
  // A cancelled or returned order is off the delivery path: its steps would only mislead.
  const onPath = order.state !== 'cancelled' && current >= 0;
  return (
    <section className="order-panel" aria-labelledby="order-progress-title">
      <h2 id="order-progress-title" className="order-panel-title">
        {t('order.progress.title')}
      </h2>
      {onPath && (
        <ol className="order-steps">
          {deliverySteps.map((status, index) => {
            const done = index <= current;
            return (
              <li
                key={status}
                className={`order-step${done ? ' order-step--done' : ''}${index === current ? ' order-step--current' : ''}`}
                aria-current={index === current ? 'step' : undefined}
              >
                <span className="order-step-dot" aria-hidden="true" />
                <span className="order-step-label">
                  {steps[status]}
                  <span className="visually-hidden">
                    {' '}
                    {done ? t('order.progress.done') : t('order.progress.toCome')}
                  </span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <dl className="order-facts">
        <div>
          <dt>{t('order.progress.order')}</dt>
          <dd data-testid="order-state">{stateWords(t)[order.state]}</dd>
        </div>
        <div>
          <dt>{t('order.progress.payment')}</dt>
          <dd data-testid="order-payment-status">
            {/* Cash on delivery of a cancelled order (or one whose parcels came back): never asked for. */}
            {order.paymentStatus === 'unpaid' && order.state === 'cancelled'
              ? t('order.progress.nothingToPay')
              : paymentWords(t)[order.paymentStatus]}
          </dd>
        </div>
        <div>
          <dt>{t('order.progress.delivery')}</dt>
          <dd data-testid="order-fulfilment-status">
            {order.state === 'cancelled' && order.fulfilmentStatus === 'unfulfilled'
              ? t('order.progress.notShipped')
              : fulfilmentWords(t)[order.fulfilmentStatus]}
          </dd>
        </div>
        {order.allowed.returnUntil && (
          <div>
            <dt>{t('order.progress.returns')}</dt>
            <dd>
              <Trans
                id={order.allowed.return ? 'order.progress.returnUntil' : 'order.progress.returnClosed'}
                values={{ day: formatDay(order.allowed.returnUntil, locale) }}
                components={{ 0: <time dateTime={order.allowed.returnUntil} /> }}
              />
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
  const t = useT();
  return (
    <section className="order-tracking" aria-labelledby="order-tracking-title" data-testid="order-tracking">
      <h3 id="order-tracking-title" className="order-label">
        {t('order.tracking.title')}
      </h3>
      <dl className="order-tracking-facts">
        <div>
          <dt>{t('order.tracking.carrier')}</dt>
          <dd>{shipment.carrier}</dd>
        </div>
        <div>
          <dt>{t('order.tracking.awb')}</dt>
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
          {t('order.tracking.link', { carrier: shipment.carrier })}
          <span className="visually-hidden"> {t('order.tracking.newTab')}</span>
          <span aria-hidden="true"> ↗</span>
        </a>
      ) : (
        <p className="order-muted">{t('order.tracking.withAwb', { carrier: shipment.carrier })}</p>
      )}
    </section>
  );
}
