import { Link } from 'wouter';
import type { ApiOrder } from '../../../shared/api/orders.schemas';
import { formatDayAndTime } from '../../lib/dates';
import { responsiveImage } from '../../lib/images';
import { formatRupees } from '../../lib/money';

const STATUS_CLASS: Record<string, string> = {
  Ordered: 'ordered',
  Processing: 'processing',
  Shipped: 'shipped',
  Delivered: 'delivered',
  Cancelled: 'cancelled',
  Refunded: 'refunded',
};

/** One order: number, date, status, lines, totals, where it goes and how it was paid. */
export function OrderCard({ order, headingLevel = 2 }: { order: ApiOrder; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = `order-${order._id}-title`;
  const ship = order.shippingInfo;
  const discounted = order.totalPriceAfterDiscount < order.totalPrice;
  return (
    <article className="order-card" aria-labelledby={titleId} data-testid="order-card">
      <header className="order-card-head">
        <div>
          <Heading id={titleId} className="order-card-title">
            Order {order.orderNumber}
          </Heading>
          <p className="order-card-date">
            Placed on <time dateTime={order.createdAt}>{formatDayAndTime(order.createdAt)}</time>
          </p>
        </div>
        <span className={`order-status order-status--${STATUS_CLASS[order.orderStatus] ?? 'other'}`}>
          {order.orderStatus}
        </span>
      </header>

      <ul className="order-items">
        {order.orderItems.map((item) => {
          const image = responsiveImage(item.product.images?.[0], 400);
          const title = item.product.title || item.title;
          const href = `/product/${('slug' in item.product && item.product.slug) || item.product._id}`;
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
                  Colour: {item.color.name || item.color.title} · Qty: {item.quantity}
                </p>
              </div>
              <p className="order-item-price">
                <span className="visually-hidden">Price: </span>
                {formatRupees(item.price)}
                {item.quantity > 1 && <span className="order-item-each"> each</span>}
              </p>
            </li>
          );
        })}
      </ul>

      <div className="order-card-foot">
        <section className="order-ship" aria-label="Shipping address">
          <h3 className="order-label">Ships to</h3>
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
              We could not read this address completely and will not ship until it is confirmed. Please reply
              to our e-mail, or <Link href="/contact">write to us</Link>, with the full address and PIN code.
            </p>
          )}
        </section>
        <section className="order-pay" aria-label="Payment">
          <h3 className="order-label">Payment</h3>
          <p className="order-payment-id">
            {order.paymentInfo?.razorpayPaymentId ? (
              <>
                Payment ID <code>{order.paymentInfo.razorpayPaymentId}</code>
              </>
            ) : (
              'Paid online'
            )}
          </p>
          <dl className="order-totals">
            <div>
              <dt>Total</dt>
              <dd data-testid="order-total">{formatRupees(order.totalPrice)}</dd>
            </div>
            {discounted && (
              <div>
                <dt>After discount</dt>
                <dd>{formatRupees(order.totalPriceAfterDiscount)}</dd>
              </div>
            )}
          </dl>
        </section>
      </div>
    </article>
  );
}
