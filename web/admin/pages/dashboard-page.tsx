import { Link } from 'wouter';
import { adminDashboard } from '../../../shared/api/orders-admin';
import { formatDayAndTime } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { useStaff } from '../app/staff-context';
import { DataTable } from '../components/data-table';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import '../features/dashboard/dashboard.css';
import { RevenueChart } from '../features/dashboard/revenue-chart';
import { OrderStatusBadge } from '../features/orders/order-status';
import '../features/orders/orders.css';
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
        {href ? <Link href={href}>{value}</Link> : value}
        {note && <span className="stat-note">{note}</span>}
      </dd>
    </div>
  );
}

/** Today and this month (India time), the last twelve months, recent orders, and what is waiting. */
export default function DashboardPage() {
  const { can } = useStaff();
  const dashboard = useAdminQuery((signal) => adminApi.call(adminDashboard, { signal }), []);
  const data = dashboard.data;
  const count = (n: number) => n.toLocaleString('en-IN');

  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Figures in India time; cancelled and refunded orders are left out."
      />
      {dashboard.error && <LoadError message={dashboard.error} onRetry={dashboard.reload} />}
      {data && (
        <>
          <dl className="stat-grid dashboard-figures">
            <Figure
              label="Today's revenue"
              value={formatRupees(data.today.netSales)}
              note={`${count(data.today.orders)} orders`}
            />
            <Figure
              label="This month's revenue"
              value={formatRupees(data.thisMonth.netSales)}
              note={`${count(data.thisMonth.orders)} orders`}
            />
            <Figure
              label="Orders to ship"
              value={count(data.ordersToShip)}
              note="Ordered or processing"
              href="/orders?status=Ordered"
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
          </dl>

          <section className="panel" aria-labelledby="revenue-heading">
            <h2 id="revenue-heading">Revenue, last 12 months</h2>
            <RevenueChart months={data.months.map((m) => ({ ...m, revenue: m.netSales }))} />
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
