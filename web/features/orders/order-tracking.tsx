import { lazy, Suspense, useEffect, useState } from 'react';
import type { ShippingInfo } from '../../../shared/api/orders.schemas';
import { myOrderTracking } from '../../../shared/api/shipments';
import type { ApiFailedDelivery, ApiParcelTracking } from '../../../shared/api/shipments.schemas';
import { useT } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { preloadedPart } from '../../lib/preloaded-part';
import { WithMessages } from './with-messages';
import './order-details.css';

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
  // `failed`: no answer from the shop to show (offline), said in the page's words.
  const [state, setState] = useState<{ parcels?: ApiParcelTracking[]; error?: string; failed?: boolean }>({});
  const t = useT();

  useEffect(() => {
    if (!shipped) return;
    const controller = new AbortController();
    api.call(myOrderTracking, { params: { id: orderId }, signal: controller.signal }).then(
      ({ parcels }) => setState({ parcels }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState(isApiError(error) ? { error: error.message } : { failed: true });
      },
    );
    return () => controller.abort();
  }, [orderId, shipped]);

  return {
    parcels: state.parcels,
    error: state.error ?? (state.failed ? t('order.parcel.loadFailed') : undefined),
    show: (parcels) => setState({ parcels }),
  };
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
      {/* Its words too are fetched only for an order that has one. */}
      <WithMessages area="order-actions">
        <DeliveryAttempt
          orderId={orderId}
          parcels={failed}
          address={address}
          onAnswered={(parcels) => {
            tracking.show(parcels);
            onAnswered();
          }}
        />
      </WithMessages>
    </Suspense>
  );
}

/**
 * Where the order's parcels are: each with its courier, AWB, items and the courier's scans, newest
 * first (the progress panel above keeps the carrier's own tracking link).
 */
// Each parcel's scans come in a chunk of their own, for orders that have left the warehouse.
const ParcelJourney = preloadedPart('web/features/orders/parcel-journey.tsx', () =>
  import('./parcel-journey').then((m) => m.ParcelJourney),
);

/** What the order page's `prepare` awaits for an order: the journey's chunk once it has shipped. */
export function prepareTracking(shipped: boolean): Promise<string>[] {
  return shipped ? [ParcelJourney.preload()] : [];
}

export function OrderTracking({ shipped, tracking }: { shipped: boolean; tracking: ParcelTracking }) {
  if (!shipped || (tracking.parcels && tracking.parcels.length === 0)) return null;
  return <ParcelJourney parcels={tracking.parcels} error={tracking.error} />;
}
