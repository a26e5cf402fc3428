import { useState } from 'react';
import { Link } from 'wouter';
import {
  blockCustomer,
  eraseCustomer,
  getAdminCustomer,
  unblockCustomer,
} from '../../../shared/api/customers-admin';
import {
  type ApiAdminCustomer,
  eraseCustomer as eraseSchemas,
} from '../../../shared/api/customers-admin.schemas';
import { reportSubmitError } from '../../components/forms/submit-error';
import { formatDay, formatDayAndTime } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { toast } from '../../lib/toast';
import { useStaff } from '../app/staff-context';
import { useConfirm } from '../components/confirm-dialog';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import '../features/customers/customers.css';
import { StarRating } from '../features/customers/star-rating';
import { OrderStatusBadge } from '../features/orders/order-status';
import '../features/orders/orders.css';
import { ReasonDialog } from '../features/orders/reason-dialog';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';

/**
 * A customer: profile, orders and reviews. Opening it is recorded in the audit trail (personal
 * data), so the page loads once and block/unblock updates it in place rather than reloading.
 */
export default function CustomerPage({ params }: { params: Record<string, string> }) {
  const id = params.id ?? '';
  const loaded = useAdminQuery((signal) => adminApi.call(getAdminCustomer, { params: { id }, signal }), [id]);
  const [blocked, setBlocked] = useState<{ id: string; value: boolean } | null>(null);

  if (loaded.error && !loaded.data) {
    return (
      <>
        <PageHeader title="Customer" back={{ href: '/customers', label: 'Customers' }} />
        <LoadError message={loaded.error} onRetry={loaded.status === 404 ? undefined : loaded.reload} />
      </>
    );
  }
  if (!loaded.data || loaded.data.customer._id !== id) {
    return (
      <PageHeader title="Customer" description="Loading…" back={{ href: '/customers', label: 'Customers' }} />
    );
  }
  const isBlocked = blocked?.id === id ? blocked.value : loaded.data.customer.isBlocked;
  return (
    <CustomerDetail
      data={loaded.data}
      isBlocked={isBlocked}
      onBlockedChange={(value) => setBlocked({ id, value })}
      onErased={loaded.reload}
    />
  );
}

