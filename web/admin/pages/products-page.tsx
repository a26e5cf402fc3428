import { PageHeader } from '../components/page-header';

/** Issue 13: this page is being built by its slice. */
export default function ProductsPage() {
  return <PageHeader title="Products" description="Coming soon." />;
}
