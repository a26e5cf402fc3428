import { useEffect, useId, useState } from 'react';
import type { ResponseOf } from '../../../../shared/api/endpoint';
import { receiveRto } from '../../../../shared/api/shipments';
import type { ApiShipment, RtoCondition } from '../../../../shared/api/shipments.schemas';
import { TextAreaField } from '../../../components/forms/form-field';
import { formatRupees } from '../../../lib/money';
import { adminApi, isApiError } from '../../lib/admin-api';
import { ActionDialog } from '../orders/action-dialog';

export type RtoReceipt = ResponseOf<typeof receiveRto>;

/** What the dialog needs of the parcel's order. */
export type RtoOrder = {
  orderNumber: string;
  paymentMethod: 'online' | 'cod';
  /** Titles of the order's lines, by line id. */
  titles: ReadonlyMap<string, string>;
};

export const conditionWords: Record<RtoCondition, { label: string; hint: string }> = {
  intact: { label: 'Intact', hint: 'Sealed and undamaged: everything can be sold again.' },
  damaged: { label: 'Damaged', hint: 'The box or the goods are damaged: put back only what can be sold.' },
  'missing-items': {
    label: 'Items missing',
    hint: 'Something is not in the box: raise a claim with the courier.',
  },
};

/** The toast after a receipt: what happened to the money and the order. */
export function receiptMessage(awb: string, answer: RtoReceipt): string {
  if (answer.alreadyReceived) return `Parcel ${awb} had already been received: nothing changed.`;
  const money =
    answer.refunded > 0
      ? ` ${formatRupees(answer.refunded)} is being refunded to the customer.`
      : answer.notCollected > 0
        ? ` ${formatRupees(answer.notCollected)} will not be collected.`
        : '';
  return `Parcel ${awb} received back.${money}${answer.orderReturned ? ' The order is closed as returned.' : ''}`;
}

/**
 * Receiving back a parcel returned to origin: its condition, which units go back to stock (all of
 * them, or those typed per line), and a note. The money is the server's to settle, once; the dialog
 * says what it will be, and shows the server's refusal (a parcel received meanwhile) inside itself.
 */
export function RtoReceiveDialog({
  parcel,
  order,
  onClose,
  onReceived,
}: {
  parcel: ApiShipment | null;
  order: RtoOrder;
  onClose: () => void;
  onReceived: (answer: RtoReceipt) => void;
}) {
  const [condition, setCondition] = useState<RtoCondition>('intact');
  const [units, setUnits] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unitsError, setUnitsError] = useState<string | null>(null);

  // Opening starts from every unit back in stock; a damaged parcel from none.
  useEffect(() => {
    if (!parcel) return;
    setCondition('intact');
    setUnits(Object.fromEntries(parcel.lines.map((l) => [l.lineId, String(l.quantity)])));
    setNote('');
    setError(null);
    setUnitsError(null);
  }, [parcel]);
  if (!parcel) return null;

  const choose = (next: RtoCondition) => {
    setCondition(next);
    const all = next === 'intact';
    setUnits(Object.fromEntries(parcel.lines.map((l) => [l.lineId, all ? String(l.quantity) : '0'])));
  };

  const submit = async () => {
    const restock: { lineId: string; quantity: number }[] = [];
    for (const line of parcel.lines) {
      const typed = (units[line.lineId] ?? '').trim();
      const n = Number(typed);
      if (typed === '' || !Number.isInteger(n) || n < 0 || n > line.quantity) {
        setUnitsError(
          `Type a whole number from 0 to ${line.quantity} for ${order.titles.get(line.lineId) ?? 'each item'}.`,
        );
        return;
      }
      if (n > 0) restock.push({ lineId: line.lineId, quantity: n });
    }
    setUnitsError(null);
    setBusy(true);
    setError(null);
    try {
      const all = parcel.lines.every((l) =>
        restock.some((r) => r.lineId === l.lineId && r.quantity === l.quantity),
      );
      const answer = await adminApi.call(receiveRto, {
        params: { id: parcel._id },
        body: { condition, restock: all ? 'all' : restock, ...(note.trim() ? { note: note.trim() } : {}) },
      });
      onReceived(answer);
      onClose();
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const cod = order.paymentMethod === 'cod';
  return (
    <ActionDialog
      title={`Receive back parcel ${parcel.awb ?? ''}`.trim()}
      open
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      submitLabel="Receive parcel"
      busy={busy}
      error={error}
      wide
    >
      <p>
        Order {order.orderNumber}. The courier brought this parcel back undelivered.{' '}
        {cod
          ? 'It was cash on delivery: nothing was collected for it, so the order has that much less to collect, with a credit note against its invoice.'
          : 'The customer is refunded what they paid for its items through the payment provider, and the delivery charge too when nothing of the order reached them.'}
      </p>
      <fieldset className="choice-group">
        <legend>Condition</legend>
        {(Object.keys(conditionWords) as RtoCondition[]).map((value) => (
          <label key={value} className="choice">
            <input
              type="radio"
              name="rto-condition"
              checked={condition === value}
              onChange={() => choose(value)}
            />
            <span>
              {conditionWords[value].label}
              <span className="cell-sub">{conditionWords[value].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <RestockUnits
        parcel={parcel}
        titles={order.titles}
        units={units}
        onChange={setUnits}
        error={unitsError}
        cod={cod}
      />
      <TextAreaField
        label="Note (optional)"
        hint="For the order's timeline: what was wrong, a claim raised with the courier…"
        rows={2}
        maxLength={500}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
    </ActionDialog>
  );
}

/** Per line of the parcel: how many of its units go back to stock (0 to all). */
function RestockUnits({
  parcel,
  titles,
  units,
  onChange,
  error,
  cod,
}: {
  parcel: ApiShipment;
  titles: ReadonlyMap<string, string>;
  units: Record<string, string>;
  onChange: (units: Record<string, string>) => void;
  error: string | null;
  cod: boolean;
}) {
  const hintId = useId();
  return (
    <div className="ship-lines">
      <table className="data-table" aria-describedby={hintId}>
        <caption className="visually-hidden">Units going back to stock</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="align-end">
              Back to stock
            </th>
          </tr>
        </thead>
        <tbody>
          {parcel.lines.map((line) => {
            const title = titles.get(line.lineId) ?? 'An item';
            return (
              <tr key={line.lineId}>
                <td>
                  {title}
                  <span className="cell-sub">{line.quantity} in the parcel</span>
                </td>
                <td className="align-end">
                  <input
                    type="number"
                    className="form-input compact units-input"
                    min={0}
                    max={line.quantity}
                    step={1}
                    inputMode="numeric"
                    aria-label={`Units of ${title} back to stock, 0 to ${line.quantity}`}
                    aria-invalid={error ? true : undefined}
                    value={units[line.lineId] ?? ''}
                    onChange={(event) => onChange({ ...units, [line.lineId]: event.target.value })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p id={hintId} className="cell-sub">
        Only what can be sold again. Every unit of the parcel is {cod ? 'left uncollected' : 'refunded'},
        whatever goes back to stock.
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
