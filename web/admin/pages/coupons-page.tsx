import { useRef, useState } from 'react';
import { couponsTable, deleteCoupon } from '../../../shared/api/coupons';
import {
  type ApiCoupon,
  type CouponTableSort,
  couponTableSorts,
  indiaToday,
  isCouponExpired,
} from '../../../shared/api/coupons.schemas';
import { SelectField } from '../../components/forms/form-field';
import { reportSubmitError } from '../../components/forms/submit-error';
import { formatDay } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { toast } from '../../lib/toast';
import { useConfirm } from '../components/confirm-dialog';
import { type Column, DataTable, formatSort, parseSort } from '../components/data-table';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { CouponForm } from '../features/coupons/coupon-form';
import { useCatalogueNames } from '../features/products/use-catalogue-names';
import '../features/coupons/coupons.css';
import { DeleteRowButton } from '../components/row-buttons';
import { SearchField } from '../components/search-field';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';
import { useSearchState } from '../lib/use-search-state';

const DEFAULT_SORT = { key: 'expiry', direction: 'asc' } as const;

/** "Fashion, Watches by Casio": what a restricted coupon applies to. */
function restrictionText(
  coupon: ApiCoupon,
  names:
    | { categories: { _id: string; title: string }[]; brands: { _id: string; title: string }[] }
    | undefined,
): string {
  if (!names) return 'some categories or brands';
  const titles = (ids: string[], list: { _id: string; title: string }[]) =>
    ids.map((id) => list.find((item) => item._id === id)?.title ?? 'a deleted one').join(', ');
  const categories = titles(coupon.categoryIds, names.categories);
  const brands = titles(coupon.brandIds, names.brands);
  return categories && brands ? `${categories} by ${brands}` : categories || brands;
}

/** "10% off (up to ₹500.00)" or "₹200.00 off". */
function discountText(coupon: ApiCoupon): string {
  if (coupon.kind === 'flat' && coupon.flatAmount !== null) return `${formatRupees(coupon.flatAmount)} off`;
  return `${coupon.discount}% off${coupon.maxDiscount !== null ? ` (up to ${formatRupees(coupon.maxDiscount)})` : ''}`;
}

function ExpiryBadge({ expiry }: { expiry: string }) {
  if (isCouponExpired(expiry)) return <span className="badge badge--muted">Expired</span>;
  if (Date.parse(expiry) === indiaToday().getTime())
    return <span className="badge badge--warning">Last day</span>;
  return <span className="badge badge--success">Active</span>;
}

