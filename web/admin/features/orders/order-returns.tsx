import { type FormEvent, useState } from 'react';
import { approveReturn, receiveReturn, rejectReturn } from '../../../../shared/api/order-actions';
import {
  approveReturn as approveSchemas,
  rejectReturn as rejectSchemas,
} from '../../../../shared/api/order-actions.schemas';
import type { ApiReturn } from '../../../../shared/api/orders.schemas';
import type { ApiAdminOrder } from '../../../../shared/api/orders-admin.schemas';
import { formatDayAndTime } from '../../../lib/dates';
import { formatRupees } from '../../../lib/money';
import { adminApi } from '../../lib/admin-api';
import { ActionDialog } from './action-dialog';
import { returnStatusWords, WordBadge } from './order-status';
import { ReasonDialog } from './reason-dialog';
import { type OrderUpdates, useOrderAction } from './use-order-action';

type Decision = { kind: 'approve' | 'reject' | 'receive'; request: ApiReturn } | null;

/**
 * The customer's return requests, newest first, and staff's decisions on them: approve or reject
 * (with a reason) a request, then receive the goods (back into stock if sellable, refunded now or
 * later).
 */
export function OrderReturns({
  order,
  canWrite,
  ...updates
}: OrderUpdates & { order: ApiAdminOrder; canWrite: boolean }) {
  const [deciding, setDeciding] = useState<Decision>(null);
  const { busy, error, run, clearError } = useOrderAction(updates);
  const lineById = new Map(order.lines.map((line) => [line._id, line]));
  const requests = [...order.returns].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  const close = () => {
    clearError();
    setDeciding(null);
  };
  const ids = (request: ApiReturn) => ({ id: order._id, returnId: request._id });
  const worth = (request: ApiReturn) =>
    request.lines.reduce(
      (sum, { lineId, quantity }) => sum + (lineById.get(lineId)?.price ?? 0) * quantity,
      0,
    );

  return (
    <>
      <ol className="return-list">
        {requests.map((request, index) => (
          <li key={request._id} className="return-item">
            <div className="return-head">
              <h3>Return {requests.length - index}</h3>
              <WordBadge words={returnStatusWords} value={request.status} />
            </div>
            <ul className="return-lines">
              {request.lines.map(({ lineId, quantity }) => {
                const line = lineById.get(lineId);
                return (
                  <li key={lineId}>
                    {quantity} × {line ? line.title : 'an item no longer on the order'}
                    {line && <span className="muted"> · {line.color.name || line.color.title}</span>}
                  </li>
                );
              })}
            </ul>
            <dl className="facts">
              <dt>Reason</dt>
              <dd>{request.reason}</dd>
              <dt>Asked</dt>
              <dd>
                <time dateTime={request.createdAt}>{formatDayAndTime(request.createdAt)}</time>
              </dd>
              {request.decidedAt && (
                <>
                  <dt>{request.status === 'rejected' ? 'Rejected' : 'Approved'}</dt>
                  <dd>
                    <time dateTime={request.decidedAt}>{formatDayAndTime(request.decidedAt)}</time>
                    {request.decisionNote && <span className="cell-sub">{request.decisionNote}</span>}
                  </dd>
                </>
              )}
              {request.receivedAt && (
                <>
                  <dt>Received</dt>
                  <dd>
                    <time dateTime={request.receivedAt}>{formatDayAndTime(request.receivedAt)}</time>
                  </dd>
                </>
              )}
              <dt>Value</dt>
              <dd>{formatRupees(worth(request))}</dd>
            </dl>
            {canWrite && request.status === 'requested' && (
              <div className="row-actions return-actions">
                <button
                  type="button"
                  className="button button--primary button--small"
                  onClick={() => setDeciding({ kind: 'approve', request })}
                >
                  Approve
                </button>
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => setDeciding({ kind: 'reject', request })}
                >
                  Reject
                </button>
              </div>
            )}
            {canWrite && request.status === 'approved' && (
              <div className="row-actions return-actions">
                <button
                  type="button"
                  className="button button--primary button--small"
                  onClick={() => setDeciding({ kind: 'receive', request })}
                >
                  Receive
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>

      <ReasonDialog
        title={`Approve the return on order ${order.orderNumber}?`}
        open={deciding?.kind === 'approve'}
        onClose={close}
        onConfirm={(note) =>
          run(
            () =>
              adminApi.call(approveReturn, {
                params: ids(deciding!.request),
                body: note ? { note } : {},
              }),
            'Return approved; the customer is e-mailed.',
          )
        }
        schema={approveSchemas.body.shape.note}
        label="Note to the customer (optional)"
        hint="For example where to send the parcel, or that a courier will collect it."
        submitLabel="Approve return"
        busy={busy}
        error={error}
      >
        <p>The customer is e-mailed that the return is approved. Receive the goods when they arrive.</p>
      </ReasonDialog>

      <ReasonDialog
        title={`Reject the return on order ${order.orderNumber}?`}
        open={deciding?.kind === 'reject'}
        onClose={close}
        onConfirm={(reason) =>
          run(
            () => adminApi.call(rejectReturn, { params: ids(deciding!.request), body: { reason } }),
            'Return rejected; the customer is e-mailed the reason.',
          )
        }
        schema={rejectSchemas.body.shape.reason}
        label="Reason"
        hint="The customer reads it in the e-mail."
        submitLabel="Reject return"
        busy={busy}
        error={error}
        danger
      >
        <p>The customer is e-mailed that the return is rejected, with your reason.</p>
      </ReasonDialog>

      {deciding?.kind === 'receive' && (
        <ReceiveDialog
          order={order}
          request={deciding.request}
          value={worth(deciding.request)}
          onClose={close}
          busy={busy}
          error={error}
          onConfirm={(body) =>
            run(
              () => adminApi.call(receiveReturn, { params: ids(deciding.request), body }),
              body.refund ? 'Return received and its refund requested.' : 'Return received.',
            )
          }
        />
      )}
    </>
  );
}

function ReceiveDialog({
  order,
  request,
  value,
  onClose,
  onConfirm,
  busy,
  error,
}: {
  order: ApiAdminOrder;
  request: ApiReturn;
  value: number;
  onClose: () => void;
  onConfirm: (body: { restockable: boolean; refund: boolean }) => Promise<boolean>;
  busy: boolean;
  error: string | null;
}) {
  const [restockable, setRestockable] = useState(false);
  const [refund, setRefund] = useState(true);
  const units = request.lines.reduce((sum, line) => sum + line.quantity, 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onConfirm({ restockable, refund })) onClose();
  };

  return (
    <ActionDialog
      title={`Receive the return on order ${order.orderNumber}`}
      open
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitLabel="Receive return"
      busy={busy}
      error={error}
    >
      <p>
        {units} {units === 1 ? 'unit' : 'units'} worth {formatRupees(value)} came back.
      </p>
      <label className="choice">
        <input
          type="checkbox"
          checked={restockable}
          onChange={(event) => setRestockable(event.target.checked)}
        />
        <span>
          The goods can be sold again
          <span className="cell-sub">Their units go back into stock. Leave unticked for damaged goods.</span>
        </span>
      </label>
      <label className="choice">
        <input type="checkbox" checked={refund} onChange={(event) => setRefund(event.target.checked)} />
        <span>
          Refund the returned items now
          <span className="cell-sub">
            {formatRupees(Math.min(value, order.refundable))} through the payment provider; the customer is
            e-mailed.
          </span>
        </span>
      </label>
    </ActionDialog>
  );
}
