import { useState } from 'react';
import { collectCash } from '../../../../shared/api/order-actions';
import { collectCash as collectSchemas } from '../../../../shared/api/order-actions.schemas';
import type { ApiAdminOrder } from '../../../../shared/api/orders-admin.schemas';
import { formatDayAndTime } from '../../../lib/dates';
import { formatRupees } from '../../../lib/money';
import { adminApi } from '../../lib/admin-api';
import { paymentStatusWords, WordBadge } from './order-status';
import { ReasonDialog } from './reason-dialog';
import { type OrderUpdates, useOrderAction } from './use-order-action';

/** The customer's code, in words: confirmed when, or until when it can still be. */
function Confirmation({ order }: { order: ApiAdminOrder }) {
  const cod = order.cod;
  if (!cod) return <>—</>;
  if (cod.confirmed && cod.confirmedAt) {
    return (
      <>
        Confirmed with their code on{' '}
        <time dateTime={cod.confirmedAt}>{formatDayAndTime(cod.confirmedAt)}</time>
      </>
    );
  }
  if (order.state === 'cancelled') return <>Never confirmed with their code</>;
  const confirmBy = <time dateTime={cod.confirmBy}>{formatDayAndTime(cod.confirmBy)}</time>;
  // The lapse runs on a timer: for a moment after the deadline the order is still unconfirmed.
  if (Date.parse(cod.confirmBy) <= Date.now()) {
    return <>Not confirmed by {confirmBy}: the order lapses and its stock goes back.</>;
  }
  return (
    <>
      Waiting for the customer's code until {confirmBy}
      <span className="cell-sub">
        Sent to {cod.sentTo} by {cod.channel === 'sms' ? 'SMS' : 'e-mail'}. If they do not confirm by then,
        the order lapses and its stock goes back.
      </span>
    </>
  );
}

/**
 * The Payment panel of a cash-on-delivery order: no provider payment, but the amount the
 * courier collects, whether the customer confirmed the order with their code, and — once delivered
 * — marking the cash collected, which makes the payment Paid (and later refunds payouts).
 */
export function CodPayment({
  order,
  canWrite,
  ...updates
}: OrderUpdates & { order: ApiAdminOrder; canWrite: boolean }) {
  const [open, setOpen] = useState(false);
  const { busy, error, run, clearError } = useOrderAction(updates);
  const unpaid = order.paymentStatus === 'unpaid';
  const due = order.cod?.amountDue ?? order.totalPriceAfterDiscount;
  const close = () => {
    clearError();
    setOpen(false);
  };

  return (
    <>
      <dl className="facts payment-facts">
        <dt>Method</dt>
        <dd>Cash on delivery</dd>
        <dt>Status</dt>
        <dd>
          <WordBadge words={paymentStatusWords} value={order.paymentStatus} />
        </dd>
        {!unpaid ? (
          <>
            <dt>Collected</dt>
            <dd>
              {formatRupees(order.totalPriceAfterDiscount)} on{' '}
              <time dateTime={order.paidAt}>{formatDayAndTime(order.paidAt)}</time>
            </dd>
          </>
        ) : order.state === 'cancelled' ? (
          <>
            <dt>To collect</dt>
            <dd>Nothing: the order was cancelled before delivery</dd>
          </>
        ) : (
          <>
            <dt>To collect</dt>
            <dd>
              <strong>{formatRupees(due)}</strong> in cash on delivery
            </dd>
          </>
        )}
        <dt>Customer's code</dt>
        <dd>
          <Confirmation order={order} />
        </dd>
      </dl>
      {canWrite && order.actions.collectCash && (
        <div className="cod-collect">
          <p className="cod-collect-text">
            Delivered: once the courier hands over the {formatRupees(due)} (or their COD remittance arrives),
            mark the cash collected.
          </p>
          <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
            Mark cash collected
          </button>
        </div>
      )}
      <ReasonDialog
        title={`Mark the cash for order ${order.orderNumber} collected?`}
        open={open}
        onClose={close}
        onConfirm={(note) =>
          run(
            () => adminApi.call(collectCash, { params: { id: order._id }, body: note ? { note } : {} }),
            `Cash of ${formatRupees(due)} for order ${order.orderNumber} is collected: the order is paid.`,
          )
        }
        schema={collectSchemas.body.def.innerType.shape.note}
        label="Note (optional)"
        hint="For example the courier's remittance reference. Kept on the order's timeline."
        submitLabel="Mark cash collected"
        busy={busy}
        error={error}
      >
        <p>
          The courier collected <strong>{formatRupees(due)}</strong> in cash for this order. Its payment
          becomes Paid; any refund after this is paid back by bank transfer or UPI. This cannot be undone.
        </p>
      </ReasonDialog>
    </>
  );
}
