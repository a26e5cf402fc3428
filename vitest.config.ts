import { defineConfig } from 'vitest/config';
import { storefrontAliases } from './vite.config';

// The merchant console's own tests (React, like its build: vite.admin.config.ts).
const consoleTests = 'web/admin/**';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: one PGlite per file in two workers keeps memory and time in check.
    maxWorkers: 2,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          // The schema is migrated once per run; each test file starts from a copy.
          globalSetup: ['server/test/template-database.ts'],
          include: [
            'server/**/*.test.ts',
            'shared/**/*.test.ts',
            'scripts/**/*.test.ts',
            `${consoleTests}/*.test.{ts,tsx}`,
          ],
        },
      },
      {
        // The storefront's tests render with what the storefront ships: Preact through preact/compat
        // (vite.config.ts), so a markup or hook difference shows here and not first in a browser.
        extends: true,
        resolve: { alias: storefrontAliases },
        test: {
          name: 'storefront',
          include: ['web/**/*.test.{ts,tsx}'],
          exclude: [consoleTests],
          // wouter imports `react` itself: inlined, it gets the alias instead of Node's React.
          server: { deps: { inline: ['wouter'] } },
        },
      },
    ],
  },
});
