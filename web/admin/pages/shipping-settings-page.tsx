import { useState } from 'react';
import { shippingSettings } from '../../../shared/api/shipping';
import type { ApiShippingSettings } from '../../../shared/api/shipping.schemas';
import { useStaff } from '../app/staff-context';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import '../features/orders/orders.css';
import { ShippingSettingsForm } from '../features/shipping/shipping-settings-form';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';

/** Shipping settings: read by whoever sees orders, changed by those who ship them. */
export default function ShippingSettingsPage() {
  const { can } = useStaff();
  const loaded = useAdminQuery((signal) => adminApi.call(shippingSettings, { signal }), []);
  const [saved, setSaved] = useState<ApiShippingSettings | null>(null);
  const settings = saved ?? loaded.data;
  const description =
    'How delivery is charged, the cash-on-delivery fee, the rate card by zone, the default parcel and the pickup address.';
  if (!settings) {
    return (
      <>
        <PageHeader title="Shipping" description={loaded.error ? description : 'Loading…'} />
        {loaded.error && <LoadError message={loaded.error} onRetry={loaded.reload} />}
      </>
    );
  }
  return (
    <>
      <PageHeader title="Shipping" description={description} />
      <ShippingSettingsForm settings={settings} canWrite={can('orders.write')} onSaved={setSaved} />
    </>
  );
}
