import { createHash } from 'node:crypto';
import { locales, localizePath } from '../../shared/locales';

/**
 * Pure pieces of the page response: the HTML document around the rendered app, the preload tags
 * for a route's chunks (from Vite's manifest) and robots.txt. Kept apart from Fastify so they are
 * tested as plain functions.
 */

export type ViteManifest = Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }
>;

/**
 * Every chunk and stylesheet a manifest entry pulls in statically, itself included. Stylesheets in
 * cascade order, as Vite links them: an imported chunk's before the importer's own, so a page's
 * rules come after (and win over) the shared components' rules they refine.
 */
function closure(manifest: ViteManifest, key: string, js = new Set<string>(), css = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || js.has(chunk.file)) return { js, css };
  js.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, js, css);
  for (const file of chunk.css ?? []) css.add(file);
  return { js, css };
}

function entryClosure(manifest: ViteManifest) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  return entryKey ? closure(manifest, entryKey) : { js: new Set<string>(), css: new Set<string>() };
}

/**
 * <link rel="modulepreload"> tags for the page modules a render used (e.g.
 * web/pages/product-page.tsx): the browser fetches their chunks alongside the entry instead of
 * after it (both started by appScripts). What the entry already loads is left out. Their CSS is
 * not linked but written into the page: routeStylesheets.
 */
export function preloadTags(manifest: ViteManifest, modules: readonly string[]): string[] {
  const entry = entryClosure(manifest);
  const js = new Set<string>();
  for (const module of modules) closure(manifest, module, js);
  const tags: string[] = [];
  for (const file of js)
    if (!entry.js.has(file)) tags.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
  return tags;
}

/**
 * The stylesheets (URL paths, in cascade order) the page modules a render used need beyond the
 * shell's, which the template carries: the route's own CSS and that of the components it imports
 * (the product card, the forms…). The home page's list is not the checkout's.
 */
export function routeStylesheets(manifest: ViteManifest, modules: readonly string[]): string[] {
  const entry = entryClosure(manifest);
  const js = new Set<string>();
  const css = new Set<string>();
  for (const module of modules) closure(manifest, module, js, css);
  return [...css].filter((file) => !entry.css.has(file)).map((file) => `/${file}`);
}

/**
 * Pictures served from a CDN on another origin (MEDIA_URL): a preconnect lets the browser open that
 * connection while it parses the page, so the first product picture (often the largest paint)
 * does not wait for DNS and TLS. Nothing when pictures come from the shop's own origin.
 */
export function mediaPreconnect(publicUrl: string, mediaUrl: string): string {
  const origin = new URL(mediaUrl).origin;
  return origin === new URL(publicUrl).origin ? '' : `<link rel="preconnect" href="${origin}">`;
}

/**
 * Vite writes the stylesheet after the entry's module preloads. A browser (or a slow phone link)
 * fetching a dozen scripts first paints later: the stylesheet is the one file the first paint
 * waits for, so it goes right after the viewport meta, ahead of every script.
 */
export function stylesheetsFirst(template: string): string {
  const links = template.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g);
  if (!links) return template;
  let rest = template;
  for (const link of links) rest = rest.replace(link, '');
  const anchor = /<meta name="viewport"[^>]*>\n?/.exec(rest);
  if (!anchor) return template;
  const at = anchor.index + anchor[0].length;
  return `${rest.slice(0, at)}${links.map((link) => `    ${link.trim()}\n`).join('')}${rest.slice(at)}`;
}

/**
 * The one inline script of every page (decision 026): it starts the app's scripts once the page's
 * largest picture is painted (or the first paint, on a page without one), instead of while the
 * HTML is parsed. On a phone's slow link the picture no longer shares the bandwidth with ~40 KB
 * of script, and the first paint does not wait for the scripts' evaluation: the server's HTML is
 * the whole page (links are links), hydration only adds the buttons' behaviour. It starts at once
 * when the shopper touches, clicks or types, and after 2 s whatever happens (a hidden tab paints
 * nothing, a stalled picture never loads). It copies the tags of `<template id="app-scripts">`
 * into the head: elements a script creates run, where the template's own inert ones would not.
 * Written plainly (ES5) and kept short: it is in every page, and its hash is in the CSP.
 */
