import { PageHeader } from '../components/page-header';

export default function AccountPage() {
  return <PageHeader title="Account" description="Coming soon." />;
}
