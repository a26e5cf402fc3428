import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { stripEndpointDocsPlugin } from './scripts/strip-endpoint-docs';

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
  return (
    /\/web\/(lib|app|components\/(ui|layout))\/[^/]+\.tsx?$/.test(path) ||
    /\/shared\/api\/(?![^/]*\.schemas\.)[^/]+\.ts$/.test(path) ||
    /\/shared\/(money|catalog|cart-rules)\.ts$/.test(path)
  );
}

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
  plugins: [react(), stripEndpointDocsPlugin()],
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
        // one request, than together (e2e/budget.spec.ts). Page-specific code still splits.
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', test: isShellModule }] } } },
      },
}));
