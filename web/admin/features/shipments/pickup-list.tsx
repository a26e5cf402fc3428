import { useState } from 'react';
import { urlOf } from '../../../../shared/api/endpoint';
import { pickupManifest, requestPickup } from '../../../../shared/api/pickups';
import type { ApiPickup, ApiPickupParcel } from '../../../../shared/api/pickups.schemas';
import { formatRupees } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { type Column, DataTable } from '../../components/data-table';
import { adminApi, downloadFile, isApiError } from '../../lib/admin-api';
import { WordBadge } from '../orders/order-status';
import { parcelColumns } from './pickup-request';
import { formatPickupDay, pickupStatusWords } from './pickup-words';
import { ShipmentStatusBadge } from './shipment-status';
import './shipments.css';

const failureMessage = (failure: unknown) =>
  isApiError(failure) ? failure.message : 'Something went wrong. Please try again.';

const columns: Column<ApiPickupParcel>[] = [
  ...parcelColumns<ApiPickupParcel>(),
  { key: 'pieces', header: 'Pieces', align: 'end', render: (parcel) => parcel.pieces },
  { key: 'status', header: 'Status', render: (parcel) => <ShipmentStatusBadge status={parcel.status} /> },
];

/** One pickup: its day, status, reference, couriers and parcels, its manifest, asking again. */
function Pickup({
  pickup,
  canWrite,
  onChanged,
}: {
  pickup: ApiPickup;
  canWrite: boolean;
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const day = formatPickupDay(pickup.day);

  const manifest = async () => {
    setBusy(true);
    setError(null);
    try {
      const name = `manifest-${pickup.day}-${pickup.reference ?? pickup._id.slice(0, 8)}.pdf`;
      await downloadFile(urlOf(pickupManifest, { params: { id: pickup._id } }), name);
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  // A pickup the provider did not answer: the same parcels and day ask it again.
  const askAgain = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await adminApi.call(requestPickup, {
        body: { shipmentIds: pickup.parcels.map((p) => p._id), day: pickup.day },
      });
      if (answer.status === 'scheduled')
        toast.success(`The courier will collect on ${day}.`, { autoClose: 4000 });
      onChanged();
    } catch (failure) {
      setError(failureMessage(failure));
      onChanged();
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="pickup">
      <div className="pickup-head">
        <h3>Pickup on {day}</h3>
        <WordBadge words={pickupStatusWords} value={pickup.status} />
      </div>
      <p className="pickup-facts">
        {pickup.reference ? (
          <>
            Reference <code>{pickup.reference}</code>
          </>
        ) : (
          'No reference from the courier yet'
        )}
        {' · '}
        {pickup.parcels.length} {pickup.parcels.length === 1 ? 'parcel' : 'parcels'}
        {pickup.couriers.length > 0 && ` · ${pickup.couriers.join(', ')}`}
        {pickup.codAmount > 0 && ` · ${formatRupees(pickup.codAmount)} to collect on delivery`}
      </p>
      {pickup.parcels.length > 0 ? (
        <DataTable
          caption={`Parcels of the pickup on ${day}`}
          rows={pickup.parcels}
          rowKey={(parcel) => parcel._id}
          columns={columns}
        />
      ) : (
        <p className="muted">
          Every parcel of this pickup was cancelled: the courier has nothing to collect.
        </p>
      )}
      {pickup.parcels.length > 0 && (
        <div className="parcel-actions">
          <button
            type="button"
            className="button button--small"
            disabled={busy}
            onClick={() => void manifest()}
          >
            Manifest (PDF)<span className="visually-hidden"> of the pickup on {day}</span>
          </button>
          {canWrite && pickup.status === 'pending' && (
            <button
              type="button"
              className="button button--small button--primary"
              disabled={busy}
              onClick={() => void askAgain()}
            >
              Ask the courier again
            </button>
          )}
        </div>
      )}
      {error && (
        <p className="action-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

/** The pickups asked for, from a week ago on, latest day first, each with its parcels now. */
export function PickupList({
  pickups,
  canWrite,
  onChanged,
}: {
  pickups: readonly ApiPickup[];
  canWrite: boolean;
  onChanged: () => void;
}) {
  return (
    <section className="panel" aria-labelledby="pickup-list-heading">
      <h2 id="pickup-list-heading">Pickups</h2>
      {pickups.length === 0 ? (
        <p className="muted">No pickup asked for in the last week.</p>
      ) : (
        <ol className="pickup-list">
          {pickups.map((pickup) => (
            <Pickup key={pickup._id} pickup={pickup} canWrite={canWrite} onChanged={onChanged} />
          ))}
        </ol>
      )}
    </section>
  );
}
