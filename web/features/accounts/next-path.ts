// Any origin would do: it only lets the URL parser resolve `next` the way a browser would.
const base = 'https://shop.invalid';

/**
 * Where to go after signing in: the `next` of /login?next=..., only when it is a path on this
 * site (never `//evil.example`, `/\evil`, `/..//evil.example`, `https://...` or a scheme), else the
 * home page. The server render and the browser both read `next` through this one function.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return '/';
  }
  // Backslashes and control characters (tabs, new lines) are read as slashes or dropped by URL
  // parsers: `/\t/evil.example` would become `//evil.example`.
  if ([...next].some((char) => char === '\\' || char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127)) {
    return '/';
  }
  const path = sameSitePath(next);
  // Never bounce back to the pages that sent the shopper here.
  if (path === null || /^\/(login|signup)(\/|\?|#|$)/i.test(path)) return '/';
  return path;
}

/**
 * `value` resolved as the browser will, as a path on this site; null if it leaves the site. Checking
 * the string before resolving is not enough: dot segments (`/..//evil.example`, `/.//evil.example`,
 * `/%2e%2e//evil.example`) resolve to the path `//evil.example`, which `location.assign` and the
 * router read as another host. So the resolved path itself must start with a single slash and
 * resolve again to the very same URL on this origin.
 */
function sameSitePath(value: string): string | null {
  try {
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    const path = url.pathname + url.search + url.hash;
    if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
    const again = new URL(path, base);
    return again.origin === base && again.href === url.href ? path : null;
  } catch {
    return null;
  }
}

/** The login address that brings the shopper back to `path` afterwards. */
export function loginHref(path: string): string {
  const next = safeNextPath(path);
  return next === '/' ? '/login' : `/login?${new URLSearchParams({ next })}`;
}