export const startScript = [
  '(function () {',
  '  var started = false;',
  '  function start() {',
  '    if (started) return;',
  '    started = true;',
  "    var list = document.getElementById('app-scripts');",
  '    if (!list) return;',
  '    [].forEach.call(list.content.children, function (tag) {',
  '      var copy = document.createElement(tag.localName);',
  '      [].forEach.call(tag.attributes, function (a) { copy.setAttribute(a.name, a.value); });',
  '      document.head.appendChild(copy);',
  '    });',
  '  }',
  '  function afterPaint() { requestAnimationFrame(function () { setTimeout(start, 0); }); }',
  "  ['pointerdown', 'keydown', 'touchstart'].forEach(function (type) {",
  '    addEventListener(type, start, { once: true, capture: true, passive: true });',
  '  });',
  '  setTimeout(start, 2000);',
  '  var picture = document.querySelector(\'img[fetchpriority="high"]\');',
  '  if (picture && picture.decode) picture.decode().then(afterPaint, afterPaint);',
  '  else afterPaint();',
  '})();',
].join('\n');

const startScriptHash = `'sha256-${createHash('sha256').update(startScript).digest('base64')}'`;

/**
 * Takes the app's scripts out of the built template (Vite writes the entry's `<script
 * type="module">` and its `<link rel="modulepreload">`s into the head) and marks where the body
 * ends, for `appScripts`. The entry's tags come back to be written with each page's own.
 */
export function deferScripts(template: string): { template: string; entryTags: string[] } {
  const pattern = /[ \t]*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)\n?/g;
  const entryTags = [...template.matchAll(pattern)].map((match) => match[1]!);
  const rest = template.replace(pattern, '').replace('</body>', '  <!--app-scripts-->\n  </body>');
  return { template: rest, entryTags };
}

/**
 * The end of the body: the entry's and the page's script tags, inert in a template, and the
 * script that starts them (startScript). Its CSP source is `startScriptHash`.
 */
export function appScripts(tags: readonly string[]): string {
  return `<template id="app-scripts">${tags.join('')}</template>\n    <script>${startScript}</script>`;
}

/** A stylesheet as a <style> block, and the CSP source that allows exactly that block. */
export type InlineStyle = { tag: string; hash: string };

/**
 * A built stylesheet written into the page instead of linked: on a phone's first visit
 * a linked file is a request the first paint waits for, a round trip after the HTML. `data-href`
 * names the file it came from: the browser's entry (web/app/inlined-styles.ts) tells Vite's
 * preload helper these are already applied, so a client-side navigation does not link them again
 * (which would apply them a second time, after the route's CSS, and change the cascade).
 */
