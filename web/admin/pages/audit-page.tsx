import { PageHeader } from '../components/page-header';

export default function AuditPage() {
  return <PageHeader title="Audit" description="Coming soon." />;
}
