import { Link } from 'wouter';
import { adminDashboard } from '../../../shared/api/orders-admin';
import type { ApiDashboard } from '../../../shared/api/orders-admin.schemas';
import { ADMIN_PRODUCTS_COUNT_CAP } from '../../../shared/catalog';
import { languageName } from '../../../shared/translations';
import { formatDayAndTime } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { useStaff } from '../app/staff-context';
import { DataTable } from '../components/data-table';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import '../features/dashboard/dashboard.css';
import { SalesChart } from '../features/dashboard/sales-chart';
import { OrderStatusBadge } from '../features/orders/order-status';
import '../features/orders/orders.css';
import { translatedLocales } from '../features/translations/translations';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';

function Figure({
  label,
  value,
  note,
  href,
  attention = false,
}: {
  label: string;
  value: string;
  note?: string;
  href?: string | undefined;
  attention?: boolean;
}) {
  // dt and dd stay the card's own children (a link may not wrap them); the link on the figure
  // covers the whole card (admin dashboard.css), so the card is one click target.
  return (
    <div className={attention ? 'stat-card stat-card--attention' : 'stat-card'}>
      <dt>{label}</dt>
      <dd>
        {href ? (
          // Named with its label: a link read out alone as "5" says nothing.
          <Link href={href} aria-label={`${label}: ${value}`}>
            {value}
          </Link>
        ) : (
          <span className="stat-value">{value}</span>
        )}
        {note && <span className="stat-note">{note}</span>}
      </dd>
    </div>
  );
}

const count = (n: number) => n.toLocaleString('en-IN');
const percent = (fraction: number) =>
  fraction.toLocaleString('en-IN', { style: 'percent', maximumFractionDigits: 1 });
/** Above this share of parcels coming back, the figure asks for attention (Indian COD-heavy shops see 10–20 %). */
const RTO_ATTENTION = 0.15;
const orders = (n: number) => `${count(n)} ${n === 1 ? 'order' : 'orders'}`;

/** The headline figures: sales, the work waiting, stock running out; each links to its list. */
function DashboardFigures({ data }: { data: ApiDashboard }) {
  const { can } = useStaff();
  return (
    <dl className="stat-grid dashboard-figures">
      <Figure
        label="Net sales today"
        value={formatRupees(data.today.netSales)}
        note={orders(data.today.orders)}
      />
      <Figure
        label="Net sales this month"
        value={formatRupees(data.thisMonth.netSales)}
        note={orders(data.thisMonth.orders)}
      />
      <Figure
        label="To pack"
        value={count(data.ordersToPack)}
        note="Placed, not packed yet"
        href="/orders?status=Ordered"
        attention={data.ordersToPack > 0}
      />
      <Figure
        label="To ship"
        value={count(data.ordersToShip)}
        note="Packed, not shipped yet"
        href="/orders?status=Processing"
        attention={data.ordersToShip > 0}
      />
      <Figure
        label="Enquiries waiting"
        value={count(data.enquiriesWaiting)}
        note="Not answered yet"
        href={can('enquiries') ? '/enquiries?status=Submitted' : undefined}
        attention={data.enquiriesWaiting > 0}
      />
      <Figure
        label="Requests overdue"
        value={count(data.requestsOverdue)}
        note="Complaints and data requests past a time limit"
        href={can('enquiries') ? '/enquiries?overdue=true' : undefined}
        attention={data.requestsOverdue > 0}
      />
      <Figure
        label="RTO rate, 30 days"
        value={data.rtoRate.rate === null ? '—' : percent(data.rtoRate.rate)}
        note={
          data.rtoRate.ended === 0
            ? 'No parcel delivered or returned yet'
            : `${count(data.rtoRate.returned)} of ${count(data.rtoRate.ended)} parcels came back undelivered`
        }
        href="/shipments/returns-to-origin"
        attention={(data.rtoRate.rate ?? 0) >= RTO_ATTENTION}
      />
      <Figure
        label="Low on stock"
        value={count(data.lowStockProducts)}
        note="Products with 1 to 5 left"
        href={can('catalogue') ? '/products?stock=low' : undefined}
      />
      <Figure
        label="Sold out"
        value={count(data.soldOutProducts)}
        note="Products on sale with none left"
        href={can('catalogue') ? '/products?stock=out' : undefined}
        attention={data.soldOutProducts > 0}
      />
      <Figure
        label="Cart reminders → orders, 30 days"
        value={count(data.reminders.converted)}
        note={`Of ${count(data.reminders.cartReminders)} cart ${data.reminders.cartReminders === 1 ? 'reminder' : 'reminders'} sent (an order within 7 days); ${count(data.reminders.priceDrops)} price-drop ${data.reminders.priceDrops === 1 ? 'message' : 'messages'}`}
        href={can('customers.read') ? '/reminders' : undefined}
      />
      {translatedLocales.map((code) => {
        const missing = data.productsMissingTranslation[code];
        return (
          <Figure
            key={code}
            label={`Products without ${languageName(code)}`}
            value={
              missing > ADMIN_PRODUCTS_COUNT_CAP ? `${count(ADMIN_PRODUCTS_COUNT_CAP)}+` : count(missing)
            }
            note={`On sale with a title or description still in English only`}
            href={can('catalogue') ? `/products?missing=${code}` : undefined}
          />
        );
      })}
    </dl>
  );
}

