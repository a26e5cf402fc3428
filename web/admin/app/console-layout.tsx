import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { staffRoleLabels } from '../../../shared/staff-roles';
import { consoleRoutes } from '../routes';
import { useStaff } from './staff-context';

const groups = ['Sell', 'Catalogue', 'Content', 'Customers', 'Shop'] as const;

/** The console's frame: a skip link, the sidebar of what this role may use, and the page. */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const { profile, can, signOut } = useStaff();
  const [location] = useLocation();
  const visible = consoleRoutes.filter(
    (route) => route.nav && (route.permission === 'self' || can(route.permission)),
  );
  // The sidebar item whose path is the longest prefix of this page's ("Import and export" on
  // /products/import, "Products" on /products/123).
  const matches = (path: string) =>
    path === '/' ? location === '/' : location === path || location.startsWith(`${path}/`);
  const current = visible
    .filter((route) => matches(route.path))
    .sort((a, b) => b.path.length - a.path.length)[0]?.path;
  const isCurrent = (path: string) => path === current;

  return (
    <div className="console">
      <a className="skip-link" href="#console-main">
        Skip to content
      </a>
      <aside className="console-sidebar">
        <div className="console-brand">
          <a href="/" className="console-brand-link" title="Open the storefront">
            Bharat Bazaar
          </a>
          <span className="console-brand-tag">Console</span>
        </div>
        <nav aria-label="Console">
          {groups.map((group) => {
            const items = visible.filter((route) => route.nav?.group === group);
            if (items.length === 0) return null;
            return (
              <div key={group} className="console-nav-group">
                <h2 className="console-nav-heading">{group}</h2>
                <ul>
                  {items.map((route) => (
                    <li key={route.path}>
                      <Link
                        href={route.path}
                        className="console-nav-link"
                        aria-current={isCurrent(route.path) ? 'page' : undefined}
                      >
                        {route.nav!.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </nav>
        <div className="console-user">
          <p>
            <strong>
              {profile.firstname} {profile.lastname}
            </strong>
            <br />
            <span>{staffRoleLabels[profile.role]}</span>
          </p>
          <button type="button" className="button" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </aside>
      <main id="console-main" className="console-main" tabIndex={-1}>
        {profile.mustSetUpTwoFactor && (
          <p className="console-banner" role="status">
            The shop requires two-factor sign-in. <Link href="/account">Set it up now</Link> to use the
            console.
          </p>
        )}
        {children}
      </main>
    </div>
  );
}
