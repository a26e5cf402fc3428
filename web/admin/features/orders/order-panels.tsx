import { Link } from 'wouter';
import type { ApiAdminOrder } from '../../../../shared/api/orders-admin.schemas';
import { formatDayAndTime } from '../../../lib/dates';
import { formatRupees } from '../../../lib/money';
import {
  paymentStatusWords,
  providerPaymentWords,
  refundMethodWords,
  refundStatusWords,
  WordBadge,
} from './order-status';
import { paymentLabel } from './payment-label';

/* The order page's panels that only show the order: what was bought, refunded and paid, where it
   went and who bought it. */

const providerLabels: Record<string, string> = { razorpay: 'Razorpay', 'test-gateway': 'Test gateway' };

/** The lines bought, with what was refunded or returned of each, and the totals. */
export function OrderLines({ order }: { order: ApiAdminOrder }) {
  // Cash on delivery not collected yet: nothing has been paid.
  const unpaid = order.paymentStatus === 'unpaid';
  return (
    <section className="panel" aria-labelledby="order-lines-heading">
      <h2 id="order-lines-heading">Items</h2>
      <div className="table-wrap">
        <table className="data-table">
          <caption className="visually-hidden">Items in order {order.orderNumber}</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="align-end">
                Quantity
              </th>
              <th scope="col" className="align-end">
                Price
              </th>
              <th scope="col" className="align-end">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line._id}>
                <td>
                  <div className="line-item">
                    {line.image ? (
                      <img
                        className="line-thumb"
                        src={line.image}
                        alt=""
                        width={48}
                        height={48}
                        loading="lazy"
                      />
                    ) : (
                      <span className="line-thumb" aria-hidden="true" />
                    )}
                    <div>
                      {line.slug ? (
                        <a href={`/product/${line.slug}`} target="_blank" rel="noreferrer">
                          {line.title}
                          <span className="visually-hidden"> (opens the storefront in a new tab)</span>
                        </a>
                      ) : (
                        line.title
                      )}
                      {/* A variant bought: its option values (or the colour chosen) and SKU, as the invoice prints them. */}
                      <span className="cell-sub">
                        {line.options || (
                          <>
                            <span
                              className="swatch"
                              style={{ background: line.color.title }}
                              aria-hidden="true"
                            />
                            {line.color.name || line.color.title}
                          </>
                        )}
                        {line.sku && ` · SKU ${line.sku}`}
                      </span>
                    </div>
                  </div>
                </td>
                <td className="align-end">
                  {line.quantity}
                  {line.refundedQuantity > 0 && (
                    <span className="cell-sub">{line.refundedQuantity} refunded</span>
                  )}
                  {line.returnedQuantity > 0 && (
                    <span className="cell-sub">{line.returnedQuantity} returned</span>
                  )}
                </td>
                <td className="align-end">{formatRupees(line.price)}</td>
                <td className="align-end">{formatRupees(line.price * line.quantity)}</td>
              </tr>
            ))}
            {order.delivery > 0 && (
              <tr>
                <td colSpan={3}>Delivery</td>
                <td className="align-end">{formatRupees(order.delivery)}</td>
              </tr>
            )}
            {order.codFee > 0 && (
              <tr>
                <td colSpan={3}>Cash on delivery fee</td>
                <td className="align-end">{formatRupees(order.codFee)}</td>
              </tr>
            )}
            {order.totalPrice !== order.totalPriceAfterDiscount && (
              <tr>
                <td colSpan={3}>Before discount</td>
                <td className="align-end">{formatRupees(order.totalPrice)}</td>
              </tr>
            )}
            <tr className="totals-row">
              <td colSpan={3}>
                {!unpaid
                  ? 'Total paid'
                  : order.state === 'cancelled'
                    ? 'Total'
                    : 'Total to collect on delivery'}
              </td>
              <td className="align-end">{formatRupees(order.totalPriceAfterDiscount)}</td>
            </tr>
            {order.refunded > 0 && (
              <tr>
                <td colSpan={3}>Refunded</td>
                <td className="align-end">−{formatRupees(order.refunded)}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** What was refunded and is left, and each refund with its status, method and reason. */
export function OrderRefunds({ order }: { order: ApiAdminOrder }) {
  const cod = order.paymentMethod === 'cod';
  // Cash on delivery not collected yet: nothing can be refunded.
  const unpaid = order.paymentStatus === 'unpaid';
  return (
    <section className="panel" aria-labelledby="order-refunds-heading">
      <h2 id="order-refunds-heading">Refunds</h2>
      {unpaid ? (
        <p className="refund-summary">
          Nothing to refund: the cash on delivery has not been collected
          {order.state === 'cancelled' ? ' (the order was cancelled)' : ''}.
        </p>
      ) : (
        <p className="refund-summary">
          Refunded <strong>{formatRupees(order.refunded)}</strong> of{' '}
          {formatRupees(order.totalPriceAfterDiscount)} · {formatRupees(order.refundable)} left to refund
          {cod && ' · paid back by bank transfer or UPI'}
        </p>
      )}
      {order.refunds.length === 0 ? (
        <p className="muted">No refunds yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table refunds-table">
            <caption className="visually-hidden">Refunds for order {order.orderNumber}</caption>
            <thead>
              <tr>
                <th scope="col">Asked</th>
                <th scope="col" className="align-end">
                  Amount
                </th>
                <th scope="col">Status and method</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {order.refunds.map((refund) => (
                <tr key={refund._id}>
                  <td>
                    <time dateTime={refund.createdAt}>{formatDayAndTime(refund.createdAt)}</time>
                  </td>
                  <td className="align-end">{formatRupees(refund.amount)}</td>
                  <td>
                    <WordBadge words={refundStatusWords} value={refund.status} />
                    {refund.processedAt && (
                      <span className="cell-sub">
                        <time dateTime={refund.processedAt}>{formatDayAndTime(refund.processedAt)}</time>
                      </span>
                    )}
                    {/* In the status cell, not a column of its own: five columns overflow at 1280 px. */}
                    <span className="cell-sub refund-method">
                      {refundMethodWords[refund.method]}
                      {refund.reference && (
                        <>
                          {' · ref '}
                          <code>{refund.reference}</code>
                        </>
                      )}
                    </span>
                  </td>
                  <td className="refund-reason">{refund.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** An order paid online: the provider's order and every payment tried on it. */
export function OnlinePayment({ order }: { order: ApiAdminOrder }) {
  return (
    <>
      <dl className="facts payment-facts">
        <dt>Status</dt>
        <dd>
          <WordBadge words={paymentStatusWords} value={order.paymentStatus} />
        </dd>
        <dt>Paid</dt>
        <dd>
          {formatRupees(order.totalPriceAfterDiscount)} on{' '}
          <time dateTime={order.paidAt}>{formatDayAndTime(order.paidAt)}</time>
        </dd>
        <dt>Provider order</dt>
        <dd>
          <code>{order.paymentInfo.razorpayOrderId}</code>
        </dd>
      </dl>
      {order.payments.length === 0 ? (
        <p className="muted">
          No payment record. Provider payment id <code>{order.paymentInfo.razorpayPaymentId}</code>.
        </p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">Payments for order {order.orderNumber}</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Method</th>
                <th scope="col">Status</th>
                <th scope="col" className="align-end">
                  Amount
                </th>
                <th scope="col">Payment id</th>
              </tr>
            </thead>
            <tbody>
              {order.payments.map((payment) => (
                <tr key={payment.paymentId}>
                  <td>{formatDayAndTime(payment.createdAt)}</td>
                  <td>{paymentLabel(payment.method)}</td>
                  <td>
                    <WordBadge words={providerPaymentWords} value={payment.status} />
                  </td>
                  <td className="align-end">{formatRupees(payment.amount)}</td>
                  <td>
                    <code>{payment.paymentId}</code>
                    <span className="cell-sub">{providerLabels[payment.provider] ?? payment.provider}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

export function CustomerPanel({
  order,
  canReadCustomers,
}: {
  order: ApiAdminOrder;
  canReadCustomers: boolean;
}) {
  return (
    <section className="panel" aria-labelledby="order-customer-heading">
      <h2 id="order-customer-heading">Customer</h2>
      <p>
        {canReadCustomers ? (
          <Link href={`/customers/${order.customer._id}`}>
            {order.customer.firstname} {order.customer.lastname}
          </Link>
        ) : (
          `${order.customer.firstname} ${order.customer.lastname}`
        )}{' '}
        {order.customer.isBlocked && <span className="badge badge--danger">Blocked</span>}
      </p>
      <dl className="facts">
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a>
        </dd>
        <dt>Mobile</dt>
        <dd>
          <a href={`tel:+91${order.customer.mobile}`}>{order.customer.mobile}</a>
        </dd>
      </dl>
    </section>
  );
}
