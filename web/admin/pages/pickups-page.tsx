import { pickups } from '../../../shared/api/pickups';
import { useStaff } from '../app/staff-context';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import '../features/orders/orders.css';
import { PickupList } from '../features/shipments/pickup-list';
import { PickupRequest } from '../features/shipments/pickup-request';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';

/**
 * Pickups: the parcels booked with the courier and not yet collected, a pickup asked for on a day
 * for those packed (staff who ship), and the pickups asked for with their parcels and manifests.
 */
export default function PickupsPage() {
  const { can } = useStaff();
  const loaded = useAdminQuery((signal) => adminApi.call(pickups, { signal }), []);
  const data = loaded.data;
  return (
    <>
      <PageHeader
        title="Pickups"
        description="Booked parcels wait here until the courier collects them. Ask for a pickup on a day for the parcels packed, then print its manifest for the courier’s agent to sign."
      />
      {loaded.error && <LoadError message={loaded.error} onRetry={loaded.reload} />}
      {!data && !loaded.error && <p className="muted">Loading…</p>}
      {data && (
        <>
          <PickupRequest
            waiting={data.waiting}
            days={data.days}
            canWrite={can('orders.write')}
            loading={loaded.loading}
            onRequested={loaded.reload}
          />
          <PickupList pickups={data.pickups} canWrite={can('orders.write')} onChanged={loaded.reload} />
        </>
      )}
    </>
  );
}
