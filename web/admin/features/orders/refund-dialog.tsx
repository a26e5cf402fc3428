import { type FormEvent, useId, useState } from 'react';
import * as z from 'zod/mini';
import { refundOrder } from '../../../../shared/api/order-actions';
import { refundOrder as refundSchemas } from '../../../../shared/api/order-actions.schemas';
import type { ApiAdminOrder } from '../../../../shared/api/orders-admin.schemas';
import { TextAreaField, TextField } from '../../../components/forms/form-field';
import { formatRupees } from '../../../lib/money';
import { adminApi } from '../../lib/admin-api';
import { ActionDialog } from './action-dialog';
import { type OrderUpdates, useOrderAction } from './use-order-action';

type Mode = 'all' | 'lines' | 'amount';
type Errors = Partial<Record<'reason' | 'amount' | 'lines', string>>;

/** Rupees to paise for sums (₹19.99 × 3 must not come out as 59.970000000000006). */
const paise = (rupees: number) => Math.round(rupees * 100);

/**
 * Refund: everything left, chosen lines and units (their price × units), or an amount, with a
 * reason. Says what was paid, refunded and is left; the server has the last word (a 409 names what
 * is left when another refund got there first).
 */
export function RefundDialog({
  order,
  open,
  onClose,
  ...updates
}: OrderUpdates & { order: ApiAdminOrder; open: boolean; onClose: () => void }) {
  const { busy, error, run, clearError } = useOrderAction(updates);
  const [mode, setMode] = useState<Mode>('all');
  const [units, setUnits] = useState<Record<string, string>>({});
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const modeName = useId();

  const pendingPaise = order.refunds
    .filter((refund) => refund.status === 'pending')
    .reduce((sum, refund) => sum + paise(refund.amount), 0);
  const leftPaise = paise(order.refundable);
  const lines = order.lines.map((line) => ({ ...line, left: line.quantity - line.refundedQuantity }));
  const chosen = lines
    .map((line) => ({ line, count: Number(units[line._id] || 0) }))
    .filter(({ count }) => Number.isInteger(count) && count > 0);
  const linesPaise = chosen.reduce((sum, { line, count }) => sum + paise(line.price) * count, 0);

  const close = () => {
    clearError();
    setErrors({});
    setMode('all');
    setUnits({});
    setAmount('');
    setReason('');
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      reason,
      ...(mode === 'amount' ? { amount: amount.trim() === '' ? Number.NaN : Number(amount) } : {}),
      ...(mode === 'lines'
        ? { lines: chosen.map(({ line, count }) => ({ lineId: line._id, quantity: count })) }
        : {}),
    };
    const parsed = z.safeParse(refundSchemas.body, body);
    const found: Errors = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = String(issue.path[0] ?? 'reason') as keyof Errors;
      found[field] ??= issue.message;
    }
    if (mode === 'lines' && chosen.length === 0)
      found.lines = 'Choose how many units of which items to refund';
    const over = lines.find((line) => Number(units[line._id] || 0) > line.left);
    if (mode === 'lines' && over) {
      found.lines = `Only ${over.left} of ${over.title} can still be refunded`;
    }
    if (mode === 'amount' && !found.amount && paise(Number(amount)) > leftPaise) {
      found.amount = `At most ${formatRupees(order.refundable)} is left to refund`;
    }
    setErrors(found);
    if (Object.keys(found).length || !parsed.success) return;
    const valid = parsed.data;
    const refunding =
      mode === 'all'
        ? formatRupees(order.refundable)
        : formatRupees((mode === 'lines' ? linesPaise : paise(Number(amount))) / 100);
    const ok = await run(
      () => adminApi.call(refundOrder, { params: { id: order._id }, body: valid }),
      `Refund of ${refunding} for order ${order.orderNumber} requested.`,
    );
    if (ok) close();
  };

  const submitAmount =
    mode === 'all'
      ? order.refundable
      : mode === 'lines'
        ? linesPaise / 100
        : Number.isFinite(Number(amount)) && amount.trim() !== ''
          ? Number(amount)
          : 0;

  return (
    <ActionDialog
      title={`Refund order ${order.orderNumber}`}
      open={open}
      onClose={close}
      onSubmit={(event) => void submit(event)}
      submitLabel={submitAmount > 0 ? `Refund ${formatRupees(submitAmount)}` : 'Refund'}
      busy={busy}
      error={error}
      wide
    >
      <dl className="facts refund-facts">
        <dt>Paid</dt>
        <dd>{formatRupees(order.totalPriceAfterDiscount)}</dd>
        <dt>Refunded</dt>
        <dd>{formatRupees(order.refunded)}</dd>
        {pendingPaise > 0 && (
          <>
            <dt>Being refunded</dt>
            <dd>{formatRupees(pendingPaise / 100)}</dd>
          </>
        )}
        <dt>Left to refund</dt>
        <dd>
          <strong>{formatRupees(order.refundable)}</strong>
        </dd>
      </dl>

      <fieldset className="choice-group">
        <legend className="form-label">What to refund</legend>
        <label className="choice">
          <input type="radio" name={modeName} checked={mode === 'all'} onChange={() => setMode('all')} />
          Everything left ({formatRupees(order.refundable)})
        </label>
        <label className="choice">
          <input type="radio" name={modeName} checked={mode === 'lines'} onChange={() => setMode('lines')} />
          Chosen items
        </label>
        <label className="choice">
          <input
            type="radio"
            name={modeName}
            checked={mode === 'amount'}
            onChange={() => setMode('amount')}
          />
          An amount
        </label>
      </fieldset>

      {mode === 'lines' && (
        <div className="refund-lines">
          <table className="data-table">
            <caption className="visually-hidden">Units to refund per item</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col" className="align-end">
                  Price
                </th>
                <th scope="col" className="align-end">
                  Units to refund
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line._id}>
                  <td>
                    {line.title}
                    <span className="cell-sub">
                      {line.color.name || line.color.title} · {line.quantity} bought
                      {line.refundedQuantity > 0 && `, ${line.refundedQuantity} refunded`}
                    </span>
                  </td>
                  <td className="align-end">{formatRupees(line.price)}</td>
                  <td className="align-end">
                    <input
                      type="number"
                      className="form-input compact units-input"
                      min={0}
                      max={line.left}
                      step={1}
                      inputMode="numeric"
                      disabled={line.left === 0}
                      aria-label={`Units of ${line.title} (${line.color.name || line.color.title}) to refund, at most ${line.left}`}
                      value={units[line._id] ?? ''}
                      placeholder="0"
                      onChange={(event) => setUnits((now) => ({ ...now, [line._id]: event.target.value }))}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="refund-sum" aria-live="polite">
            Items chosen: <strong>{formatRupees(linesPaise / 100)}</strong>
          </p>
          {errors.lines && (
            <p className="form-error" role="alert">
              {errors.lines}
            </p>
          )}
        </div>
      )}

      {mode === 'amount' && (
        <TextField
          label="Amount in rupees"
          type="number"
          inputMode="decimal"
          min={0.01}
          max={order.refundable}
          step={0.01}
          hint={`Up to ${formatRupees(order.refundable)}.`}
          value={amount}
          error={errors.amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      )}

      <TextAreaField
        label="Reason"
        hint="Kept with the refund and on the order's timeline."
        rows={2}
        maxLength={500}
        value={reason}
        error={errors.reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </ActionDialog>
  );
}