/** The customer's newest orders, with how many they placed and what they spent. */
function CustomerOrders({ data, name }: { data: ApiAdminCustomer; name: string }) {
  const { can } = useStaff();
  return (
    <section className="panel" aria-labelledby="customer-orders-heading">
      <h2 id="customer-orders-heading">Orders</h2>
      <dl className="customer-stats">
        <div>
          <dt>Orders</dt>
          <dd>{data.orderCount.toLocaleString('en-IN')}</dd>
        </div>
        <div>
          <dt>Spent</dt>
          <dd>{formatRupees(data.spent)}</dd>
        </div>
      </dl>
      {data.orders.length === 0 ? (
        <p className="muted">No orders yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">Orders of {name}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col" className="align-end">
                  Items
                </th>
                <th scope="col" className="align-end">
                  Total
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {data.orders.map((order) => (
                <tr key={order._id}>
                  <td>
                    {can('orders.read') ? (
                      <Link href={`/orders/${order._id}`}>{order.orderNumber}</Link>
                    ) : (
                      order.orderNumber
                    )}
                  </td>
                  <td>{formatDayAndTime(order.createdAt)}</td>
                  <td className="align-end">{order.itemCount}</td>
                  <td className="align-end">{formatRupees(order.total)}</td>
                  <td>
                    <OrderStatusBadge status={order.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.orderCount > data.orders.length && (
        <p className="muted">
          The newest {data.orders.length} of {data.orderCount} orders.
        </p>
      )}
    </section>
  );
}

function CustomerReviews({ reviews }: { reviews: ApiAdminCustomer['reviews'] }) {
  return (
    <section className="panel" aria-labelledby="customer-reviews-heading">
      <h2 id="customer-reviews-heading">Reviews</h2>
      {reviews.length === 0 ? (
        <p className="muted">No reviews.</p>
      ) : (
        <ul className="review-list">
          {reviews.map((review) => (
            <li key={review._id}>
              <a href={`/product/${review.product.slug}`} target="_blank" rel="noreferrer">
                {review.product.title}
                <span className="visually-hidden"> (opens the storefront in a new tab)</span>
              </a>{' '}
              <StarRating stars={review.star} />{' '}
              {review.verifiedPurchase && <span className="badge badge--success">Verified purchase</span>}
              <span className="cell-sub">{formatDay(review.updatedAt)}</span>
              <p>{review.comment}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Status and contact details; an erased customer's say what the shop still keeps and why. */
function CustomerProfile({
  customer,
  isBlocked,
}: {
  customer: ApiAdminCustomer['customer'];
  isBlocked: boolean;
}) {
  return (
    <section className="panel" aria-labelledby="customer-profile-heading">
      <h2 id="customer-profile-heading">Profile</h2>
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          {customer.erasedAt ? (
            <span className="badge">Deleted</span>
          ) : isBlocked ? (
            <span className="badge badge--danger">Blocked</span>
          ) : (
            <span className="badge badge--success">Active</span>
          )}
        </dd>
        {customer.erasedAt ? (
          <>
            <dt>Deleted on</dt>
            <dd>{formatDayAndTime(customer.erasedAt)}</dd>
            <dt>Personal data</dt>
            <dd>
              Erased. Orders with a tax invoice keep the name and address printed on it for 8 years after
              their financial year.
            </dd>
          </>
        ) : (
          <>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${customer.email}`}>{customer.email}</a>
            </dd>
            <dt>Mobile</dt>
            <dd>
              <a href={`tel:+91${customer.mobile}`}>{customer.mobile}</a>
            </dd>
          </>
        )}
        <dt>Joined</dt>
        <dd>{formatDayAndTime(customer.createdAt)}</dd>
        <dt>Last change</dt>
        <dd>{formatDayAndTime(customer.updatedAt)}</dd>
      </dl>
    </section>
  );
}

function CustomerDetail({
  data,
  isBlocked,
  onBlockedChange,
  onErased,
}: {
  data: ApiAdminCustomer;
  isBlocked: boolean;
  onErased: () => void;
  onBlockedChange: (blocked: boolean) => void;
}) {
  const { can } = useStaff();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [erasing, setErasing] = useState<{ open: boolean; busy: boolean; error: string | null }>({
    open: false,
    busy: false,
    error: null,
  });
  const { customer } = data;

  /** A data request (or a restore that brought an erased customer back): the same erasure as theirs. */
  const erase = async (reason: string) => {
    setErasing({ open: true, busy: true, error: null });
    try {
      const { message } = await adminApi.call(eraseCustomer, {
        params: { id: customer._id },
        body: { reason },
      });
      setErasing({ open: false, busy: false, error: null });
      toast.success(message, { autoClose: 5000 });
      onErased();
      return true;
    } catch (error) {
      setErasing({
        open: true,
        busy: false,
        error: error instanceof Error ? error.message : 'The erasure failed. Please try again.',
      });
      return false;
    }
  };
  const name = `${customer.firstname} ${customer.lastname}`.trim();

  const toggle = async () => {
    const ok = await confirm(
      isBlocked
        ? {
            title: `Unblock ${name}?`,
            message: `${name} will be able to sign in and shop again.`,
            confirmLabel: 'Unblock',
          }
        : {
            title: `Block ${name}?`,
            message: (
              <>
                <p>They are signed out everywhere at once and cannot sign in until unblocked.</p>
                <p>Their orders stay as they are.</p>
              </>
            ),
            confirmLabel: 'Block customer',
            danger: true,
          },
    );
    if (!ok) return;
    setBusy(true);
    try {
      const endpoint = isBlocked ? unblockCustomer : blockCustomer;
      await adminApi.call(endpoint, { params: { id: customer._id } });
      onBlockedChange(!isBlocked);
      toast.success(isBlocked ? `${name} can sign in again.` : `${name} is blocked and signed out.`, {
        autoClose: 4000,
      });
    } catch (error) {
      reportSubmitError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={name}
        description={`Customer since ${formatDay(customer.createdAt)}`}
        back={{ href: '/customers', label: 'Customers' }}
        actions={
          can('customers.write') &&
          !customer.erasedAt && (
            <>
              <button
                type="button"
                className="button button--ghost"
                disabled={busy || erasing.busy}
                onClick={() => setErasing({ open: true, busy: false, error: null })}
              >
                Erase personal data
              </button>
              <button
                type="button"
                className={isBlocked ? 'button' : 'button button--danger'}
                disabled={busy}
                onClick={() => void toggle()}
              >
                {isBlocked ? 'Unblock' : 'Block'}
              </button>
            </>
          )
        }
      />
      <ReasonDialog
        title={`Erase ${name}'s personal data?`}
        open={erasing.open}
        onClose={() => setErasing({ open: false, busy: false, error: null })}
        onConfirm={erase}
        schema={eraseSchemas.body.shape.reason}
        label="Why"
        hint="The ticket number of the customer's request, or where the request came from. Kept in the audit trail: write no personal details."
        submitLabel="Erase personal data"
        closeLabel="Keep"
        busy={erasing.busy}
        error={erasing.error}
        danger
      >
        <p>
          The same as the customer deleting their account: name, e-mail, mobile, sign-ins, cart, wishlist and
          messages are erased now, and the addresses of orders without a tax invoice. Reviews stay as “Former
          customer”; invoiced orders keep what the invoice shows for 8 years. The customer is told by e-mail.
          This cannot be undone.
        </p>
      </ReasonDialog>
      <div className="detail-grid">
        <div>
          <CustomerOrders data={data} name={name} />
          <CustomerReviews reviews={data.reviews} />
        </div>

        <CustomerProfile customer={customer} isBlocked={isBlocked} />
      </div>
    </>
  );
}
