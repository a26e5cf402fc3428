import { useState } from 'react';
import { Link } from 'wouter';
import type { OrderStatus } from '../../../shared/api/orders.schemas';
import { listAdminOrders } from '../../../shared/api/orders-admin';
import type { ApiAdminOrderRow } from '../../../shared/api/orders-admin.schemas';
import { SelectField, TextField } from '../../components/forms/form-field';
import { formatDayAndTime } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { type Column, DataTable, formatSort, parseSort } from '../components/data-table';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { FilterButtons } from '../features/orders/filter-buttons';
import {
  allOrderStatuses,
  OrderStatusBadge,
  orderStateWords,
  WordBadge,
} from '../features/orders/order-status';
import {
  allPaymentMethods,
  type PaymentMethod,
  paymentLabel,
  paymentLabels,
} from '../features/orders/payment-label';
import '../features/orders/orders.css';
import { useStaff } from '../app/staff-context';
import { SearchField } from '../components/search-field';
import { BulkShip, type OrderSelection, selectionColumn } from '../features/shipments/bulk-ship';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';
import { useSearchState } from '../lib/use-search-state';

const PAGE_SIZE = 25;
const DEFAULT_SORT = { key: 'createdAt', direction: 'desc' } as const;
const SORTS = ['createdAt:desc', 'createdAt:asc', 'total:desc', 'total:asc'] as const;
type Sort = (typeof SORTS)[number];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const orderColumns: Column<ApiAdminOrderRow>[] = [
  {
    key: 'orderNumber',
    header: 'Order',
    render: (order) => (
      <>
        <Link href={`/orders/${order._id}`}>{order.orderNumber}</Link>
        {order.addressToConfirm && <span className="cell-sub">Address to confirm</span>}
      </>
    ),
  },
  {
    key: 'createdAt',
    header: 'Placed',
    sortable: true,
    render: (order) => formatDayAndTime(order.createdAt),
  },
  {
    key: 'customer',
    header: 'Customer',
    render: (order) => (
      <>
        {order.customer.name}
        <span className="cell-sub">{order.customer.email}</span>
      </>
    ),
  },
  { key: 'items', header: 'Items', align: 'end', render: (order) => order.itemCount },
  {
    key: 'total',
    header: 'Total',
    sortable: true,
    align: 'end',
    render: (order) => formatRupees(order.total),
  },
  {
    key: 'payment',
    header: 'Payment',
    render: (order) => <span className="payment-method">{paymentLabel(order.paymentMethod)}</span>,
  },
  {
    key: 'status',
    header: 'Status',
    render: (order) =>
      order.awaitingCode ? (
        <WordBadge words={orderStateWords} value="unconfirmed" />
      ) : (
        <OrderStatusBadge status={order.status} />
      ),
  },
];

const NONE: OrderSelection = new Map();

/**
 * Every order: status buttons, India dates, payment method, search, sort and pages, all on the
 * server. Staff who ship tick orders (across pages too) and ship them at once.
 */
export default function OrdersPage() {
  const { can } = useStaff();
  const [selected, setSelected] = useState<OrderSelection>(NONE);
  const [state, setState] = useSearchState();
  const parsed = parseSort(state.sort, DEFAULT_SORT);
  const sort = (SORTS as readonly string[]).includes(formatSort(parsed)) ? parsed : DEFAULT_SORT;
  const status = (allOrderStatuses as readonly string[]).includes(state.status ?? '')
    ? (state.status as OrderStatus)
    : undefined;
  const payment = (allPaymentMethods as readonly string[]).includes(state.payment ?? '')
    ? (state.payment as PaymentMethod)
    : undefined;
  const from = DAY.test(state.from ?? '') ? state.from : undefined;
  const to = DAY.test(state.to ?? '') ? state.to : undefined;
  const page = Math.max(1, Number(state.page) || 1);
  const query = {
    status,
    payment,
    from,
    to,
    q: state.q || undefined,
    sort: formatSort(sort) as Sort,
    page,
    limit: PAGE_SIZE,
  };
  const table = useAdminQuery(
    (signal) => adminApi.call(listAdminOrders, { query, signal }),
    [status, payment, from, to, query.q, query.sort, page],
  );
  const filtered = Boolean(status || payment || from || to || query.q);
  const rows = table.data?.orders ?? [];
  const columns = can('orders.write')
    ? [selectionColumn(rows, selected, setSelected), ...orderColumns]
    : orderColumns;

  return (
    <>
      <PageHeader title="Orders" description="Newest first. Dates are India time." />
      <FilterButtons
        label="Show orders by status"
        value={status ?? ''}
        onChange={(value) => setState({ status: value })}
        options={[{ value: '', label: 'All' }, ...allOrderStatuses.map((s) => ({ value: s, label: s }))]}
      />
      <div className="toolbar">
        <SearchField
          label="Search"
          value={state.q ?? ''}
          placeholder="Order number, e-mail, mobile or name"
          onSearch={(q) => setState({ q })}
        />
        <div className="date-range">
          <TextField
            label="From"
            type="date"
            value={from ?? ''}
            max={to}
            onChange={(event) => setState({ from: event.target.value })}
          />
          <TextField
            label="To"
            type="date"
            value={to ?? ''}
            min={from}
            onChange={(event) => setState({ to: event.target.value })}
          />
        </div>
        <SelectField
          label="Payment"
          className="payment-filter"
          value={payment ?? ''}
          onChange={(event) => setState({ payment: event.target.value })}
        >
          <option value="">Any method</option>
          <option value="cod">{paymentLabels.cod}</option>
          <optgroup label="Paid online">
            {allPaymentMethods
              .filter((method) => method !== 'cod')
              .map((method) => (
                <option key={method} value={method}>
                  {paymentLabels[method]}
                </option>
              ))}
          </optgroup>
        </SelectField>
        {filtered && (
          <button
            type="button"
            className="button"
            onClick={() => setState({ status: '', payment: '', from: '', to: '', q: '' })}
          >
            Clear filters
          </button>
        )}
      </div>

      {table.error && <LoadError message={table.error} onRetry={table.reload} />}
      {can('orders.write') && (
        <BulkShip selected={selected} onClear={() => setSelected(NONE)} onShipped={table.reload} />
      )}
      <DataTable<ApiAdminOrderRow>
        caption="Orders"
        loading={table.loading}
        rows={rows}
        rowKey={(order) => order._id}
        sort={sort}
        onSortChange={(next) => setState({ sort: formatSort(next) })}
        empty={filtered ? 'No orders match these filters.' : 'No orders yet.'}
        columns={columns}
      />
      {table.data && (
        <Pager
          page={page}
          pageSize={table.data.pageSize}
          total={table.data.total}
          onPageChange={(next) => setState({ page: next })}
          label="Pages of orders"
        />
      )}
    </>
  );
}
