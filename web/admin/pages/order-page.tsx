import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import { getAdminOrder } from '../../../shared/api/orders-admin';
import type { ApiAdminOrder } from '../../../shared/api/orders-admin.schemas';
import type { ApiShipment } from '../../../shared/api/shipments.schemas';
import { formatDay, formatDayAndTime } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { useStaff } from '../app/staff-context';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { CodPayment } from '../features/orders/cod-payment';
import { OrderActions } from '../features/orders/order-actions';
import { InvoiceButton, TaxDocuments } from '../features/orders/order-documents';
import { CustomerPanel, OnlinePayment, OrderLines, OrderRefunds } from '../features/orders/order-panels';
import { OrderReturns } from '../features/orders/order-returns';
import {
  fulfilmentStatusWords,
  OrderStatusBadge,
  orderStateWords,
  paymentStatusWords,
  WordBadge,
} from '../features/orders/order-status';
import { OrderNoteForm, OrderTimeline } from '../features/orders/order-timeline';
import { ShippingAddress } from '../features/orders/shipping-address';
import '../features/orders/orders.css';
import { toast } from '../../lib/toast';
import type { OrderUpdates } from '../features/orders/use-order-action';
import { ShipmentsPanel } from '../features/shipments/shipments-panel';
import { useOrderShipments } from '../features/shipments/use-order-shipments';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';

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
  const parcels = useOrderShipments(order._id);
  // A parcel booked or cancelled: its list, and the order (shipped once every unit is in a parcel).
  const parcelsChanged = () => {
    parcels.reload();
    updates.onStale();
  };
  const shipped = (shipment: ApiShipment) => {
    toast.success(`Parcel booked with ${shipment.courier}: AWB ${shipment.awb ?? 'not assigned yet'}.`, {
      autoClose: 6000,
    });
    parcels.booked(shipment);
    parcelsChanged();
  };

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
            {canWrite && (
              <OrderActions order={order} shipments={parcels.shipments} onShipped={shipped} {...updates} />
            )}
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

          <OrderLines order={order} />

          {order.returns.length > 0 && (
            <section className="panel" aria-labelledby="order-returns-heading">
              <h2 id="order-returns-heading">Returns</h2>
              <OrderReturns order={order} canWrite={canWrite} {...updates} />
            </section>
          )}
          <OrderRefunds order={order} />

          <section className="panel" aria-labelledby="order-documents-heading">
            <h2 id="order-documents-heading">Invoice and credit notes</h2>
            <TaxDocuments order={order} />
          </section>

          <section className="panel" aria-labelledby="order-payment-heading">
            <h2 id="order-payment-heading">Payment</h2>
            {cod ? (
              <CodPayment order={order} canWrite={canWrite} {...updates} />
            ) : (
              <OnlinePayment order={order} />
            )}
          </section>

          <section className="panel" aria-labelledby="order-timeline-heading">
            <h2 id="order-timeline-heading">Timeline</h2>
            <OrderTimeline order={order} />
            {canWrite && <OrderNoteForm order={order} {...updates} />}
          </section>
        </div>

        <div>
          <ShipmentsPanel
            order={order}
            shipments={parcels.shipments}
            loadError={parcels.error}
            canWrite={canWrite}
            onChanged={parcelsChanged}
          />
          <CustomerPanel order={order} canReadCustomers={can('customers.read')} />

          <section className="panel" aria-labelledby="order-address-heading">
            <h2 id="order-address-heading">Delivery address</h2>
            <ShippingAddress address={address} />
          </section>
        </div>
      </div>
    </>
  );
}
