import { type ReactNode, useEffect } from 'react';
import { Link } from 'wouter';

/** The page's one h1, its document title, an optional way back and the page's main actions. */
export function PageHeader({
  title,
  description,
  back,
  actions,
}: {
  title: string;
  description?: ReactNode;
  back?: { href: string; label: string };
  actions?: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Console · Bharat Bazaar`;
  }, [title]);
  return (
    <header className="page-header">
      <div>
        {back && (
          <Link href={back.href} className="back-link">
            ← {back.label}
          </Link>
        )}
        <h1>{title}</h1>
        {description && <p className="page-description">{description}</p>}
      </div>
      {actions && <div className="page-actions">{actions}</div>}
    </header>
  );
}
