import { orderShipments } from '../../../../shared/api/shipments';
import { adminApi } from '../../lib/admin-api';
import { useAdminQuery } from '../../lib/use-admin-query';

/** The order's parcels, oldest first, reloaded after a parcel is booked or cancelled. */
export function useOrderShipments(orderId: string) {
  const query = useAdminQuery(
    (signal) => adminApi.call(orderShipments, { params: { id: orderId }, signal }),
    [orderId],
  );
  return { ...query, shipments: query.data?.shipments };
}
