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
          isolate: false,
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
        // The storefront's tests resolve modules as the storefront's builds do (vite.config.ts).
        extends: true,
        resolve: { alias: storefrontAliases },
        test: {
          name: 'storefront',
          include: ['web/**/*.test.{ts,tsx}'],
          exclude: [consoleTests],
          // Inlined, so wouter's polyfill import gets the alias too.
          server: { deps: { inline: ['wouter'] } },
        },
      },
    ],
  },
});
