import { PageHeader } from '../components/page-header';

/** Issue 13: this page is being built by its slice. */
export default function EnquiriesPage() {
  return <PageHeader title="Enquiries" description="Coming soon." />;
}
