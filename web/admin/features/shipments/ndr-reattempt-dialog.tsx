import { useEffect, useState } from 'react';
import { actOnFailedDelivery } from '../../../../shared/api/shipments';
import type { ApiFailedDeliveryQueueRow } from '../../../../shared/api/shipments.schemas';
import { formatDeliveryDay } from '../../../../shared/delivery-day';
import { TextField } from '../../../components/forms/form-field';
import { adminApi, isApiError } from '../../lib/admin-api';
import { ActionDialog } from '../orders/action-dialog';
import '../orders/orders.css';

const failureMessage = (failure: unknown) =>
  isApiError(failure) ? failure.message : 'Something went wrong. Please try again.';

/**
 * "Deliver again": the day (one the courier offers now) and, if the customer gave one on the phone,
 * a new number for the courier. The server's refusal (answered meanwhile, the courier would not)
 * stays inside the dialog.
 */
export function NdrReattemptDialog({
  row,
  onClose,
  onDone,
  onStale,
}: {
  /** The parcel being answered; null while the dialog is closed. */
  row: ApiFailedDeliveryQueueRow | null;
  onClose: () => void;
  onDone: (row: ApiFailedDeliveryQueueRow) => void;
  /** The parcel moved on or was answered meanwhile: the queue is to be read again. */
  onStale: () => void;
}) {
  const days = row?.failedDelivery.days ?? [];
  const [day, setDay] = useState('');
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    setDay(row?.failedDelivery.days[0] ?? '');
    setPhone('');
    setError(null);
    setFieldErrors({});
  }, [row]);

  const submit = async () => {
    if (!row) return;
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const answer = await adminApi.call(actOnFailedDelivery, {
        params: { id: row.shipmentId },
        body: { action: 'reattempt', date: day, ...(phone.trim() && { phone: phone.trim() }) },
      });
      onDone(answer);
    } catch (failure) {
      setError(failureMessage(failure));
      if (isApiError(failure)) {
        setFieldErrors(failure.fields ?? {});
        if (failure.status === 409) onStale();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <ActionDialog
      title={row ? `Deliver parcel ${row.awb ?? ''} again`.replace('  ', ' ') : 'Deliver again'}
      open={row !== null}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      submitLabel={day ? `Deliver on ${formatDeliveryDay(day)}` : 'Deliver again'}
      busy={busy}
      error={error}
    >
      {row && (
        <>
          <p className="muted">
            Order {row.orderNumber} · {row.customer.name} · {row.courier}: “{row.failedDelivery.reason}”
          </p>
          <fieldset className="choice-group">
            <legend>Day</legend>
            {days.map((option) => (
              <label key={option} className="choice">
                <input
                  type="radio"
                  name="day"
                  value={option}
                  checked={day === option}
                  onChange={() => setDay(option)}
                />
                <span>{formatDeliveryDay(option)}</span>
              </label>
            ))}
          </fieldset>
          {fieldErrors.date && <p className="form-error">{fieldErrors.date}</p>}
          <TextField
            label="New phone number for the courier (optional)"
            name="phone"
            type="tel"
            inputMode="tel"
            value={phone}
            error={fieldErrors.phone}
            hint={row.customer.phone ? `The order’s number is ${row.customer.phone}.` : undefined}
            onChange={(event) => setPhone(event.currentTarget.value)}
          />
        </>
      )}
    </ActionDialog>
  );
}
