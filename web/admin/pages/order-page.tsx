import { PageHeader } from '../components/page-header';

/** Issue 13: this page is being built by its slice. */
export default function OrderPage() {
  return <PageHeader title="Order" description="Coming soon." />;
}
