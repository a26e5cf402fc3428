import { formatResult, parseSmokeArgs, runSmoke, UsageError, usage } from './smoke-lib.js';

/**
 * `npm run smoke -- --url https://shop.example.in`: the post-deploy check (docs/deploy.md). One
 * line per check; exit 0 when all pass, 1 when any fails, 2 on a usage mistake.
 */
let options: ReturnType<typeof parseSmokeArgs>;
try {
  options = parseSmokeArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n\n${usage}`);
  process.exit(2);
}

console.log(`Smoke test of ${options.url} (one throwaway account, deleted at the end)`);
const started = performance.now();
const results = await runSmoke(options, (result) => console.log(formatResult(result)));
const failed = results.filter((result) => !result.ok);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  failed.length === 0
    ? `All ${results.length} checks passed in ${seconds} s.`
    : `${failed.length} of ${results.length} checks failed (${seconds} s): ${failed.map((r) => r.name).join(', ')}.`,
);
process.exit(failed.length === 0 ? 0 : 1);