export function inlineStyle(href: string, css: string): InlineStyle {
  // A `</style` inside the CSS would end the block early; the built CSS never has one, but say so.
  const text = css.replace(/<\/style/gi, '<\\/style');
  return {
    tag: `<style data-href="${href}">${text}</style>`,
    hash: `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
  };
}

/**
 * The shell's stylesheets (the entry's: base, layout, header, footer, search) written into the
 * template in place of their <link>s; each page adds its route's (routeStylesheets). `read` gives
 * a stylesheet's text by its URL path (the built file); the style blocks' CSP hashes come back
 * with the template, for `style-src` (no 'unsafe-inline'). Every later page is rendered in the
 * browser, which fetches only the next route's few kilobytes.
 */
export function inlineStylesheets(
  template: string,
  read: (href: string) => string,
): { template: string; styleHashes: string[] } {
  const styleHashes: string[] = [];
  const result = stylesheetsFirst(template).replace(
    /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g,
    (_link, href: string) => {
      const style = inlineStyle(href, read(href));
      styleHashes.push(style.hash);
      return style.tag;
    },
  );
  return { template: result, styleHashes };
}

/**
 * The page's Content-Security-Policy with the inline stylesheets' hashes allowed in `style-src`
 * and the start script's in `script-src`: exactly what the page carries, no 'unsafe-inline'.
 */
export function allowInlineHashes(csp: string, styleHashes: readonly string[]): string {
  const allow = (policy: string, directive: string, hashes: readonly string[]) =>
    hashes.length === 0
      ? policy
      : policy.replace(
          new RegExp(`(^|;)\\s*${directive}\\s([^;]*)`),
          (found) => `${found} ${hashes.join(' ')}`,
        );
  return allow(allow(csp, 'style-src', styleHashes), 'script-src', [startScriptHash]);
}

const attribute = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

/**
 * A preload for the page's largest picture, the first `<img fetchpriority="high">` the render wrote
 * (the product's photo, the first card of a list, the blog cover, the home banner): in the head,
 * ahead of the scripts, the browser asks for it as soon as the head arrives and at high priority,
 * choosing the same size from `imagesrcset`/`imagesizes` as the <img> will. The values are copied
 * as the renderer escaped them.
 */
export function lcpImagePreload(html: string): string {
  const tag = /<img\s[^>]*fetchpriority="high"[^>]*>/i.exec(html)?.[0];
  if (!tag) return '';
  const src = attribute(tag, 'src');
  if (!src) return '';
  const srcset = attribute(tag, 'srcset');
  const sizes = attribute(tag, 'sizes');
  return [
    '<link rel="preload" as="image" fetchpriority="high"',
    srcset ? ` imagesrcset="${srcset}"` : ` href="${src}"`,
    srcset && sizes ? ` imagesizes="${sizes}"` : '',
    '>',
  ].join('');
}

/**
 * Said at the top of every page while the test gateway takes payments on a public address
 * (PAYMENT_PROVIDER=test), so nobody mistakes the shop for a real one. Plain HTML outside the
 * React root: the server adds it, hydration never sees it, and it costs no script.
 */
export const testModeBanner =
  '<div class="test-mode-banner" role="status"><strong>Test mode:</strong> no real payments are taken.</div>';

/**
 * Fills the built index.html. Function replacements, because rendered text may contain `$&` and
 * friends, which a replacement string would expand. `banner` goes first in the body.
 */
export function assembleDocument(
  template: string,
  parts: {
    head: string;
    html: string;
    data: string;
    scripts?: string;
    banner?: string | undefined;
    /** The page's language for `<html lang>` (the template says en-IN). */
    lang?: string;
  },
): string {
  const document = template
    .replace(/<html lang="[^"]*"/, (tag) => (parts.lang ? `<html lang="${parts.lang}"` : tag))
    .replace('<!--app-head-->', () => parts.head)
    .replace('<!--app-html-->', () => parts.html)
    .replace('<!--app-data-->', () => parts.data)
    .replace('<!--app-scripts-->', () => parts.scripts ?? '');
  const { banner } = parts;
  return banner ? document.replace(/<body[^>]*>/, (body) => `${body}\n    ${banner}`) : document;
}

/** Pages that are the shopper's own (cart, checkout, account), in every language: not for crawlers. */
const privatePaths = ['/cart', '/checkout', '/my-', '/wishlist'];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /language',
    ...locales.flatMap((locale) => privatePaths.map((path) => `Disallow: ${localizePath(locale, path)}`)),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Answered while dist/ is missing, so a fresh clone says what to do instead of failing obscurely. */
export const notBuiltPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Storefront not built | Bharat Bazaar</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>The storefront has not been built yet</h1>
<p>The API is running, but the web pages are served from <code>dist/</code>, which does not exist.
Run <code>npm run build</code> (or <code>npm run dev</code> while developing) and reload this page.</p>
</body></html>`;

export const serverErrorPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Something went wrong | Bharat Bazaar</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>Something went wrong on our side</h1>
<p>We could not show this page. Please try again in a moment, or go back to the <a href="/">home page</a>.</p>
</body></html>`;
