import { listReminders } from '../../../shared/api/reminders';
import type { ApiCartReminderSent, ApiPriceDropSent } from '../../../shared/api/reminders.schemas';
import { formatDayAndTime } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { type Column, DataTable } from '../components/data-table';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import '../features/dashboard/dashboard.css';
import '../features/orders/orders.css';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';

const channelNames = { email: 'E-mail', sms: 'SMS', whatsapp: 'WhatsApp' } as const;
const channels = (list: readonly (keyof typeof channelNames)[]) =>
  list.map((channel) => channelNames[channel]).join(', ');
const count = (n: number) => n.toLocaleString('en-IN');

const priceDropColumns: Column<ApiPriceDropSent>[] = [
  { key: 'at', header: 'Sent (India time)', render: (r) => formatDayAndTime(r.at) },
  { key: 'customer', header: 'Customer', render: (r) => r.customer },
  {
    key: 'product',
    header: 'Product',
    render: (r) => (
      <>
        {r.product}
        {r.drops > 1 && <span className="cell-sub">and {r.drops - 1} more on the wishlist</span>}
      </>
    ),
  },
  {
    key: 'price',
    header: 'Price',
    align: 'end',
    render: (r) => (
      <>
        {formatRupees(r.newPrice)}
        <span className="cell-sub">was {formatRupees(r.oldPrice)}</span>
      </>
    ),
  },
  { key: 'channels', header: 'Channels', render: (r) => channels(r.channels) },
];

const cartColumns: Column<ApiCartReminderSent>[] = [
  { key: 'at', header: 'Sent (India time)', render: (r) => formatDayAndTime(r.at) },
  { key: 'customer', header: 'Customer', render: (r) => r.customer },
  { key: 'items', header: 'Items', align: 'end', render: (r) => count(r.items) },
  { key: 'channels', header: 'Channels', render: (r) => channels(r.channels) },
  {
    key: 'outcome',
    header: 'Outcome',
    render: (r) =>
      r.converted
        ? 'Ordered within 7 days'
        : r.restoredAt
          ? `Link opened ${formatDayAndTime(r.restoredAt)}`
          : 'No order yet',
  },
];

/**
 * Price drops and cart reminders sent (decision 057): the latest of each with the customer masked,
 * and the last 30 days' figures. Read-only: the sweeps send them, within consent, the quiet hours
 * and the daily cap.
 */
export default function RemindersPage() {
  const reminders = useAdminQuery((signal) => adminApi.call(listReminders, { signal }), []);
  const figures = reminders.data?.last30Days;
  return (
    <>
      <PageHeader
        title="Reminders"
        description="Price drops on wishlisted items and cart reminders, sent only to customers who said yes to offers on that channel, never between 21:00 and 09:00 India time, and at most the daily limit per channel."
      />
      {reminders.error && <LoadError message={reminders.error} onRetry={reminders.reload} />}
      {figures && (
        <dl className="stat-grid" aria-label="The last 30 days">
          <div className="stat-card">
            <dt>Price drops, 30 days</dt>
            <dd>
              <span className="stat-value">{count(figures.priceDrops)}</span>
              <span className="stat-note">Messages naming a wishlisted item that costs less</span>
            </dd>
          </div>
          <div className="stat-card">
            <dt>Cart reminders, 30 days</dt>
            <dd>
              <span className="stat-value">{count(figures.cartReminders)}</span>
              <span className="stat-note">One per cart left for an hour</span>
            </dd>
          </div>
          <div className="stat-card">
            <dt>Turned into orders</dt>
            <dd>
              <span className="stat-value">{count(figures.converted)}</span>
              <span className="stat-note">Cart reminders followed by an order within 7 days</span>
            </dd>
          </div>
        </dl>
      )}
      <section className="panel" aria-labelledby="cart-reminders-heading">
        <h2 id="cart-reminders-heading">Cart reminders</h2>
        <DataTable
          caption="Cart reminders sent, newest first"
          loading={reminders.loading}
          rows={reminders.data?.cartReminders ?? []}
          rowKey={(row) => row._id}
          empty="No cart reminder has been sent yet."
          columns={cartColumns}
        />
      </section>
      <section className="panel" aria-labelledby="price-drops-heading">
        <h2 id="price-drops-heading">Price drops</h2>
        <DataTable
          caption="Price-drop messages sent, newest first"
          loading={reminders.loading}
          rows={reminders.data?.priceDrops ?? []}
          rowKey={(row) => row._id}
          empty="No price-drop message has been sent yet."
          columns={priceDropColumns}
        />
      </section>
    </>
  );
}
