import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import { getAdminOrder } from '../../../shared/api/orders-admin';
import type { ApiAdminOrder } from '../../../shared/api/orders-admin.schemas';
import { formatDay, formatDayAndTime } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { useStaff } from '../app/staff-context';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { CodPayment } from '../features/orders/cod-payment';
import { OrderActions } from '../features/orders/order-actions';
import { InvoiceButton, TaxDocuments } from '../features/orders/order-documents';
import { OrderReturns } from '../features/orders/order-returns';
import {
  fulfilmentStatusWords,
  OrderStatusBadge,
  orderStateWords,
  paymentStatusWords,
  providerPaymentWords,
  refundMethodWords,
  refundStatusWords,
  WordBadge,
} from '../features/orders/order-status';
import { OrderNoteForm, OrderTimeline } from '../features/orders/order-timeline';
import { ShippingAddress } from '../features/orders/shipping-address';
import '../features/orders/orders.css';
import { paymentLabel } from '../features/orders/payment-label';
import type { OrderUpdates } from '../features/orders/use-order-action';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';

const providerLabels: Record<string, string> = { razorpay: 'Razorpay', 'test-gateway': 'Test gateway' };

/** One order: what was bought, by whom, where it goes, how it was paid, what happened, and what to do next. */
export default function OrderPage({ params }: { params: Record<string, string> }) {
  const id = params.id ?? '';
  const loaded = useAdminQuery((signal) => adminApi.call(getAdminOrder, { params: { id }, signal }), [id]);
  const [changed, setChanged] = useState<ApiAdminOrder | null>(null);
  const order = changed?._id === id ? changed : loaded.data;

  // After a 409 the page was behind: fetch the order as it is now (the message stays on screen).
  const refresh = useCallback(() => {
    adminApi
      .call(getAdminOrder, { params: { id } })
      .then(setChanged)
      .catch(() => loaded.reload());
  }, [id, loaded.reload]);

  if (loaded.error && !order) {
    return (
      <>
        <PageHeader title="Order" back={{ href: '/orders', label: 'Orders' }} />
        <LoadError message={loaded.error} onRetry={loaded.status === 404 ? undefined : loaded.reload} />
      </>
    );
  }
  if (!order || order._id !== id)
    return <PageHeader title="Order" description="Loading…" back={{ href: '/orders', label: 'Orders' }} />;
  return <OrderDetail order={order} onChanged={setChanged} onStale={refresh} />;
}

