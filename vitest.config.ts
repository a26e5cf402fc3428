import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { storefrontAliases } from './vite.config';
import { messagesPlugin } from './web/i18n/vite-messages-plugin';

// The merchant console's own tests (React, like its build: vite.admin.config.ts).
const consoleTests = 'web/admin/**';

/**
 * Files that take far longer than their size suggests (thousands of requests, a real server in
 * its own process, new PGlite data directories). With no timings from an earlier run, as on a
 * fresh clone, Vitest starts the largest files first, which would start these last and leave one
 * worker alone with one of them at the end; they go first instead. Later runs order every file by
 * its last duration, as Vitest does.
 */
const slowForTheirSize = [
  'server/test/staff-bad-input.test.ts',
  'server/test/bad-input.fuzz.test.ts',
  'server/db/backup/backup.test.ts',
  'server/db/seed/demo-seed.test.ts',
  'server/graceful-shutdown.test.ts',
  'server/main.test.ts',
  'server/db/pglite-lock.test.ts',
];

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const known = (file: TestSpecification) =>
      this.ctx.cache.getFileTestResults(
        `${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`,
      );
    const rank = (file: TestSpecification) => {
      const index = slowForTheirSize.indexOf(relative(this.ctx.config.root, file.moduleId));
      return index === -1 || known(file) ? slowForTheirSize.length : index;
    };
    // Vitest runs isolated projects' files first; within that, Array.prototype.sort is stable, so
    // every other file keeps Vitest's order.
    const isolated = (file: TestSpecification) => (file.project.config.isolate ? 0 : 1);
    return sorted.sort((a, b) => isolated(a) - isolated(b) || rank(a) - rank(b));
  }
}

export default defineConfig({
  // The storefront's message catalogues compile as the builds compile them.
  plugins: [messagesPlugin()],
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: one PGlite per file in two workers keeps memory and time in check.
    maxWorkers: 2,
    pool: 'forks',
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          // A worker runs its files one after another in one process, loading the app's modules
          // once (loaded again for every file, they were most of the run's time). So a file that
          // changes what the process shares (environment variables, timers) puts it back.
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
