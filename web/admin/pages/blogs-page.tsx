import { PageHeader } from '../components/page-header';

/** Issue 13: this page is being built by its slice. */
export default function BlogsPage() {
  return <PageHeader title="Blogs" description="Coming soon." />;
}
