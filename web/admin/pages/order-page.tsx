import { useState } from 'react';
import { Link } from 'wouter';
import type { OrderStatus } from '../../../shared/api/orders.schemas';
import { changeOrderStatus, getAdminOrder } from '../../../shared/api/orders-admin';
import type { ApiAdminOrder } from '../../../shared/api/orders-admin.schemas';
import { reportSubmitError } from '../../components/forms/submit-error';
import { formatDayAndTime } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { toast } from '../../lib/toast';
import { useStaff } from '../app/staff-context';
import { useConfirm } from '../components/confirm-dialog';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { markLabel, OrderStatusBadge, statusMeaning } from '../features/orders/order-status';
import '../features/orders/orders.css';
import { paymentLabel } from '../features/orders/payment-label';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';

const providerLabels: Record<string, string> = { razorpay: 'Razorpay', 'test-gateway': 'Test gateway' };

/** One order: what was bought, by whom, where it goes, how it was paid, and its next steps. */
export default function OrderPage({ params }: { params: Record<string, string> }) {
  const id = params.id ?? '';
  const loaded = useAdminQuery((signal) => adminApi.call(getAdminOrder, { params: { id }, signal }), [id]);
  const [changed, setChanged] = useState<ApiAdminOrder | null>(null);
  const order = changed?._id === id ? changed : loaded.data;

  if (loaded.error && !order) {
    return (
      <>
        <PageHeader title="Order" back={{ href: '/orders', label: 'Orders' }} />
        <LoadError message={loaded.error} onRetry={loaded.status === 404 ? undefined : loaded.reload} />
      </>
    );
  }
  if (!order)
    return <PageHeader title="Order" description="Loading…" back={{ href: '/orders', label: 'Orders' }} />;
  return <OrderDetail order={order} onChanged={setChanged} />;
}

function OrderDetail({
  order,
  onChanged,
}: {
  order: ApiAdminOrder;
  onChanged: (order: ApiAdminOrder) => void;
}) {
  const { can } = useStaff();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const units = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const address = order.shippingInfo;

  const move = async (status: OrderStatus) => {
    const skipped = order.nextStatuses.indexOf(status);
    const ok = await confirm({
      title: `Mark order ${order.orderNumber} as ${status.toLowerCase()}?`,
      message: (
        <>
          <p>{statusMeaning[status]}</p>
          {skipped > 0 && (
            <p>This skips {order.nextStatuses.slice(0, skipped).join(' and ').toLowerCase()}.</p>
          )}
          <p>Orders only move forward: it cannot be set back to {order.status.toLowerCase()} afterwards.</p>
        </>
      ),
      confirmLabel: markLabel(status),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const updated = await adminApi.call(changeOrderStatus, { params: { id: order._id }, body: { status } });
      onChanged(updated);
      toast.success(`Order ${order.orderNumber} is now ${status.toLowerCase()}.`, { autoClose: 4000 });
    } catch (error) {
      reportSubmitError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={`Order ${order.orderNumber}`}
        description={`Placed ${formatDayAndTime(order.createdAt)} · ${units} ${units === 1 ? 'item' : 'items'} · ${formatRupees(order.totalPriceAfterDiscount)}`}
        back={{ href: '/orders', label: 'Orders' }}
      />
      <div className="detail-grid">
        <div>
          <section className="panel" aria-labelledby="order-status-heading">
            <h2 id="order-status-heading">Status</h2>
            <p className="status-now">
              <OrderStatusBadge status={order.status} />
              <span className="muted">Last change {formatDayAndTime(order.updatedAt)}</span>
            </p>
            {order.nextStatuses.length > 0 && can('orders.write') && (
              <fieldset className="status-actions">
                <legend className="visually-hidden">Move the order on</legend>
                {order.nextStatuses.map((status, index) => (
                  <button
                    key={status}
                    type="button"
                    className={index === 0 ? 'button button--primary' : 'button'}
                    disabled={busy}
                    onClick={() => void move(status)}
                  >
                    {markLabel(status)}
                  </button>
                ))}
              </fieldset>
            )}
            {order.nextStatuses.length === 0 && (
              <p className="muted">
                {order.status === 'Delivered'
                  ? 'Delivered: nothing more to do.'
                  : `This order is ${order.status.toLowerCase()}: its status no longer changes.`}
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
                      <td className="align-end">{line.quantity}</td>
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
                    <td colSpan={3}>Total paid</td>
                    <td className="align-end">{formatRupees(order.totalPriceAfterDiscount)}</td>
                  </tr>
                </tbody>
              </table>
            </div>
          </section>

          <section className="panel" aria-labelledby="order-payment-heading">
            <h2 id="order-payment-heading">Payment</h2>
            {order.payments.length === 0 ? (
              <p className="muted">
                No payment record. Provider payment id {order.paymentInfo.razorpayPaymentId}.
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
                          <span
                            className={`badge ${payment.status === 'captured' ? 'badge--success' : payment.status === 'failed' || payment.status === 'refunded' ? 'badge--danger' : 'badge--warning'}`}
                          >
                            {payment.status}
                          </span>
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
          </section>
        </div>

        <div>
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
            <address>
              {address.firstName} {address.lastName}
              <br />
              {address.address}
              <br />
              {address.landmark && address.landmark !== '-' && (
                <>
                  {address.landmark}
                  <br />
                </>
              )}
              {address.city}, {address.state} {address.pincode}
              <br />
              {address.country}
              {address.mobile && (
                <>
                  <br />
                  Mobile {address.mobile}
                </>
              )}
            </address>
          </section>
        </div>
      </div>
    </>
  );
}
