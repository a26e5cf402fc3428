import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { returnMyOrder } from '../../../shared/api/orders';
import { type ApiMyOrder, reasonText } from '../../../shared/api/orders.schemas';
import { TextAreaField } from '../../components/forms/form-field';
import { Trans, useLocale, useT } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { formatDay } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { useApiText, useApiWords } from '../checkout/api-messages';
import { OrderDialog } from './order-dialog';
import { returnableUnits, unknownFailure } from './order-words';

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
  const t = useT();
  const on = count !== undefined;
  const checkboxId = `return-${line._id}`;
  const title = line.title || line.product.title;
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
        <span className="return-line-title">{title}</span>
        <span className="return-line-meta">
          {t('order-actions.return.lineEach', {
            colour: line.color.name || line.color.title,
            price: formatRupees(line.price),
          })}
          {units < line.quantity
            ? ` · ${t('order-actions.return.lineLeft', { units, quantity: line.quantity })}`
            : ''}
        </span>
      </label>
      {on && units > 1 && (
        <label className="return-line-units">
          <span>{t('order-actions.return.units')}</span>
          <select
            className="form-input form-select"
            value={count}
            onChange={(event) => onCount(Number(event.target.value))}
            aria-label={t('order-actions.return.unitsOf', { title })}
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
  const t = useT();
  const locale = useLocale();
  const said = useApiWords();
  const apiText = useApiText();
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
    setLinesError(noLines ? t('order-actions.return.noLines') : undefined);
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
      setError(isApiError(failure) ? failure.message : unknownFailure(t));
      if (isApiError(failure) && failure.fields?.reason) setReasonError(failure.fields.reason);
      setBusy(false);
    }
  };

  // The server's refusal in the page's words, where the catalogue has them.
  const shown = error ? apiText(error) : null;
  return (
    <OrderDialog
      title={t('order-actions.return.title')}
      description={
        <p>
          {order.allowed.returnUntil ? (
            <Trans
              id="order-actions.return.textUntil"
              values={{ number: order.orderNumber, day: formatDay(order.allowed.returnUntil, locale) }}
              components={{ 0: <time dateTime={order.allowed.returnUntil} /> }}
            />
          ) : (
            t('order-actions.return.text', { number: order.orderNumber })
          )}
        </p>
      }
      error={shown?.text ?? null}
      errorLang={shown?.lang}
      busy={busy}
      submitLabel={t('order-actions.return.submit')}
      busyLabel={t('order-actions.return.busy')}
      keepLabel={t('order-actions.return.keep')}
      onSubmit={() => void submit()}
      onClose={() => onClose(error !== null)}
    >
      <fieldset
        ref={linesRef}
        className="return-lines"
        aria-describedby={linesError ? 'return-lines-error' : undefined}
      >
        <legend className="form-label">{t('order-actions.return.items')}</legend>
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
        label={t('order-actions.return.reason')}
        name="reason"
        rows={3}
        maxLength={500}
        required
        hint={t('order-actions.return.hint')}
        ref={reasonRef}
        value={reason}
        error={said(reasonError)}
        onChange={(event) => {
          setReason(event.target.value);
          setReasonError(undefined);
        }}
      />
      {picked.length > 0 && (
        <p className="return-estimate">
          <Trans
            id="order-actions.return.value"
            values={{ amount: formatRupees(estimate) }}
            components={{ 0: <strong /> }}
          />
        </p>
      )}
    </OrderDialog>
  );
}
