import { PageHeader } from '../components/page-header';

/** Issue 13: this page is being built by its slice. */
export default function OrdersPage() {
  return <PageHeader title="Orders" description="Coming soon." />;
}
