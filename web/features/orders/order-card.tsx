import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ApiMyOrder, ApiOrder, OrderStatus } from '../../../shared/api/orders.schemas';
import { formatDayAndTime } from '../../lib/dates';
import { responsiveImage } from '../../lib/images';
import { formatRupees } from '../../lib/money';
import { choiceText, LineSku, variantHref } from '../cart/line-choice';
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
  return <span className={`order-status order-status--${STATUS_CLASS[status] ?? 'other'}`}>{status}</span>;
}

/** The path of an order's own page. */
export const orderHref = (id: string) => `/my-orders/${encodeURIComponent(id)}`;

/** The lines of an order: image, title (a link to the product), colour, quantity and price. */
export function OrderItems({ items }: { items: ApiOrder['orderItems'] }) {
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
                {choiceText(item)} · Qty: {item.quantity}
              </p>
              <LineSku line={item} />
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
  );
}

/** Where the order goes, and the note when the address still has to be confirmed. */
export function OrderAddress({ order }: { order: ApiOrder }) {
  const ship = order.shippingInfo;
  return (
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
          We could not read this address completely and will not ship until it is confirmed. Please reply to
          our e-mail, or <Link href="/contact">write to us</Link>, with the full address and PIN code.
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
  const paid = order.paymentStatus !== 'unpaid';
  const due = order.cod
    ? order.cod.amountDue
    : !paid && order.orderStatus !== 'Cancelled'
      ? order.totalPriceAfterDiscount
      : 0;
  return (
    <>
      <p className="order-payment-id">Cash on delivery</p>
      {(paid || due > 0) && (
        <p className="order-payment-due" data-testid="order-cod-due">
          {paid ? (
            'Paid in cash'
          ) : (
            <>
              <strong>{formatRupees(due)}</strong> to pay on delivery
            </>
          )}
        </p>
      )}
    </>
  );
}

/** How the order is paid (the payment id, or cash on delivery) and what was paid. */
export function OrderPayment({ order, totals }: { order: PaymentFacts; totals?: ReactNode }) {
  const discounted = order.totalPriceAfterDiscount < order.totalPrice;
  return (
    <section className="order-pay" aria-label="Payment">
      <h3 className="order-label">Payment</h3>
      {order.paymentMethod === 'cod' ? (
        <CashOnDelivery order={order} />
      ) : (
        <p className="order-payment-id">
          {order.paymentInfo?.razorpayPaymentId ? (
            <>
              Payment ID <code>{order.paymentInfo.razorpayPaymentId}</code>
            </>
          ) : (
            'Paid online'
          )}
        </p>
      )}
      {totals ?? (
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
  return (
    <article className="order-card" aria-labelledby={titleId} data-testid="order-card">
      <header className="order-card-head">
        <div>
          <Heading id={titleId} className="order-card-title">
            <Link href={orderHref(order._id)} className="order-card-link">
              Order {order.orderNumber}
            </Link>
          </Heading>
          <p className="order-card-date">
            Placed on <time dateTime={order.createdAt}>{formatDayAndTime(order.createdAt)}</time>
          </p>
        </div>
        <div className="order-card-status">
          <OrderStatusBadge status={order.orderStatus} />
          <Link href={orderHref(order._id)} className="button button--ghost order-card-details">
            Track &amp; manage<span className="visually-hidden"> order {order.orderNumber}</span>
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
