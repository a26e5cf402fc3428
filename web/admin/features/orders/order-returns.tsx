import { type FormEvent, useState } from 'react';
import * as z from 'zod/mini';
import { approveReturn, receiveReturn, rejectReturn } from '../../../../shared/api/order-actions';
import {
  approveReturn as approveSchemas,
  receiveReturn as receiveSchemas,
  rejectReturn as rejectSchemas,
} from '../../../../shared/api/order-actions.schemas';
import type { ApiReturn } from '../../../../shared/api/orders.schemas';
import type { ApiAdminOrder } from '../../../../shared/api/orders-admin.schemas';
import { formatDayAndTime } from '../../../lib/dates';
import { formatRupees } from '../../../lib/money';
import { adminApi } from '../../lib/admin-api';
import { ActionDialog } from './action-dialog';
import { returnStatusWords, WordBadge } from './order-status';
import {
  emptyPayout,
  focusFirstInvalid,
  messagesByPath,
  type PayoutDraft,
  PayoutFields,
  payoutBody,
  payoutErrors,
  payoutMethodInWords,
} from './payout-fields';
import { ReasonDialog } from './reason-dialog';
import { type OrderUpdates, useOrderAction } from './use-order-action';

type Decision = { kind: 'approve' | 'reject' | 'receive'; request: ApiReturn } | null;

/** One request: its lines, reason, dates and value, and the decision it waits for. */
function ReturnItem({
  request,
  number,
  lineById,
  value,
  canWrite,
  onDecide,
}: {
  request: ApiReturn;
  number: number;
  lineById: ReadonlyMap<string, ApiAdminOrder['lines'][number]>;
  value: number;
  canWrite: boolean;
  onDecide: (kind: NonNullable<Decision>['kind']) => void;
}) {
  return (
    <li className="return-item">
      <div className="return-head">
        <h3>Return {number}</h3>
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
        <dd>{formatRupees(value)}</dd>
      </dl>
      {canWrite && request.status === 'requested' && (
        <div className="row-actions return-actions">
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => onDecide('approve')}
          >
            Approve
          </button>
          <button type="button" className="button button--small" onClick={() => onDecide('reject')}>
            Reject
          </button>
        </div>
      )}
      {canWrite && request.status === 'approved' && (
        <div className="row-actions return-actions">
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => onDecide('receive')}
          >
            Receive
          </button>
        </div>
      )}
    </li>
  );
}

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
  const { busy, error, fields, run, clearError } = useOrderAction(updates);
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
          <ReturnItem
            key={request._id}
            request={request}
            number={requests.length - index}
            lineById={lineById}
            value={worth(request)}
            canWrite={canWrite}
            onDecide={(kind) => setDeciding({ kind, request })}
          />
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
          fields={fields}
          onConfirm={(body) =>
            run(
              () => adminApi.call(receiveReturn, { params: ids(deciding.request), body }),
              !body.refund
                ? 'Return received.'
                : body.payout
                  ? `Return received and its refund recorded as paid by ${payoutMethodInWords[body.payout.method]}.`
                  : 'Return received and its refund requested.',
            )
          }
        />
      )}
    </>
  );
}

type ReceiveBody = z.output<typeof receiveSchemas.body>;

/**
 * Receive the goods: back into stock or not, and their refund now. For a cash-on-delivery order
 * the refund is paid out by staff (bank transfer or UPI, with the reference); one whose cash was
 * never collected has nothing to refund.
 */
function ReceiveDialog({
  order,
  request,
  value,
  onClose,
  onConfirm,
  busy,
  error,
  fields,
}: {
  order: ApiAdminOrder;
  request: ApiReturn;
  value: number;
  onClose: () => void;
  onConfirm: (body: ReceiveBody) => Promise<boolean>;
  busy: boolean;
  error: string | null;
  /** The server's 400 field errors, by path. */
  fields: Readonly<Record<string, string>>;
}) {
  const [restockable, setRestockable] = useState(false);
  const cod = order.paymentMethod === 'cod';
  const refundNow = Math.min(value, order.refundable);
  // Cash never collected: nothing was paid, so nothing goes back (the server refunds ₹0 anyway).
  const nothingPaid = cod && order.paymentStatus === 'unpaid';
  const [refund, setRefund] = useState(!nothingPaid);
  const [payout, setPayout] = useState<PayoutDraft>(emptyPayout);
  const [checked, setChecked] = useState<Record<string, string>>({});
  const units = request.lines.reduce((sum, line) => sum + line.quantity, 0);
  const needsPayout = cod && refund && refundNow > 0;
  const messages = Object.keys(checked).length ? checked : fields;
  const payoutMessages = payoutErrors(messages);
  const shownAtFields = error !== null && Object.values(payoutMessages).includes(error);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = z.safeParse(receiveSchemas.body, {
      restockable,
      refund,
      ...(needsPayout ? { payout: payoutBody(payout) } : {}),
    });
    const found = messagesByPath(parsed.error?.issues);
    setChecked(found);
    if (!parsed.success) {
      focusFirstInvalid(form);
      return;
    }
    if (await onConfirm(parsed.data)) onClose();
    else focusFirstInvalid(form);
  };

  return (
    <ActionDialog
      title={`Receive the return on order ${order.orderNumber}`}
      open
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitLabel="Receive return"
      busy={busy}
      error={shownAtFields ? null : error}
      wide={needsPayout}
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
      {nothingPaid ? (
        <p className="muted">
          Nothing to refund: this order is cash on delivery and its cash was never collected.
        </p>
      ) : (
        <label className="choice">
          <input type="checkbox" checked={refund} onChange={(event) => setRefund(event.target.checked)} />
          <span>
            Refund the returned items now
            <span className="cell-sub">
              {cod
                ? `${formatRupees(refundNow)}, paid back by you by bank transfer or UPI; the customer is e-mailed the reference.`
                : `${formatRupees(refundNow)} through the payment provider; the customer is e-mailed.`}
            </span>
          </span>
        </label>
      )}
      {needsPayout && <PayoutFields value={payout} onChange={setPayout} errors={payoutMessages} />}
    </ActionDialog>
  );
}
