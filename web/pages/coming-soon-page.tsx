import { Link } from 'wouter';
import { usePageMeta } from '../app/route-context';
import { ClockIcon } from '../components/ui/icons';

/**
 * Placeholder for pages still being built: it names the page (from its meta) and says honestly
 * that it is not there yet, with ways to keep shopping.
 */
export default function ComingSoonPage() {
  const meta = usePageMeta();
  return (
    <div className="page-state container">
      <div className="page-state-card">
        <span className="page-state-icon">
          <ClockIcon size={32} />
        </span>
        <p className="eyebrow">Coming soon</p>
        <h1>{meta.title}</h1>
        <p>{meta.description}</p>
        <p className="page-state-note">
          We are putting the finishing touches on this page. Please check back shortly.
        </p>
        <div className="page-state-actions">
          <Link href="/product" className="button button--primary">
            Browse products
          </Link>
          <Link href="/" className="button button--ghost">
            Back to home
          </Link>
        </div>
      </div>
    </div>
  );
}
