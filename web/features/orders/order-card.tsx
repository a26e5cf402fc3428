import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ApiMyOrder, ApiOrder, OrderStatus } from '../../../shared/api/orders.schemas';
import { Trans, useLocale, useT } from '../../i18n/i18n';
import { formatDayAndTime } from '../../lib/dates';
import { responsiveImage } from '../../lib/images';
import { formatRupees } from '../../lib/money';
import { choiceText, LineSku, variantHref } from '../cart/line-choice';
import { statusWords } from './order-words';
import './orders.css';

const STATUS_CLASS: Record<OrderStatus, string> = {
  Ordered: 'ordered',
  Processing: 'processing',
  Shipped: 'shipped',
  'Out for delivery': 'out-for-delivery',
  Delivered: 'delivered',
  Cancelled: 'cancelled',
  Refunded: 'refunded',
  Returned: 'returned',
};

/** The order's one-word status as a coloured badge (the words the original clients read). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const t = useT();
  return (
    <span
      className={`order-status order-status--${STATUS_CLASS[status] ?? 'other'}`}
      data-testid="order-status"
    >
      {statusWords(t)[status] ?? status}
    </span>
  );
}

/** The path of an order's own page. */
export const orderHref = (id: string) => `/my-orders/${encodeURIComponent(id)}`;

/** The lines of an order: image, title (a link to the product), colour, quantity and price. */
export function OrderItems({ items }: { items: ApiOrder['orderItems'] }) {
  const t = useT();
  return (
    <ul className="order-items">
      {items.map((item) => {
        const image = responsiveImage(item.product.images?.[0], 400);
        const title = item.product.title || item.title;
        const href = variantHref(
          { _id: item.product._id, slug: 'slug' in item.product ? item.product.slug : '' },
          item,
        );
        return (
          <li key={item._id} className="order-item">
            <img
              className="order-item-image"
              src={image.src}
              srcSet={image.srcSet}
              sizes="72px"
              width={image.width}
              height={image.height}
              alt={image.alt || title}
              loading="lazy"
              decoding="async"
            />
            <div className="order-item-info">
              <Link href={href} className="order-item-title">
                {title}
              </Link>
              <p className="order-item-meta">
                <span
                  className="order-item-dot"
                  style={{ background: item.color.title }}
                  aria-hidden="true"
                />
                {t('lines.choice', { choice: choiceText(item, t), quantity: item.quantity })}
              </p>
              <LineSku line={item} />
            </div>
            <p className="order-item-price">
              <span className="visually-hidden">{t('lines.price')} </span>
              {formatRupees(item.price)}
              {item.quantity > 1 && <span className="order-item-each"> {t('orders.line.each')}</span>}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** Where the order goes, and the note when the address still has to be confirmed. */
export function OrderAddress({ order }: { order: ApiOrder }) {
  const ship = order.shippingInfo;
  const t = useT();
  return (
    <section className="order-ship" aria-label={t('orders.address.label')}>
      <h3 className="order-label">{t('orders.address.title')}</h3>
      <address>
        {ship.firstName} {ship.lastName}
        <br />
        {ship.address}
        {ship.landmark ? `, ${ship.landmark}` : ''}
        <br />
        {ship.city}, {ship.state} {ship.pincode}
        {ship.country ? `, ${ship.country}` : ''}
      </address>
      {order.addressToConfirm && (
        <p className="order-address-note" role="note">
          <Trans id="orders.address.toConfirm" components={{ 0: <Link href="/contact" /> }} />
        </p>
      )}
    </section>
  );
}

/**
 * An order as OrderPayment reads it: My orders' list answer, or the order page's, which also says
 * how much cash on delivery is still due (`cod`).
 */
type PaymentFacts = ApiOrder & Partial<Pick<ApiMyOrder, 'cod'>>;

/** Cash on delivery: what is still to pay at the door, or that it was paid in cash. */
function CashOnDelivery({ order }: { order: PaymentFacts }) {
  const t = useT();
  const paid = order.paymentStatus !== 'unpaid';
  const due = order.cod
    ? order.cod.amountDue
    : !paid && order.orderStatus !== 'Cancelled'
      ? order.totalPriceAfterDiscount
      : 0;
  return (
    <>
      <p className="order-payment-id">{t('orders.pay.cod')}</p>
      {(paid || due > 0) && (
        <p className="order-payment-due" data-testid="order-cod-due">
          {paid ? (
            t('orders.pay.paidInCash')
          ) : (
            <Trans
              id="orders.pay.due"
              values={{ amount: formatRupees(due) }}
              components={{ 0: <strong /> }}
            />
          )}
        </p>
      )}
    </>
  );
}

/** How the order is paid (the payment id, or cash on delivery) and what was paid. */
export function OrderPayment({ order, totals }: { order: PaymentFacts; totals?: ReactNode }) {
  const discounted = order.totalPriceAfterDiscount < order.totalPrice;
  const t = useT();
  return (
    <section className="order-pay" aria-label={t('orders.pay.title')}>
      <h3 className="order-label">{t('orders.pay.title')}</h3>
      {order.paymentMethod === 'cod' ? (
        <CashOnDelivery order={order} />
      ) : (
        <p className="order-payment-id">
          {order.paymentInfo?.razorpayPaymentId ? (
            <Trans
              id="orders.pay.id"
              values={{ id: order.paymentInfo.razorpayPaymentId }}
              components={{ 0: <code /> }}
            />
          ) : (
            t('orders.pay.online')
          )}
        </p>
      )}
      {totals ?? (
        <dl className="order-totals">
          <div>
            <dt>{t('orders.pay.total')}</dt>
            <dd data-testid="order-total">{formatRupees(order.totalPrice)}</dd>
          </div>
          {discounted && (
            <div>
              <dt>{t('orders.pay.afterDiscount')}</dt>
              <dd>{formatRupees(order.totalPriceAfterDiscount)}</dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}

/**
 * One order on My orders: number (a link to its page), date, status, lines, totals, where it goes
 * and how it was paid.
 */
export function OrderCard({ order, headingLevel = 2 }: { order: ApiOrder; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = `order-${order._id}-title`;
  const t = useT();
  const locale = useLocale();
  return (
    <article className="order-card" aria-labelledby={titleId} data-testid="order-card">
      <header className="order-card-head">
        <div>
          <Heading id={titleId} className="order-card-title">
            <Link href={orderHref(order._id)} className="order-card-link">
              {t('orders.card.title', { number: order.orderNumber })}
            </Link>
          </Heading>
          <p className="order-card-date">
            <Trans
              id="orders.card.placedOn"
              values={{ date: formatDayAndTime(order.createdAt, locale) }}
              components={{ 0: <time dateTime={order.createdAt} /> }}
            />
          </p>
        </div>
        <div className="order-card-status">
          <OrderStatusBadge status={order.orderStatus} />
          <Link href={orderHref(order._id)} className="button button--ghost order-card-details">
            {t('orders.card.manage')}
            <span className="visually-hidden">
              {' '}
              {t('orders.card.manageWhich', { number: order.orderNumber })}
            </span>
          </Link>
        </div>
      </header>

      <OrderItems items={order.orderItems} />

      <div className="order-card-foot">
        <OrderAddress order={order} />
        <OrderPayment order={order} />
      </div>
    </article>
  );
}
