import { useState } from 'react';
import { Link } from 'wouter';
import { actOnFailedDelivery, failedDeliveryQueue } from '../../../shared/api/shipments';
import type { ApiFailedDeliveryQueueRow, ApiNdrAnswer } from '../../../shared/api/shipments.schemas';
import { formatDeliveryDay } from '../../../shared/delivery-day';
import { formatDayAndTime } from '../../lib/dates';
import { toast } from '../../lib/toast';
import { useStaff } from '../app/staff-context';
import { useConfirm } from '../components/confirm-dialog';
import { type Column, DataTable } from '../components/data-table';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { NdrReattemptDialog } from '../features/shipments/ndr-reattempt-dialog';
import '../features/orders/orders.css';
import '../features/shipments/shipments.css';
import { adminApi, isApiError } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';

/** An answer in the queue's words: "Deliver on Tue, 2 Dec (customer), new phone". */
function AnswerCell({ answer }: { answer: ApiNdrAnswer }) {
  const what =
    answer.kind === 'return' ? 'Return to the shop' : `Deliver on ${formatDeliveryDay(answer.day ?? '')}`;
  const changed = [answer.phoneChanged ? 'new phone' : '', answer.addressChanged ? 'corrected address' : '']
    .filter(Boolean)
    .join(', ');
  return (
    <>
      <span className={answer.kind === 'return' ? 'badge badge--danger' : 'badge badge--success'}>
        {what}
      </span>
      <span className="cell-sub">
        by {answer.by === 'customer' ? 'the customer' : 'staff'}
        {changed && ` · ${changed}`}
      </span>
    </>
  );
}

function DeadlineCell({ row }: { row: ApiFailedDeliveryQueueRow }) {
  const failed = row.failedDelivery;
  const overdue = !failed.answer && !failed.awaitingAnswer;
  return (
    <>
      <time dateTime={failed.respondBy}>{formatDayAndTime(failed.respondBy)}</time>
      {overdue && <span className="badge badge--danger ndr-overdue">Passed</span>}
    </>
  );
}

const columns: Column<ApiFailedDeliveryQueueRow>[] = [
  {
    key: 'order',
    header: 'Order',
    render: (row) => (
      <>
        <Link href={`/orders/${row.orderId}`}>{row.orderNumber}</Link>
        <span className="cell-sub">{row.customer.name}</span>
        {row.customer.phone && <span className="cell-sub">{row.customer.phone}</span>}
        {row.customer.email && <span className="cell-sub">{row.customer.email}</span>}
      </>
    ),
  },
  {
    key: 'parcel',
    header: 'Parcel',
    render: (row) => (
      <>
        {row.courier}
        <span className="cell-sub">
          AWB <code>{row.awb}</code>
        </span>
      </>
    ),
  },
  {
    key: 'reason',
    header: 'Reason',
    render: (row) => (
      <>
        {row.failedDelivery.reason}
        <span className="cell-sub">Attempt {row.failedDelivery.attempt}</span>
      </>
    ),
  },
  {
    key: 'since',
    header: 'Since',
    render: (row) => <time dateTime={row.failedDelivery.at}>{formatDayAndTime(row.failedDelivery.at)}</time>,
  },
  { key: 'deadline', header: 'Answer by', render: (row) => <DeadlineCell row={row} /> },
  {
    key: 'answer',
    header: 'Answer',
    render: (row) =>
      row.failedDelivery.answer ? (
        <AnswerCell answer={row.failedDelivery.answer} />
      ) : (
        <span className="badge badge--warning">Waiting</span>
      ),
  },
];

/**
 * Parcels the courier could not deliver (NDRs), waiting for an answer: the reason, the attempt, since
 * when and until when, and the customer's answer once given. Staff who ship orders answer those still
 * waiting: deliver again on a day, or have the courier bring the parcel back (return to origin).
 */
export default function FailedDeliveriesPage() {
  const { can } = useStaff();
  const confirm = useConfirm();
  const table = useAdminQuery((signal) => adminApi.call(failedDeliveryQueue, { signal }), []);
  const [reattempt, setReattempt] = useState<ApiFailedDeliveryQueueRow | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const rows = table.data?.parcels ?? [];

  const returnToShop = async (row: ApiFailedDeliveryQueueRow) => {
    const ok = await confirm({
      title: `Return parcel ${row.awb} to the shop?`,
      message: `The courier stops trying to deliver order ${row.orderNumber} and brings the parcel back. Use this when the customer refused it or cannot be reached.`,
      confirmLabel: 'Return to the shop',
      danger: true,
    });
    if (!ok) return;
    setBusy(row.shipmentId);
    try {
      await adminApi.call(actOnFailedDelivery, {
        params: { id: row.shipmentId },
        body: { action: 'return' },
      });
      toast.success(`The courier will bring parcel ${row.awb} back.`, { autoClose: 4000 });
    } catch (failure) {
      toast.error(isApiError(failure) ? failure.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(null);
      table.reload();
    }
  };

  const actions: Column<ApiFailedDeliveryQueueRow> = {
    key: 'actions',
    header: <span className="visually-hidden">Actions</span>,
    render: (row) =>
      row.failedDelivery.answer ? null : (
        <div className="parcel-actions">
          <button
            type="button"
            className="button button--small"
            disabled={busy !== null}
            onClick={() => setReattempt(row)}
          >
            Deliver again<span className="visually-hidden"> parcel {row.awb}</span>
          </button>
          <button
            type="button"
            className="button button--small button--danger-outline"
            disabled={busy !== null}
            onClick={() => void returnToShop(row)}
          >
            Return<span className="visually-hidden"> parcel {row.awb} to the shop</span>
          </button>
        </div>
      ),
  };

  return (
    <>
      <PageHeader
        title="Failed deliveries"
        description="Parcels the courier could not deliver. The customer is e-mailed to choose a day or correct the phone or address; answer for them here if they call, or have the parcel brought back. Waiting ones first, soonest deadline first; India time."
      />
      {table.error ? (
        <LoadError message={table.error} onRetry={table.reload} />
      ) : (
        <DataTable
          caption="Failed deliveries"
          columns={can('orders.write') ? [...columns, actions] : columns}
          rows={rows}
          rowKey={(row) => row.shipmentId}
          loading={table.loading}
          empty="No parcel is waiting: every delivery attempt went through or has been answered."
        />
      )}
      <NdrReattemptDialog
        row={reattempt}
        onClose={() => setReattempt(null)}
        onDone={(row) => {
          setReattempt(null);
          toast.success(
            `The courier will deliver parcel ${row.awb} again on ${formatDeliveryDay(row.failedDelivery.answer?.day ?? '')}.`,
            { autoClose: 4000 },
          );
          table.reload();
        }}
        onStale={table.reload}
      />
    </>
  );
}
