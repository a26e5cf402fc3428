import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';

/** A link that tells assistive technology (and the CSS) when it points at the current page. */
export function NavLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  const [location] = useLocation();
  return (
    <Link href={href} className={className} aria-current={location === href ? 'page' : undefined}>
      {children}
    </Link>
  );
}
