import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { stripEndpointDocsPlugin } from './scripts/strip-endpoint-docs';
import { messagesPlugin } from './web/i18n/vite-messages-plugin';

/**
 * Two builds from one config: the browser bundle (dist/client, with a manifest the server reads to
 * preload each route's chunk) and the server renderer (dist/server/entry-server.js).
 */
// DIST_DIR lets several builds live side by side (parallel e2e runs in one checkout).
const distDir = process.env.DIST_DIR ?? 'dist';

/** Modules of the storefront's shell: small, and loaded by every page. */
function isShellModule(id: string): boolean {
  const path = id.replace(/\\/g, '/');
  if (/\/web\/lib\/(form|zod-config|dates)\b/.test(path)) return false;
  // Descriptors only pages' lazy parts call (invoices on the order page, the pincode lookup)
  // go with those parts, not into the chunk every page loads.
  if (/\/shared\/api\/(tax-documents|pincodes)\.ts$/.test(path)) return false;
  if (/\/web\/lib\/download\.ts$/.test(path)) return false;
  // Parts of the layout that come only when shown (a toast, the language question).
  if (/\/web\/components\/layout\/(toast-item|language-offer)\.tsx$/.test(path)) return false;
  return (
    /\/web\/(lib|app|components\/(ui|layout))\/[^/]+\.tsx?$/.test(path) ||
    /\/shared\/api\/(?![^/]*\.schemas\.)[^/]+\.ts$/.test(path) ||
    /\/shared\/(money|catalog|cart-rules)\.ts$/.test(path)
  );
}

/**
 * Chunks of parts that pages use together, one request and one compression each instead of a
 * handful of sub-kilobyte ones: the product card with its stars, names and heart; dates with
 * delivery days and the server messages' translator; the pincode check with its lookup and the
 * quantity box; an order's card with its words; a total's breakup with the lines' options. Only
 * the modules named: what they import stays where it was. A page that uses one part of a group
 * loads the rest, a kilobyte or so on pages well inside the budget.
 * (Message catalogues cannot be grouped so: each is fetched on its own, as a chunk of its own.)
 */
const chunkGroups = [
  { name: 'shell', test: isShellModule },
  ...(
    [
      [
        'product-card',
        /\/web\/features\/(catalog\/(product-card|star-rating|product-names)|wishlist\/wishlist-(button|store))\.tsx?$/,
      ],
      ['dates', /\/(web\/lib\/dates|shared\/delivery-day|web\/features\/checkout\/api-messages)\.ts$/],
      [
        'pincode-check',
        /\/(web\/features\/(delivery\/(pincode-check-form\.tsx|pincode-lookup\.ts)|cart\/quantity-input\.tsx)|shared\/api\/pincodes\.ts)$/,
      ],
      ['order-card', /\/web\/features\/orders\/order-(card\.tsx|words\.ts)$/],
      ['price-breakup', /\/web\/features\/(checkout\/price-breakup|cart\/line-choice)\.tsx$/],
    ] as const
  ).map(([name, test]) => ({ name, test, includeDependenciesRecursively: false })),
];

/**
 * wouter imports the React 17 polyfill of useSyncExternalStore; React 19 has the hook built in, so
 * the browser bundle and the server render resolve the polyfill to React's own rather than ship
 * its fallback code. vitest.config.ts applies the same to the storefront's tests.
 */
export const storefrontAliases = [
  {
    find: 'use-sync-external-store/shim/index.js',
    replacement: fileURLToPath(new URL('./web/lib/use-sync-external-store-shim.ts', import.meta.url)),
  },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    stripEndpointDocsPlugin(),
    messagesPlugin({ pseudo: process.env.PSEUDO_LOCALE === '1', shortKeys: true }),
  ],
  publicDir: 'web/public',
  resolve: { alias: storefrontAliases },
  // wouter is bundled into the server render so its polyfill import gets the alias above.
  ssr: { noExternal: ['wouter'] },
  build: isSsrBuild
    ? {
        outDir: `${distDir}/server`,
        target: 'node20',
        copyPublicDir: false,
        emptyOutDir: true,
        // One file: the server re-imports it under a new URL after a dev rebuild, and split chunks
        // would keep importing the old copy (two React contexts, hooks outside their provider).
        rolldownOptions: { output: { codeSplitting: false } },
      }
    : {
        outDir: `${distDir}/client`,
        manifest: true,
        emptyOutDir: true,
        // Every browser we target supports modulepreload; the polyfill would only cost bytes.
        modulePreload: { polyfill: false },
        // A stylesheet per chunk: the entry's (the shell: base, layout, header, footer, forms) and
        // each page's. The server writes the shell's and the rendered route's into the page
        // (server/web/document.ts, docs/decisions/022-route-css.md); a client-side navigation gets
        // the next route's through Vite's preload helper, which awaits it before the page renders.
        cssCodeSplit: true,
        target: 'es2022',
        // The small modules every page loads (the shell's helpers, the header, endpoint
        // descriptors) as one chunk: a dozen sub-kilobyte files cost more compressed apart, and
        // one request, than together (e2e/budget.spec.ts). Page-specific code still splits, but
        // parts that pages use together come as one chunk each (a product card with its stars,
        // names and heart; dates with delivery days; the pincode check with its lookup).
        rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
      },
}));
