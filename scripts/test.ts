import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { ensureBuild, run } from './run.js';

/**
 * `npm test`: unit and API tests (Vitest, against PGlite, or PostgreSQL when DATABASE_URL is set),
 * then the end-to-end suite in Debian's Chromium against the built shop. Without Chromium the
 * e2e suite is skipped loudly (and fails under REQUIRE_E2E=1, as CI sets).
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// `npm test -- --unit-only [paths...]`: Vitest alone (CI uses it for the PostgreSQL pass).
const unitOnly = process.argv.includes('--unit-only');
const paths = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
mkdirSync('test-results', { recursive: true });

type Tally = { passed: number; failed: number; flaky: number; skipped: number };
const tally: Tally = { passed: 0, failed: 0, flaky: 0, skipped: 0 };

const unitCode = await run('npx', [
  'vitest',
  'run',
  ...paths,
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
]);
addVitest('test-results/vitest.json');

let e2eCode = 0;
if (unitOnly) {
  // nothing more to run
} else if (existsSync(chromium)) {
  await ensureBuild();
  e2eCode = await run('npx', ['playwright', 'test'], {
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/playwright.json',
  });
  addPlaywright('test-results/playwright.json');
} else {
  const line = '!'.repeat(78);
  console.error(
    `\n${line}\n  E2E TESTS NOT RUN: Chromium not found at ${chromium}.\n  Install it with: apt-get update && apt-get install -y chromium\n${line}\n`,
  );
  if (process.env.REQUIRE_E2E === '1') e2eCode = 1;
}

// A flaky e2e test (passed only on its retry) fails a CI run (playwright.config.ts): named here too.
console.log(
  `\ntotal: ${tally.passed} passed, ${tally.failed} failed, ${tally.flaky} flaky, ${tally.skipped} skipped`,
);
process.exit(unitCode || e2eCode);

function addVitest(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  tally.passed += report.numPassedTests;
  tally.failed += report.numFailedTests;
  tally.skipped += report.numPendingTests + report.numTodoTests;
}

function addPlaywright(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  tally.passed += report.stats.expected;
  tally.flaky += report.stats.flaky;
  tally.failed += report.stats.unexpected;
  tally.skipped += report.stats.skipped;
}
