import { Link } from 'wouter';
import { shopCategories } from '../components/layout/nav-links';
import { SearchIcon } from '../components/ui/icons';

/** The 404 page (the server answers it with status 404). Part of the main bundle: no chunk to wait for. */
export default function NotFoundPage() {
  return (
    <div className="page-state container">
      <div className="page-state-card">
        <span className="page-state-icon">
          <SearchIcon size={32} />
        </span>
        <p className="eyebrow">Error 404</p>
        <h1>Page not found</h1>
        <p>
          We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.
        </p>
        <div className="page-state-actions">
          <Link href="/" className="button button--primary">
            Go to home
          </Link>
          <Link href="/product" className="button button--ghost">
            Browse products
          </Link>
        </div>
        <h2 className="page-state-subtitle">Popular categories</h2>
        <ul className="chip-list">
          {shopCategories.slice(1).map((category) => (
            <li key={category.href}>
              <Link href={category.href} className="chip">
                {category.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
