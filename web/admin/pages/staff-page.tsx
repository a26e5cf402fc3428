import { PageHeader } from '../components/page-header';

export default function StaffPage() {
  return <PageHeader title="Staff" description="Coming soon." />;
}