/**
 * Sales today, this month, by day (30 days) and by month (12), India time; the work waiting (to
 * pack, to ship, enquiries); stock running out; what sells; the newest orders.
 */
export default function DashboardPage() {
  const { can } = useStaff();
  const dashboard = useAdminQuery((signal) => adminApi.call(adminDashboard, { signal }), []);
  const data = dashboard.data;
  const productHref = (id: string) => (can('catalogue') ? `/products/${id}` : undefined);
  // A variant's option values ("Navy / L") and SKU under its product's title.
  const productCell = (product: { _id: string; title: string; options: string; sku: string | null }) => {
    const href = productHref(product._id);
    return (
      <>
        {href ? <Link href={href}>{product.title}</Link> : product.title}
        {(product.options || product.sku) && (
          <span className="cell-note">{[product.options, product.sku].filter(Boolean).join(' · ')}</span>
        )}
      </>
    );
  };

  return (
    <>
      <PageHeader
        title="Dashboard"
        description="India time. Net sales: what customers paid after discounts, less refunds; cancelled orders are left out."
      />
      {dashboard.error && <LoadError message={dashboard.error} onRetry={dashboard.reload} />}
      {data && (
        <>
          <DashboardFigures data={data} />

          <section className="panel" aria-labelledby="daily-heading">
            <h2 id="daily-heading">Net sales, last 30 days</h2>
            <SalesChart
              title="Net sales by day, last 30 days"
              period="day"
              points={data.days.map((d) => ({ key: d.date, orders: d.orders, netSales: d.netSales }))}
            />
          </section>

          <div className="dashboard-columns">
            <section className="panel" aria-labelledby="monthly-heading">
              <h2 id="monthly-heading">Net sales, last 12 months</h2>
              <SalesChart
                title="Net sales by month, last 12 months"
                period="month"
                width={480}
                points={data.months.map((m) => ({ key: m.month, orders: m.orders, netSales: m.netSales }))}
              />
            </section>

            <section className="panel" aria-labelledby="low-heading">
              <div className="panel-header">
                <h2 id="low-heading">Running low</h2>
                {can('catalogue') && <Link href="/products?stock=low">All low-stock products</Link>}
              </div>
              <DataTable
                caption="Sizes and variants on sale with the fewest units left"
                rows={data.lowStock}
                rowKey={(variant) => `${variant._id}:${variant.sku}`}
                empty="No product is running low."
                columns={[
                  { key: 'product', header: 'Product', render: productCell },
                  { key: 'left', header: 'Units left', align: 'end', render: (p) => count(p.quantity) },
                ]}
              />
            </section>
          </div>

          <section className="panel" aria-labelledby="top-heading">
            <h2 id="top-heading">Top products, last 30 days</h2>
            <DataTable
              caption="Top products over the last 30 days, by units sold"
              rows={data.topProducts}
              rowKey={(variant) => `${variant._id}:${variant.sku}`}
              empty="Nothing sold in the last 30 days."
              columns={[
                { key: 'product', header: 'Product', render: productCell },
                { key: 'units', header: 'Units', align: 'end', render: (p) => count(p.units) },
                { key: 'revenue', header: 'Sold for', align: 'end', render: (p) => formatRupees(p.revenue) },
              ]}
            />
            <p className="panel-note">
              Sold for: the lines' prices as bought, before order discounts and refunds. Cancelled orders are
              left out.
            </p>
          </section>

          <section className="panel" aria-labelledby="recent-heading">
            <div className="panel-header">
              <h2 id="recent-heading">Recent orders</h2>
              <Link href="/orders">All orders</Link>
            </div>
            <DataTable
              caption="Recent orders"
              rows={data.recentOrders}
              rowKey={(order) => order._id}
              empty="No orders yet."
              columns={[
                {
                  key: 'order',
                  header: 'Order',
                  render: (order) => <Link href={`/orders/${order._id}`}>{order.orderNumber}</Link>,
                },
                { key: 'placed', header: 'Placed', render: (order) => formatDayAndTime(order.createdAt) },
                { key: 'customer', header: 'Customer', render: (order) => order.customer.name },
                { key: 'total', header: 'Total', align: 'end', render: (order) => formatRupees(order.total) },
                {
                  key: 'status',
                  header: 'Status',
                  render: (order) => <OrderStatusBadge status={order.status} />,
                },
              ]}
            />
          </section>
        </>
      )}
      {!data && !dashboard.error && <p className="muted">Loading…</p>}
    </>
  );
}
