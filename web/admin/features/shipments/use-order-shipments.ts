import { useState } from 'react';
import { orderShipments } from '../../../../shared/api/shipments';
import type { ApiShipment } from '../../../../shared/api/shipments.schemas';
import { adminApi } from '../../lib/admin-api';
import { useAdminQuery } from '../../lib/use-admin-query';

/**
 * The order's parcels, oldest first, reloaded after a parcel is booked or cancelled. A parcel just
 * booked counts at once (`booked`), before the reload brings it: the Ship dialog opened again
 * straight away must not offer its units a second time (the server would refuse the quote).
 */
export function useOrderShipments(orderId: string) {
  const query = useAdminQuery(
    (signal) => adminApi.call(orderShipments, { params: { id: orderId }, signal }),
    [orderId],
  );
  const [justBooked, setJustBooked] = useState<ApiShipment[]>([]);
  const loaded = query.data?.shipments;
  const pending = justBooked.filter((parcel) => !loaded?.some((s) => s._id === parcel._id));
  const shipments = loaded || pending.length ? [...(loaded ?? []), ...pending] : undefined;
  const booked = (parcel: ApiShipment) => setJustBooked((list) => [...list, parcel]);
  return { ...query, shipments, booked };
}
