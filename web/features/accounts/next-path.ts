/**
 * Where to go after signing in: the `next` of /login?next=..., only when it is a path on this
 * site (never `//evil.example`, `/\evil`, `https://...` or a scheme), else the home page.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  // Backslashes and control characters (tabs, new lines) are read as slashes or dropped by URL
  // parsers: `/\t/evil.example` would become `//evil.example`.
  if ([...next].some((char) => char === '\\' || char.charCodeAt(0) < 32)) return '/';
  try {
    const base = 'https://shop.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return '/';
    const path = url.pathname + url.search + url.hash;
    // Never bounce back to the pages that sent the shopper here.
    if (/^\/(login|signup)(\/|\?|#|$)/i.test(path)) return '/';
    return path;
  } catch {
    return '/';
  }
}

/** The login address that brings the shopper back to `path` afterwards. */
export function loginHref(path: string): string {
  const next = safeNextPath(path);
  return next === '/' ? '/login' : `/login?${new URLSearchParams({ next })}`;
}
