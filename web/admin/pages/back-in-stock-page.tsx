import { Link } from 'wouter';
import { restockOverview } from '../../../shared/api/restock-alerts';
import type { ApiRestockOverview } from '../../../shared/api/restock-alerts.schemas';
import { formatDayAndTime } from '../../lib/dates';
import { type Column, DataTable } from '../components/data-table';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';

type Waiting = ApiRestockOverview['waiting'][number];
type Sent = ApiRestockOverview['recent'][number];

const channelWords = { email: 'E-mail', sms: 'SMS', whatsapp: 'WhatsApp' } as const;

const product = (row: { productId: string; title: string; variant: string }) => (
  <>
    <Link href={`/products/${row.productId}`}>{row.title}</Link>
    {row.variant && <span className="cell-sub">{row.variant}</span>}
  </>
);

const waitingColumns: Column<Waiting>[] = [
  { key: 'product', header: 'Product and size', render: product },
  {
    key: 'shoppers',
    header: 'Shoppers waiting',
    align: 'end',
    render: (w) => w.shoppers.toLocaleString('en-IN'),
  },
  {
    key: 'oldest',
    header: 'Waiting since',
    render: (w) => <time dateTime={w.oldest}>{formatDayAndTime(w.oldest)}</time>,
  },
  { key: 'stock', header: 'In stock', align: 'end', render: (w) => w.inStock.toLocaleString('en-IN') },
];

const sentColumns: Column<Sent>[] = [
  { key: 'product', header: 'Product and size', render: product },
  {
    key: 'notified',
    header: 'Alert sent',
    render: (s) => <time dateTime={s.notifiedAt}>{formatDayAndTime(s.notifiedAt)}</time>,
  },
  {
    key: 'requested',
    header: 'Asked on',
    render: (s) => <time dateTime={s.requestedAt}>{formatDayAndTime(s.requestedAt)}</time>,
  },
  { key: 'channels', header: 'By', render: (s) => s.channels.map((c) => channelWords[c]).join(', ') },
];

/**
 * Back in stock: what shoppers asked to be told about (per product and size, most asked first), and
 * the alerts lately sent. Adjusting a product's stock sends them, first come first told (decision 056).
 */
export default function BackInStockPage() {
  const overview = useAdminQuery((signal) => adminApi.call(restockOverview, { signal }), []);
  const data = overview.data;
  return (
    <>
      <PageHeader
        title="Back in stock"
        description="Shoppers who tapped “Notify me” on a sold-out product or size. When stock comes back, the first ones to ask, as many as the units that came back, get one alert each by e-mail (and SMS or WhatsApp if they chose it); between 21:00 and 09:00 it waits for the morning."
      />
      {overview.error && <LoadError message={overview.error} onRetry={overview.reload} />}
      <section className="panel" aria-labelledby="restock-waiting-heading">
        <h2 id="restock-waiting-heading">Waiting{data ? ` (${data.waiting.length})` : ''}</h2>
        <DataTable
          caption="Products and sizes shoppers are waiting for"
          columns={waitingColumns}
          rows={data?.waiting ?? []}
          rowKey={(w) => `${w.productId}:${w.variant}`}
          loading={!data && !overview.error}
          empty={data ? 'Nobody is waiting for a sold-out product.' : 'Loading…'}
        />
      </section>
      <section className="panel" aria-labelledby="restock-sent-heading">
        <h2 id="restock-sent-heading">Recent alerts</h2>
        <DataTable
          caption="The last 50 back-in-stock alerts sent"
          columns={sentColumns}
          rows={data?.recent ?? []}
          rowKey={(s) => s.id}
          loading={!data && !overview.error}
          empty={data ? 'No alert has been sent yet.' : 'Loading…'}
        />
      </section>
    </>
  );
}
