import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { stripEndpointDocsPlugin } from './scripts/strip-endpoint-docs';
import { messagesPlugin } from './web/i18n/vite-messages-plugin';

/**
 * The merchant console: a build of its own (dist/admin), served under /admin. Nothing of it is in
 * the storefront's build, so the shop's first-load JavaScript cannot grow with the console
 * (e2e/budget.spec.ts); it has its own stylesheet, and each page is its own chunk.
 */
const distDir = process.env.DIST_DIR ?? 'dist';

export default defineConfig({
  plugins: [react(), stripEndpointDocsPlugin(), messagesPlugin()],
  base: '/admin/',
  publicDir: false,
  build: {
    outDir: `${distDir}/admin`,
    emptyOutDir: true,
    manifest: false,
    modulePreload: { polyfill: false },
    target: 'es2022',
    rolldownOptions: { input: 'web/admin/index.html' },
  },
});
