import { Link } from 'wouter';
import { listAdminCustomers } from '../../../shared/api/customers-admin';
import type { ApiAdminCustomerRow } from '../../../shared/api/customers-admin.schemas';
import { SelectField } from '../../components/forms/form-field';
import { formatDay } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { DataTable, formatSort, parseSort } from '../components/data-table';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import '../features/orders/orders.css';
import { SearchField } from '../components/search-field';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';
import { useSearchState } from '../lib/use-search-state';

const PAGE_SIZE = 25;
const DEFAULT_SORT = { key: 'createdAt', direction: 'desc' } as const;
const SORTS = [
  'createdAt:asc',
  'createdAt:desc',
  'name:asc',
  'name:desc',
  'email:asc',
  'email:desc',
] as const;
type Sort = (typeof SORTS)[number];

/** Shoppers' accounts: search by name, e-mail or mobile, blocked or not, sorted and paged by the server. */
export default function CustomersPage() {
  const [state, setState] = useSearchState();
  const parsed = parseSort(state.sort, DEFAULT_SORT);
  const sort = (SORTS as readonly string[]).includes(formatSort(parsed)) ? parsed : DEFAULT_SORT;
  const blocked: 'true' | 'false' | undefined =
    state.blocked === 'true' || state.blocked === 'false' ? state.blocked : undefined;
  const page = Math.max(1, Number(state.page) || 1);
  const query = { q: state.q || undefined, blocked, sort: formatSort(sort) as Sort, page, limit: PAGE_SIZE };
  const table = useAdminQuery(
    (signal) => adminApi.call(listAdminCustomers, { query, signal }),
    [query.q, blocked, query.sort, page],
  );

  return (
    <>
      <PageHeader
        title="Customers"
        description="Shoppers' accounts. Open one to see their orders and reviews."
      />
      <div className="toolbar">
        <SearchField
          label="Search"
          value={state.q ?? ''}
          placeholder="Name, e-mail or mobile"
          onSearch={(q) => setState({ q })}
        />
        <SelectField
          label="Show"
          value={blocked ?? ''}
          onChange={(event) => setState({ blocked: event.target.value })}
        >
          <option value="">All customers</option>
          <option value="false">Active</option>
          <option value="true">Blocked</option>
        </SelectField>
      </div>
      {table.error && <LoadError message={table.error} onRetry={table.reload} />}
      <DataTable<ApiAdminCustomerRow>
        caption="Customers"
        loading={table.loading}
        rows={table.data?.customers ?? []}
        rowKey={(customer) => customer._id}
        sort={sort}
        onSortChange={(next) => setState({ sort: formatSort(next) })}
        empty={query.q || blocked ? 'No customers match.' : 'No customers yet.'}
        columns={[
          {
            key: 'name',
            header: 'Name',
            sortable: true,
            render: (customer) => (
              <Link href={`/customers/${customer._id}`}>
                {customer.firstname} {customer.lastname}
              </Link>
            ),
          },
          {
            key: 'email',
            header: 'E-mail',
            sortable: true,
            render: (customer) => (customer.erasedAt ? '—' : customer.email),
          },
          {
            key: 'mobile',
            header: 'Mobile',
            render: (customer) => (customer.erasedAt ? '—' : customer.mobile),
          },
          { key: 'orders', header: 'Orders', align: 'end', render: (customer) => customer.orderCount },
          { key: 'spent', header: 'Spent', align: 'end', render: (customer) => formatRupees(customer.spent) },
          {
            key: 'createdAt',
            header: 'Joined',
            sortable: true,
            render: (customer) => formatDay(customer.createdAt),
          },
          {
            key: 'status',
            header: 'Status',
            render: (customer) =>
              customer.erasedAt ? (
                <span className="badge">Deleted {formatDay(customer.erasedAt)}</span>
              ) : customer.isBlocked ? (
                <span className="badge badge--danger">Blocked</span>
              ) : (
                <span className="badge badge--success">Active</span>
              ),
          },
        ]}
      />
      {table.data && (
        <Pager
          page={page}
          pageSize={table.data.pageSize}
          total={table.data.total}
          onPageChange={(next) => setState({ page: next })}
          label="Pages of customers"
        />
      )}
    </>
  );
}
