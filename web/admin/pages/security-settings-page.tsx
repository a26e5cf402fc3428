import { PageHeader } from '../components/page-header';

export default function SecuritySettingsPage() {
  return <PageHeader title="SecuritySettings" description="Coming soon." />;
}
