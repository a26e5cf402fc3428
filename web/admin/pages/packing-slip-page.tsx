import { getAdminOrder } from '../../../shared/api/orders-admin';
import type { ApiAdminOrder } from '../../../shared/api/orders-admin.schemas';
import { formatDay } from '../../lib/dates';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import '../features/orders/packing-slip.css';
import { ShippingAddress } from '../features/orders/shipping-address';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';

/**
 * A printable packing slip: what goes in the parcel and where it goes, no prices (the slip travels
 * inside the box, often as a gift). On paper only the slip prints: the print stylesheet hides the
 * console around it.
 */
export default function PackingSlipPage({ params }: { params: Record<string, string> }) {
  const id = params.id ?? '';
  const loaded = useAdminQuery((signal) => adminApi.call(getAdminOrder, { params: { id }, signal }), [id]);
  const order = loaded.data?._id === id ? loaded.data : undefined;
  const back = { href: `/orders/${id}`, label: order ? `Order ${order.orderNumber}` : 'Order' };

  if (loaded.error && !order) {
    return (
      <>
        <PageHeader title="Packing slip" back={back} />
        <LoadError message={loaded.error} onRetry={loaded.status === 404 ? undefined : loaded.reload} />
      </>
    );
  }
  if (!order) return <PageHeader title="Packing slip" description="Loading…" back={back} />;
  return (
    <>
      <div className="packing-slip-screen">
        <PageHeader
          title={`Packing slip for order ${order.orderNumber}`}
          description="Only the slip below is printed."
          back={back}
          actions={
            <button type="button" className="button button--primary" onClick={() => window.print()}>
              Print
            </button>
          }
        />
      </div>
      <PackingSlip order={order} />
    </>
  );
}

function PackingSlip({ order }: { order: ApiAdminOrder }) {
  const address = order.shippingInfo;
  const lines = order.lines.map((line) => ({ ...line, toPack: line.quantity - line.refundedQuantity }));
  const units = lines.reduce((sum, line) => sum + line.toPack, 0);

  return (
    <article className="packing-slip" aria-labelledby="packing-slip-title">
      <header className="slip-head">
        <div>
          <p className="slip-shop">Bharat Bazaar</p>
          <h2 id="packing-slip-title" className="slip-title">
            Packing slip
          </h2>
        </div>
        <dl className="slip-order">
          <dt>Order</dt>
          <dd className="slip-number">{order.orderNumber}</dd>
          <dt>Date</dt>
          <dd>
            <time dateTime={order.createdAt}>{formatDay(order.createdAt)}</time>
          </dd>
        </dl>
      </header>

      {order.state === 'cancelled' && (
        <p className="slip-warning" role="note">
          This order is cancelled: do not pack or send it.
        </p>
      )}

      <section className="slip-address" aria-labelledby="slip-ship-to">
        <h3 id="slip-ship-to">Ship to</h3>
        <ShippingAddress address={address} fallbackMobile={order.customer.mobile} strongName />
      </section>

      <table className="slip-lines">
        <caption className="visually-hidden">Items to pack for order {order.orderNumber}</caption>
        <thead>
          <tr>
            <th scope="col" className="slip-check-col">
              <span className="visually-hidden">Packed</span>
            </th>
            <th scope="col">Item</th>
            <th scope="col">Variant</th>
            <th scope="col" className="slip-units">
              Units
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line._id} className={line.toPack === 0 ? 'slip-line--skip' : undefined}>
              <td className="slip-check-col">
                <input
                  type="checkbox"
                  className="slip-box"
                  aria-label={`Packed ${line.title} (${line.options || line.color.name || line.color.title})`}
                />
              </td>
              <td>
                {line.title}
                {line.refundedQuantity > 0 && (
                  <span className="slip-sub">
                    {line.toPack === 0
                      ? 'Refunded: do not pack'
                      : `${line.quantity} ordered, ${line.refundedQuantity} refunded`}
                  </span>
                )}
              </td>
              <td>
                {/* The size or storage to pick, and the SKU on the shelf label. */}
                {line.options || line.color.name || line.color.title}
                {line.sku && <span className="slip-sub">SKU {line.sku}</span>}
              </td>
              <td className="slip-units">{line.toPack}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td />
            <th scope="row" colSpan={2}>
              Units in the parcel
            </th>
            <td className="slip-units">{units}</td>
          </tr>
        </tfoot>
      </table>

      <footer className="slip-foot">
        <p>Packed by: ____________________</p>
        <p>Checked by: ____________________</p>
        <p className="slip-thanks">Thank you for shopping with Bharat Bazaar.</p>
      </footer>
    </article>
  );
}
