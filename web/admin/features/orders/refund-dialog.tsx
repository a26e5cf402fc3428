import { type Dispatch, type FormEvent, type SetStateAction, useId, useState } from 'react';
import * as z from 'zod/mini';
import { refundOrder } from '../../../../shared/api/order-actions';
import { refundOrder as refundSchemas } from '../../../../shared/api/order-actions.schemas';
import type { ApiAdminOrder } from '../../../../shared/api/orders-admin.schemas';
import { TextAreaField, TextField } from '../../../components/forms/form-field';
import { formatRupees } from '../../../lib/money';
import { adminApi } from '../../lib/admin-api';
import { ActionDialog } from './action-dialog';
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
import { type OrderUpdates, useOrderAction } from './use-order-action';

type Mode = 'all' | 'lines' | 'amount';
type Errors = Partial<Record<'reason' | 'amount' | 'lines', string>>;

/** The form's own fields from messages keyed by path (`lines.0.quantity` is about the lines). */
function formErrors(messages: Readonly<Record<string, string>>): Errors {
  const found: Errors = {};
  for (const [path, message] of Object.entries(messages)) {
    const field = path.split('.')[0];
    if (field === 'reason' || field === 'amount' || field === 'lines') found[field] ??= message;
  }
  return found;
}

/** Rupees to paise for sums (₹19.99 × 3 must not come out as 59.970000000000006). */
const paise = (rupees: number) => Math.round(rupees * 100);

/** What was paid, refunded, being refunded and is left. */
function RefundFacts({
  order,
  cod,
  pendingPaise,
}: {
  order: ApiAdminOrder;
  cod: boolean;
  pendingPaise: number;
}) {
  return (
    <dl className="facts refund-facts">
      <dt>{cod ? 'Paid in cash on delivery' : 'Paid'}</dt>
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
  );
}

function ModeChoice({
  name,
  mode,
  onChange,
  refundable,
}: {
  name: string;
  mode: Mode;
  onChange: (mode: Mode) => void;
  refundable: number;
}) {
  return (
    <fieldset className="choice-group">
      <legend className="form-label">What to refund</legend>
      <label className="choice">
        <input type="radio" name={name} checked={mode === 'all'} onChange={() => onChange('all')} />
        Everything left ({formatRupees(refundable)})
      </label>
      <label className="choice">
        <input type="radio" name={name} checked={mode === 'lines'} onChange={() => onChange('lines')} />
        Chosen items
      </label>
      <label className="choice">
        <input type="radio" name={name} checked={mode === 'amount'} onChange={() => onChange('amount')} />
        An amount
      </label>
    </fieldset>
  );
}

type RefundLine = ApiAdminOrder['lines'][number] & { left: number };

/** Units to refund per item, and what the chosen units come to. */
function RefundLines({
  lines,
  units,
  onUnitsChange,
  linesPaise,
  error,
}: {
  lines: RefundLine[];
  units: Record<string, string>;
  onUnitsChange: Dispatch<SetStateAction<Record<string, string>>>;
  linesPaise: number;
  error: string | undefined;
}) {
  return (
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
                  {line.options || line.color.name || line.color.title} · {line.quantity} bought
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
                  onChange={(event) => onUnitsChange((now) => ({ ...now, [line._id]: event.target.value }))}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="refund-sum" aria-live="polite">
        Items chosen: <strong>{formatRupees(linesPaise / 100)}</strong>
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** "Refund ₹500.00"; staff record a cash-on-delivery refund they pay themselves. */
function submitLabelFor(amount: number, cod: boolean): string {
  if (amount > 0) return `${cod ? 'Record refund of' : 'Refund'} ${formatRupees(amount)}`;
  return cod ? 'Record refund' : 'Refund';
}

/**
 * Refund: everything left, chosen lines and units (their price × units), or an amount, with a
 * reason. Says what was paid, refunded and is left; the server has the last word (a 409 names what
 * is left when another refund got there first). A cash-on-delivery order is paid back by staff, by
 * bank transfer or UPI: the dialog then records how, with the transfer's reference.
 */
export function RefundDialog({
  order,
  open,
  onClose,
  ...updates
}: OrderUpdates & { order: ApiAdminOrder; open: boolean; onClose: () => void }) {
  const { busy, error, fields, run, clearError } = useOrderAction(updates);
  const cod = order.paymentMethod === 'cod';
  const [mode, setMode] = useState<Mode>('all');
  const [units, setUnits] = useState<Record<string, string>>({});
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [payout, setPayout] = useState<PayoutDraft>(emptyPayout);
  const [checked, setChecked] = useState<Record<string, string>>({});
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

  // What this form found wrong, else what the server's 400 said (the same schema, so rarely).
  const messages = Object.keys(checked).length ? checked : fields;
  const errors = formErrors(messages);
  const payoutMessages = payoutErrors(messages);
  const shownAtFields = error !== null && Object.values({ ...errors, ...payoutMessages }).includes(error);

  const close = () => {
    clearError();
    setChecked({});
    setMode('all');
    setUnits({});
    setAmount('');
    setReason('');
    setPayout(emptyPayout);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    clearError();
    const body = {
      reason,
      ...(cod ? { payout: payoutBody(payout) } : {}),
      ...(mode === 'amount' ? { amount: amount.trim() === '' ? Number.NaN : Number(amount) } : {}),
      ...(mode === 'lines'
        ? { lines: chosen.map(({ line, count }) => ({ lineId: line._id, quantity: count })) }
        : {}),
    };
    const parsed = z.safeParse(refundSchemas.body, body);
    const found = messagesByPath(parsed.error?.issues);
    if (mode === 'lines' && chosen.length === 0)
      found.lines = 'Choose how many units of which items to refund';
    const over = lines.find((line) => Number(units[line._id] || 0) > line.left);
    if (mode === 'lines' && over) {
      found.lines = `Only ${over.left} of ${over.title} can still be refunded`;
    }
    if (mode === 'amount' && !found.amount && paise(Number(amount)) > leftPaise) {
      found.amount = `At most ${formatRupees(order.refundable)} is left to refund`;
    }
    setChecked(found);
    if (Object.keys(found).length || !parsed.success) {
      focusFirstInvalid(form);
      return;
    }
    const valid = parsed.data;
    const refunding =
      mode === 'all'
        ? formatRupees(order.refundable)
        : formatRupees((mode === 'lines' ? linesPaise : paise(Number(amount))) / 100);
    const ok = await run(
      () => adminApi.call(refundOrder, { params: { id: order._id }, body: valid }),
      valid.payout
        ? `Refund of ${refunding} for order ${order.orderNumber} recorded as paid by ${payoutMethodInWords[valid.payout.method]}.`
        : `Refund of ${refunding} for order ${order.orderNumber} requested.`,
    );
    if (ok) close();
    else focusFirstInvalid(form);
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
      submitLabel={submitLabelFor(submitAmount, cod)}
      busy={busy}
      error={shownAtFields ? null : error}
      wide
    >
      <RefundFacts order={order} cod={cod} pendingPaise={pendingPaise} />

      <ModeChoice name={modeName} mode={mode} onChange={setMode} refundable={order.refundable} />

      {mode === 'lines' && (
        <RefundLines
          lines={lines}
          units={units}
          onUnitsChange={setUnits}
          linesPaise={linesPaise}
          error={errors.lines}
        />
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

      {cod && <PayoutFields value={payout} onChange={setPayout} errors={payoutMessages} />}

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
