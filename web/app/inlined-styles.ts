/**
 * The server writes the shell's and the route's stylesheets into the page as
 * `<style data-href="/assets/….css">` blocks (server/web/document.ts, decision 022). Vite's
 * preload helper, which links a route's CSS and waits for it before a client-side navigation
 * renders the route, only knows what is already applied from `<link rel="stylesheet">` tags: it
 * would fetch the shell's stylesheet again on the first navigation and append it after the
 * route's, applying the shell's rules a second time, later in the cascade, over the page's.
 * A disabled link per inlined file tells it "already here": a disabled stylesheet link is neither
 * fetched nor applied.
 */
export function markInlinedStyles(doc: Document): void {
  for (const style of doc.querySelectorAll<HTMLStyleElement>('style[data-href]')) {
    const href = style.dataset.href;
    if (!href) continue;
    const link = doc.createElement('link');
    link.setAttribute('disabled', '');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.inlined = '';
    style.after(link);
  }
}

// Before any other module runs: the entry's first import, ahead of the first route chunk's preload.
markInlinedStyles(document);
