import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { returnMyOrder } from '../../../shared/api/orders';
import { type ApiMyOrder, reasonText } from '../../../shared/api/orders.schemas';
import { TextAreaField } from '../../components/forms/form-field';
import { api, isApiError } from '../../lib/api-client';
import { formatDay } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { OrderDialog } from './order-dialog';
import { returnableUnits, UNKNOWN_FAILURE } from './order-words';

const returnReason = reasonText('a reason for the return');

type OrderLine = ApiMyOrder['orderItems'][number];

/** One line that can be returned: its checkbox and, once chosen with several units left, how many. */
function ReturnLine({
  line,
  units,
  count,
  invalid,
  onToggle,
  onCount,
}: {
  line: OrderLine;
  /** Units left to return. */
  units: number;
  /** Units chosen; undefined while the line is not being returned. */
  count: number | undefined;
  /** No line chosen yet when one must be: the message under the lines describes each. */
  invalid: boolean;
  onToggle: (on: boolean) => void;
  onCount: (count: number) => void;
}) {
  const on = count !== undefined;
  const checkboxId = `return-${line._id}`;
  return (
    <div className={`return-line${on ? ' return-line--on' : ''}`}>
      <input
        id={checkboxId}
        type="checkbox"
        className="return-line-check"
        checked={on}
        onChange={(event) => onToggle(event.target.checked)}
        aria-describedby={invalid ? 'return-lines-error' : undefined}
        aria-invalid={invalid ? true : undefined}
      />
      <label htmlFor={checkboxId} className="return-line-label">
        <span className="return-line-title">{line.title || line.product.title}</span>
        <span className="return-line-meta">
          {line.color.name || line.color.title} · {formatRupees(line.price)} each
          {units < line.quantity ? ` · ${units} of ${line.quantity} left to return` : ''}
        </span>
      </label>
      {on && units > 1 && (
        <label className="return-line-units">
          <span>Units</span>
          <select
            className="form-input form-select"
            value={count}
            onChange={(event) => onCount(Number(event.target.value))}
            aria-label={`Units of ${line.title || line.product.title} to return`}
          >
            {Array.from({ length: units }, (_, index) => index + 1).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}

/**
 * The customer picks the lines to return (a checkbox each) and how many units of each (up to what
 * is left to return), says why, and sends the request; staff approve or reject it.
 */
export function ReturnOrderDialog({
  order,
  onDone,
  onClose,
}: {
  order: ApiMyOrder;
  onDone: (order: ApiMyOrder) => void;
  onClose: (failed: boolean) => void;
}) {
  const left = returnableUnits(order);
  const lines = order.orderItems.filter((line) => (left.get(line._id) ?? 0) > 0);
  // Units chosen per line; absent means the line is not being returned.
  const [chosen, setChosen] = useState<Record<string, number>>(() =>
    // One line with one unit is the whole choice: pick it for the customer.
    lines.length === 1 && lines[0] && left.get(lines[0]._id) === 1 ? { [lines[0]._id]: 1 } : {},
  );
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [linesError, setLinesError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const linesRef = useRef<HTMLFieldSetElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const picked = lines.filter((line) => chosen[line._id] !== undefined);
  const estimate = picked.reduce((sum, line) => sum + line.price * (chosen[line._id] ?? 0), 0);

  const toggle = (lineId: string, on: boolean) => {
    setChosen((current) => {
      const next = { ...current };
      if (on) next[lineId] = 1;
      else delete next[lineId];
      return next;
    });
    if (on) setLinesError(undefined);
  };

  const submit = async () => {
    setError(null);
    const checkedReason = z.safeParse(returnReason, reason);
    const noLines = picked.length === 0;
    setLinesError(noLines ? 'Please choose at least one item to return.' : undefined);
    setReasonError(checkedReason.success ? undefined : checkedReason.error.issues[0]?.message);
    if (noLines || !checkedReason.success) {
      // The messages sit under what is missing, which takes the focus and so reads its message out.
      if (noLines) linesRef.current?.querySelector('input')?.focus();
      else reasonRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      onDone(
        await api.call(returnMyOrder, {
          params: { id: order._id },
          body: {
            lines: picked.map((line) => ({ lineId: line._id, quantity: chosen[line._id] ?? 1 })),
            reason: checkedReason.data,
          },
        }),
      );
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : UNKNOWN_FAILURE);
      if (isApiError(failure) && failure.fields?.reason) setReasonError(failure.fields.reason);
      setBusy(false);
    }
  };

  return (
    <OrderDialog
      title="Return items"
      description={
        <p>
          Choose what to send back from order {order.orderNumber}
          {order.allowed.returnUntil ? (
            <>
              {' '}
              (returns can be asked for until{' '}
              <time dateTime={order.allowed.returnUntil}>{formatDay(order.allowed.returnUntil)}</time>)
            </>
          ) : null}
          . We e-mail you once we approve the return; the refund follows when the items reach us.
        </p>
      }
      error={error}
      busy={busy}
      submitLabel="Ask to return"
      busyLabel="Sending…"
      keepLabel="Keep the items"
      onSubmit={() => void submit()}
      onClose={() => onClose(error !== null)}
    >
      <fieldset
        ref={linesRef}
        className="return-lines"
        aria-describedby={linesError ? 'return-lines-error' : undefined}
      >
        <legend className="form-label">Items to return</legend>
        {lines.map((line) => (
          <ReturnLine
            key={line._id}
            line={line}
            units={left.get(line._id) ?? 0}
            count={chosen[line._id]}
            invalid={linesError !== undefined}
            onToggle={(on) => toggle(line._id, on)}
            onCount={(count) => setChosen((current) => ({ ...current, [line._id]: count }))}
          />
        ))}
        {linesError && (
          <p className="form-error" id="return-lines-error">
            {linesError}
          </p>
        )}
      </fieldset>
      <TextAreaField
        label="Why are you returning them?"
        name="reason"
        rows={3}
        maxLength={500}
        required
        hint="E.g. “Wrong size” or “Arrived damaged”."
        ref={reasonRef}
        value={reason}
        error={reasonError}
        onChange={(event) => {
          setReason(event.target.value);
          setReasonError(undefined);
        }}
      />
      {picked.length > 0 && (
        <p className="return-estimate">
          Value of the items chosen: <strong>{formatRupees(estimate)}</strong>
        </p>
      )}
    </OrderDialog>
  );
}