/** The table's columns; the row being edited is marked, and its buttons edit or delete it. */
function couponColumns({
  editing,
  names,
  busy,
  edit,
  remove,
}: {
  editing: ApiCoupon | null;
  names: Parameters<typeof restrictionText>[1];
  busy: string | null;
  edit: (coupon: ApiCoupon) => void;
  remove: (coupon: ApiCoupon) => Promise<void>;
}): Column<ApiCoupon>[] {
  return [
    {
      key: 'name',
      header: 'Code',
      sortable: true,
      render: (coupon) => (
        <>
          <span className="coupon-code">{coupon.name}</span>
          {editing?._id === coupon._id && <span className="badge badge--warning">Editing</span>}
        </>
      ),
    },
    {
      key: 'discount',
      header: 'Discount',
      sortable: true,
      align: 'end',
      width: '11rem',
      render: (coupon) => (
        <>
          {discountText(coupon)}
          {coupon.minOrder !== null && (
            <span className="coupon-uses-held">
              <br />
              on {formatRupees(coupon.minOrder)}+
            </span>
          )}
          {coupon.categoryIds.length + coupon.brandIds.length > 0 && (
            <span className="coupon-uses-held">
              <br />
              only {restrictionText(coupon, names)}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'uses',
      header: 'Uses',
      align: 'end',
      width: '8rem',
      render: (coupon) => (
        <>
          <span aria-hidden="true">
            {coupon.used}/{coupon.usageLimit ?? '∞'}
          </span>
          <span className="visually-hidden">
            {coupon.used} used of {coupon.usageLimit ?? 'unlimited'}
          </span>
          {coupon.held > 0 && (
            <span className="coupon-uses-held">
              <br />
              {coupon.held} being paid
            </span>
          )}
          {coupon.perCustomerLimit !== null && (
            <span className="coupon-uses-held">
              <br />
              {coupon.perCustomerLimit} per customer
            </span>
          )}
        </>
      ),
    },
    {
      key: 'expiry',
      header: 'Last day (IST)',
      sortable: true,
      width: '15rem',
      render: (coupon) => (
        <>
          {formatDay(coupon.expiry)} <ExpiryBadge expiry={coupon.expiry} />
        </>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      width: '12rem',
      render: (coupon) => (
        <div className="row-actions">
          <button
            type="button"
            className="button button--small button--plain"
            aria-label={`Edit ${coupon.name}`}
            onClick={() => edit(coupon)}
          >
            Edit
          </button>
          <DeleteRowButton
            label={`Delete ${coupon.name}`}
            disabled={busy === coupon._id}
            onClick={() => void remove(coupon)}
          />
        </div>
      ),
    },
  ];
}

/** Discount coupons: a create/edit form above the table; codes, discounts and when they end. */
export default function CouponsPage() {
  const confirm = useConfirm();
  const [state, setState] = useSearchState();
  const [editing, setEditing] = useState<ApiCoupon | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const names = useCatalogueNames();
  const formPanel = useRef<HTMLElement>(null);

  const parsed = parseSort(state.sort, DEFAULT_SORT);
  const sort = (couponTableSorts as readonly string[]).includes(formatSort(parsed)) ? parsed : DEFAULT_SORT;
  const shown = state.status;
  const status: 'active' | 'expired' | undefined =
    shown === 'active' || shown === 'expired' ? shown : undefined;
  const page = Math.max(1, Number(state.page) || 1);
  const query = { q: state.q ?? '', status, sort: formatSort(sort) as CouponTableSort, page };
  const table = useAdminQuery(
    (signal) => adminApi.call(couponsTable, { query, signal }),
    [query.q, query.status, query.sort, query.page],
  );

  const edit = (coupon: ApiCoupon) => {
    setEditing(coupon);
    formPanel.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    // The code field, once the form for this coupon has mounted.
    setTimeout(() => formPanel.current?.querySelector('input')?.focus(), 0);
  };

  const remove = async (coupon: ApiCoupon) => {
    const ok = await confirm({
      title: `Delete the coupon ${coupon.name}?`,
      message: `${discountText(coupon)}, ${isCouponExpired(coupon.expiry) ? 'expired' : 'until'} ${formatDay(coupon.expiry)}. Shoppers can no longer use it; the audit trail keeps a record.`,
      confirmLabel: 'Delete coupon',
      danger: true,
    });
    if (!ok) return;
    setBusy(coupon._id);
    try {
      await adminApi.call(deleteCoupon, { params: { id: coupon._id } });
      toast.success(`Deleted the coupon ${coupon.name}.`, { autoClose: 4000 });
      if (editing?._id === coupon._id) setEditing(null);
      table.reload();
    } catch (error) {
      reportSubmitError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Coupons"
        description="Discount codes shoppers type at checkout. Several coupons may end on the same day."
      />
      <section className="panel" aria-labelledby="coupon-form-heading" ref={formPanel}>
        <h2 id="coupon-form-heading">{editing ? `Edit the coupon ${editing.name}` : 'Add a coupon'}</h2>
        <CouponForm
          // Remounted per coupon edited, not when the category and brand names arrive: that threw
          // away what staff had typed meanwhile (seen as a flaky e2e under load).
          key={editing?._id ?? 'new'}
          editing={editing}
          names={names.data ?? null}
          onSaved={() => {
            setEditing(null);
            table.reload();
          }}
          onCancel={() => setEditing(null)}
        />
      </section>

      <div className="toolbar">
        <SearchField
          label="Search codes"
          value={state.q ?? ''}
          placeholder="DIWALI"
          onSearch={(q) => setState({ q })}
        />
        <SelectField
          label="Show"
          value={status ?? ''}
          onChange={(event) => setState({ status: event.target.value })}
        >
          <option value="">All coupons</option>
          <option value="active">Still usable</option>
          <option value="expired">Expired</option>
        </SelectField>
      </div>

      {table.error && <LoadError message={table.error} onRetry={table.reload} />}
      <DataTable
        caption="Coupons"
        loading={table.loading}
        rows={table.data?.items ?? []}
        rowKey={(coupon) => coupon._id}
        sort={sort}
        onSortChange={(next) => setState({ sort: formatSort(next) })}
        empty={state.q || status ? 'No coupons match.' : 'No coupons yet: add one above.'}
        columns={couponColumns({ editing, names: names.data, busy, edit, remove })}
      />
      {table.data && (
        <Pager
          label="Coupon pages"
          page={table.data.page}
          pageSize={table.data.pageSize}
          total={table.data.total}
          onPageChange={(next) => setState({ page: next })}
        />
      )}
    </>
  );
}
