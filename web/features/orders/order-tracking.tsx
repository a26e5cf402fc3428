import { lazy, Suspense, useEffect, useState } from 'react';
import type { ShippingInfo } from '../../../shared/api/orders.schemas';
import { myOrderTracking } from '../../../shared/api/shipments';
import type { ApiFailedDelivery, ApiParcelTracking } from '../../../shared/api/shipments.schemas';
import { api, isApiError } from '../../lib/api-client';
import { formatDayAndTime } from '../../lib/dates';
import './order-details.css';

/** The courier's words for a parcel's status, as a shopper reads them. */
const STATUS_WORDS: Record<ApiParcelTracking['status'], string> = {
  pending: 'Being booked with the courier',
  booked: 'Packed, waiting for the courier',
  picked_up: 'Picked up by the courier',
  in_transit: 'On its way',
  out_for_delivery: 'Out for delivery',
  ndr: 'Delivery attempt failed',
  delivered: 'Delivered',
  rto_initiated: 'Returning to us',
  rto_delivered: 'Returned to us',
  cancelled: 'Cancelled',
  failed: 'Not booked',
};

// A failed delivery's panel (its form, the fields) loads only for an order that has one.
const DeliveryAttempt = lazy(() =>
  import('./delivery-attempt').then((m) => ({ default: m.DeliveryAttempt })),
);

export type ParcelTracking = {
  parcels?: ApiParcelTracking[] | undefined;
  error?: string | undefined;
  /** The parcels as an answer (to a failed delivery) returned them. */
  show: (parcels: ApiParcelTracking[]) => void;
};

/**
 * The order's parcels: read when the page shows an order that has left the warehouse (not with
 * the page: most visits are to orders not shipped yet, and the page's first load stays small).
 */
export function useParcelTracking(orderId: string, shipped: boolean): ParcelTracking {
  const [state, setState] = useState<{ parcels?: ApiParcelTracking[]; error?: string }>({});

  useEffect(() => {
    if (!shipped) return;
    const controller = new AbortController();
    api.call(myOrderTracking, { params: { id: orderId }, signal: controller.signal }).then(
      ({ parcels }) => setState({ parcels }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          error: isApiError(error)
            ? error.message
            : 'We could not load the tracking. Please try again later.',
        });
      },
    );
    return () => controller.abort();
  }, [orderId, shipped]);

  return { ...state, show: (parcels) => setState({ parcels }) };
}

/**
 * A parcel the courier could not deliver, waiting for the customer's answer (or answered): shown
 * first on the order page, its code loaded only when there is one.
 */
export function FailedDelivery({
  orderId,
  tracking,
  address,
  onAnswered,
}: {
  orderId: string;
  tracking: ParcelTracking;
  /** The order's delivery address: what a correction starts from. */
  address: ShippingInfo;
  /** The answer may have changed the delivery address and the timeline: the order is to be read again. */
  onAnswered: () => void;
}) {
  const failed = (tracking.parcels ?? []).filter(
    (parcel): parcel is ApiParcelTracking & { failedDelivery: ApiFailedDelivery } =>
      parcel.failedDelivery !== null,
  );
  if (failed.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <DeliveryAttempt
        orderId={orderId}
        parcels={failed}
        address={address}
        onAnswered={(parcels) => {
          tracking.show(parcels);
          onAnswered();
        }}
      />
    </Suspense>
  );
}

/**
 * Where the order's parcels are: each with its courier, AWB, items and the courier's scans, newest
 * first (the progress panel above keeps the carrier's own tracking link).
 */
export function OrderTracking({ shipped, tracking }: { shipped: boolean; tracking: ParcelTracking }) {
  if (!shipped || (tracking.parcels && tracking.parcels.length === 0)) return null;
  return <ParcelJourney parcels={tracking.parcels} error={tracking.error} />;
}

/** Each parcel with its courier, AWB, items and scans, newest first. */
function ParcelJourney({
  parcels,
  error,
}: {
  parcels: ApiParcelTracking[] | undefined;
  error?: string | undefined;
}) {
  return (
    <section className="order-panel" aria-labelledby="order-parcels-title" aria-busy={!parcels && !error}>
      <h2 id="order-parcels-title" className="order-panel-title">
        Parcel journey
      </h2>
      {error && (
        <p className="order-muted" role="alert">
          {error}
        </p>
      )}
      {parcels?.map((parcel, n) => (
        <div className="order-parcel" key={parcel.awb ?? n}>
          <p className="order-parcel-title">
            {parcels.length > 1 && `Parcel ${n + 1} of ${parcels.length}: `}
            <strong>{STATUS_WORDS[parcel.status]}</strong>
          </p>
          <p className="order-muted">
            {parcel.courier}
            {parcel.awb && ` · AWB ${parcel.awb}`}
          </p>
          <p className="order-muted">
            {parcel.items.map((item) => `${item.quantity} × ${item.title}`).join(', ')}
          </p>
          {parcel.scans.length > 0 && (
            <ol
              className="order-scans"
              aria-label={`Courier scans of ${parcel.awb ?? 'the parcel'}, newest first`}
            >
              {[...parcel.scans].reverse().map((scan) => (
                <li key={`${scan.at}-${scan.status}`}>
                  <span className="order-scan-what">
                    {STATUS_WORDS[scan.status as ApiParcelTracking['status']] ?? scan.status}
                    {scan.location && ` · ${scan.location}`}
                  </span>
                  <time className="order-muted" dateTime={scan.at}>
                    {formatDayAndTime(scan.at)}
                  </time>
                  {scan.description && <span className="order-muted"> {scan.description}</span>}
                </li>
              ))}
            </ol>
          )}
        </div>
      ))}
    </section>
  );
}