function OrderDetail({ order, ...updates }: OrderUpdates & { order: ApiAdminOrder }) {
  const { can } = useStaff();
  const canWrite = can('orders.write');
  const units = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const address = order.shippingInfo;
  const cod = order.paymentMethod === 'cod';
  // Cash on delivery not collected yet: nothing has been paid (so nothing can be refunded).
  const unpaid = order.paymentStatus === 'unpaid';

  return (
    <>
      <PageHeader
        title={`Order ${order.orderNumber}`}
        description={`Placed ${formatDayAndTime(order.createdAt)} · ${units} ${units === 1 ? 'item' : 'items'} · ${formatRupees(order.totalPriceAfterDiscount)}${cod ? ' · Cash on delivery' : ''}`}
        back={{ href: '/orders', label: 'Orders' }}
        actions={
          <>
            <InvoiceButton order={order} />
            <Link href={`/orders/${order._id}/packing-slip`} className="button button--ghost">
              Print packing slip
            </Link>
          </>
        }
      />
      <div className="detail-grid">
        <div>
          <section className="panel" aria-labelledby="order-status-heading">
            <h2 id="order-status-heading">Status</h2>
            <p className="status-now">
              <OrderStatusBadge status={order.status} />
              <span className="muted">Last change {formatDayAndTime(order.updatedAt)}</span>
            </p>
            <dl className="status-grid">
              <div>
                <dt>Order</dt>
                <dd>
                  <WordBadge words={orderStateWords} value={order.state} />
                </dd>
              </div>
              <div>
                <dt>Payment</dt>
                <dd>
                  <WordBadge words={paymentStatusWords} value={order.paymentStatus} />
                </dd>
              </div>
              <div>
                <dt>Fulfilment</dt>
                <dd>
                  <WordBadge words={fulfilmentStatusWords} value={order.fulfilmentStatus} />
                </dd>
              </div>
            </dl>
            {order.state === 'unconfirmed' && (
              <p className="notice-inline">
                The customer has not confirmed this cash-on-delivery order yet. It cannot be packed until they
                enter the code sent to {order.cod?.sentTo ?? 'them'}
                {order.cod
                  ? `; if they do not by ${formatDayAndTime(order.cod.confirmBy)}`
                  : '; if they never do'}
                , it lapses and its stock goes back.
              </p>
            )}
            {canWrite && <OrderActions order={order} {...updates} />}
            {order.returnUntil && (
              <p className="muted return-window">
                Returns can be asked for until {formatDay(order.returnUntil)}.
              </p>
            )}
            {order.addressToConfirm && (
              <p className="notice-inline">
                The delivery address could not be checked and the customer was asked to confirm it. Wait for
                their answer before shipping.
              </p>
            )}
          </section>

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
                            <span className="cell-sub">
                              <span
                                className="swatch"
                                style={{ background: line.color.title }}
                                aria-hidden="true"
                              />
                              {line.color.name || line.color.title}
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

          {order.returns.length > 0 && (
            <section className="panel" aria-labelledby="order-returns-heading">
              <h2 id="order-returns-heading">Returns</h2>
              <OrderReturns order={order} canWrite={canWrite} {...updates} />
            </section>
          )}

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
                {formatRupees(order.totalPriceAfterDiscount)} · {formatRupees(order.refundable)} left to
                refund
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
                              <time dateTime={refund.processedAt}>
                                {formatDayAndTime(refund.processedAt)}
                              </time>
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

          <section className="panel" aria-labelledby="order-documents-heading">
            <h2 id="order-documents-heading">Invoice and credit notes</h2>
            <TaxDocuments order={order} />
          </section>

          <section className="panel" aria-labelledby="order-payment-heading">
            <h2 id="order-payment-heading">Payment</h2>
            {cod ? (
              <CodPayment order={order} canWrite={canWrite} {...updates} />
            ) : (
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
                              <span className="cell-sub">
                                {providerLabels[payment.provider] ?? payment.provider}
                              </span>
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </>
            )}
          </section>

          <section className="panel" aria-labelledby="order-timeline-heading">
            <h2 id="order-timeline-heading">Timeline</h2>
            <OrderTimeline order={order} />
            {canWrite && <OrderNoteForm order={order} {...updates} />}
          </section>
        </div>

        <div>
          <section className="panel" aria-labelledby="order-shipment-heading">
            <h2 id="order-shipment-heading">Shipment</h2>
            {order.shipment ? (
              <dl className="facts">
                <dt>Carrier</dt>
                <dd>{order.shipment.carrier}</dd>
                <dt>AWB number</dt>
                <dd>
                  <code>{order.shipment.awb}</code>
                </dd>
                <dt>Tracking</dt>
                <dd>
                  {order.shipment.trackingUrl ? (
                    <a href={order.shipment.trackingUrl} target="_blank" rel="noreferrer">
                      Track the parcel
                      <span className="visually-hidden"> on the carrier's site (opens in a new tab)</span>
                    </a>
                  ) : (
                    'No tracking link'
                  )}
                </dd>
              </dl>
            ) : (
              <p className="muted">
                {order.state === 'cancelled' ? 'Cancelled before it shipped.' : 'Not shipped yet.'}
              </p>
            )}
          </section>

          <section className="panel" aria-labelledby="order-customer-heading">
            <h2 id="order-customer-heading">Customer</h2>
            <p>
              {can('customers.read') ? (
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

          <section className="panel" aria-labelledby="order-address-heading">
            <h2 id="order-address-heading">Delivery address</h2>
            <ShippingAddress address={address} />
          </section>
        </div>
      </div>
    </>
  );
}
