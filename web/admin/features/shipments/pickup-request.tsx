import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { requestPickup } from '../../../../shared/api/pickups';
import type { ApiPickup, ApiPickupParcel } from '../../../../shared/api/pickups.schemas';
import { SelectField } from '../../../components/forms/form-field';
import { formatDayAndTime } from '../../../lib/dates';
import { formatRupees } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { type Column, DataTable } from '../../components/data-table';
import { adminApi, isApiError } from '../../lib/admin-api';
import { formatPickupDay, indiaDayFromNow, kilograms, pickupDayOption } from './pickup-words';
import './shipments.css';

const plural = (n: number) => `${n} ${n === 1 ? 'parcel' : 'parcels'}`;

/** The columns every list of parcels shows: order, courier, AWB, weight, cash to collect. */
export function parcelColumns<Row extends ApiPickupParcel>(): Column<Row>[] {
  return [
    {
      key: 'order',
      header: 'Order',
      render: (parcel) => <Link href={`/orders/${parcel.orderId}`}>{parcel.orderNumber}</Link>,
    },
    { key: 'courier', header: 'Courier', render: (parcel) => parcel.courier },
    { key: 'awb', header: 'AWB', render: (parcel) => <code>{parcel.awb}</code> },
    { key: 'weight', header: 'Weight', align: 'end', render: (parcel) => kilograms(parcel.weightGrams) },
    {
      key: 'cod',
      header: 'COD to collect',
      align: 'end',
      render: (parcel) => (parcel.codAmount > 0 ? formatRupees(parcel.codAmount) : 'Prepaid'),
    },
  ];
}

/** The tick column: every parcel ticked unless staff untick it (all that is packed goes). */
function tickColumn(
  parcels: readonly ApiPickupParcel[],
  unticked: ReadonlySet<string>,
  onChange: (next: Set<string>) => void,
): Column<ApiPickupParcel> {
  const all = parcels.length > 0 && parcels.every((p) => !unticked.has(p._id));
  return {
    key: 'select',
    width: '2.5rem',
    header: (
      <input
        type="checkbox"
        className="select-box"
        aria-label="Select every parcel waiting"
        checked={all}
        onChange={(event) => onChange(event.target.checked ? new Set() : new Set(parcels.map((p) => p._id)))}
      />
    ),
    render: (parcel) => (
      <input
        type="checkbox"
        className="select-box"
        aria-label={`Select parcel ${parcel.awb} of order ${parcel.orderNumber}`}
        checked={!unticked.has(parcel._id)}
        onChange={(event) => {
          const next = new Set(unticked);
          if (event.target.checked) next.delete(parcel._id);
          else next.add(parcel._id);
          onChange(next);
        }}
      />
    ),
  };
}

/**
 * Booked parcels not yet in a pickup, and (for staff who ship) the request: the parcels ticked and
 * a day among those the server offers. The server's refusal (a day gone past the cut-off, a parcel
 * cancelled meanwhile) stays on screen, at the day when it is about the day.
 */
export function PickupRequest({
  waiting,
  days,
  canWrite,
  loading,
  onRequested,
}: {
  waiting: readonly ApiPickupParcel[];
  days: readonly string[];
  canWrite: boolean;
  loading: boolean;
  /** A pickup was asked for (or the list was behind): fetch it again. */
  onRequested: (pickup: ApiPickup | null) => void;
}) {
  const [unticked, setUnticked] = useState<Set<string>>(new Set());
  const [day, setDay] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; day?: string | undefined } | null>(null);
  const chosen = waiting.filter((p) => !unticked.has(p._id));
  const pickedDay = days.includes(day) ? day : (days[0] ?? '');
  const [today, tomorrow] = [indiaDayFromNow(0), indiaDayFromNow(1)];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0)
      return setError({ message: 'Tick at least one parcel for the courier to collect.' });
    setBusy(true);
    setError(null);
    try {
      const pickup = await adminApi.call(requestPickup, {
        body: { shipmentIds: chosen.map((p) => p._id), day: pickedDay },
      });
      const reference = pickup.reference ? ` (${pickup.reference})` : '';
      toast.success(
        `Pickup of ${plural(pickup.parcels.length)} asked for ${formatPickupDay(pickup.day)}${reference}.`,
        {
          autoClose: 5000,
        },
      );
      setUnticked(new Set());
      onRequested(pickup);
    } catch (failure) {
      if (isApiError(failure)) {
        setError({ message: failure.message, day: failure.fields?.day });
        if (failure.status === 409 || failure.status === 502) onRequested(null);
      } else setError({ message: 'Something went wrong. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<ApiPickupParcel>[] = [
    ...(canWrite && waiting.length > 0 ? [tickColumn(waiting, unticked, setUnticked)] : []),
    ...parcelColumns<ApiPickupParcel>(),
    {
      key: 'booked',
      header: 'Booked',
      render: (parcel) => (
        <>
          {formatDayAndTime(parcel.bookedAt)}
          {parcel.missedPickup && (
            <span className="cell-sub missed-pickup">
              Not collected on {formatPickupDay(parcel.missedPickup)}
            </span>
          )}
        </>
      ),
    },
  ];

  return (
    <section className="panel pickup-table" aria-labelledby="pickup-waiting-heading">
      <h2 id="pickup-waiting-heading">Waiting for a pickup{waiting.length > 0 && ` (${waiting.length})`}</h2>
      <DataTable
        caption="Parcels waiting for a pickup"
        loading={loading}
        rows={waiting}
        rowKey={(parcel) => parcel._id}
        columns={columns}
        empty="No booked parcel is waiting. Parcels booked from an order’s page wait here for the courier."
      />
      {canWrite && waiting.length > 0 && (
        <form className="pickup-form" onSubmit={(event) => void submit(event)} noValidate>
          <SelectField
            label="Pickup day"
            value={pickedDay}
            error={error?.day}
            hint="Today until 14:00 India time, else from tomorrow; couriers do not collect on Sundays."
            onChange={(event) => setDay(event.target.value)}
          >
            {days.map((option) => (
              <option key={option} value={option}>
                {pickupDayOption(option, today, tomorrow)}
              </option>
            ))}
          </SelectField>
          <button type="submit" className="button button--primary" disabled={busy || chosen.length === 0}>
            {busy ? 'Asking the courier…' : `Request pickup (${plural(chosen.length)})`}
          </button>
        </form>
      )}
      {error && !error.day && (
        <p className="action-error" role="alert">
          {error.message}
        </p>
      )}
    </section>
  );
}
