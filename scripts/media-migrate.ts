import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '../server/config.js';
import { runCommand } from '../server/db/run-command.js';
import { UsageError } from '../server/db/seed/seed-arguments.js';
import { createBucketStorage } from '../server/modules/media/bucket-storage.js';
import { type CopyReport, copyFolderToBucket } from '../server/modules/media/copy-to-bucket.js';
import { MediaStoreError } from '../server/modules/media/media-storage.js';

/**
 * `npm run media:migrate [-- --from DIR]`: copies a local media folder (DATA_DIR/media unless
 * --from says otherwise) into the bucket that MEDIA_STORAGE=s3 and the S3_* settings name, under
 * the keys the shop uses. Resumable: run it again after an interruption and it skips every file
 * already there with the same size and content. It never deletes, in the folder or the bucket.
 */
const USAGE =
  'Usage: MEDIA_STORAGE=s3 S3_BUCKET=... npm run media:migrate [-- --from DIR]   (DIR: DATA_DIR/media by default)';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const count = (n: number) => n.toLocaleString('en-IN');
const files = (n: number) => `${count(n)} ${n === 1 ? 'file' : 'files'}`;

async function main(): Promise<void> {
  let values: { from?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      options: { from: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}. ${USAGE}`);
  }
  if (values.help) throw new UsageError(USAGE, 0);
  const config = loadConfig();
  if (config.mediaStorage.kind !== 's3') {
    throw new UsageError(
      `MEDIA_STORAGE is not s3: set MEDIA_STORAGE=s3 and S3_BUCKET (with S3_REGION or S3_ENDPOINT, and the keys) to the bucket to copy into. ${USAGE}`,
    );
  }
  const from = path.resolve(values.from ?? config.mediaDir);
  if (!existsSync(from) || !statSync(from).isDirectory()) {
    throw new UsageError(`There is no folder ${from} to copy. ${USAGE}`);
  }
  const bucket = createBucketStorage(config.mediaStorage);
  const bar = new cliProgress.SingleBar(
    {
      format: 'Copying [{bar}] {percentage}% | {value}/{total} files | {eta_formatted} left',
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let barStarted = false;
  let last: CopyReport | undefined;
  const started = performance.now();
  console.log(`Copying ${from} to ${bucket.describe()} ...`);
  try {
    const report = await copyFolderToBucket(from, bucket, {
      onStart: (total, alreadyThere) => {
        console.log(`${files(total)}, ${count(alreadyThere)} of them already in the bucket.`);
        if (total > alreadyThere) {
          bar.start(total - alreadyThere, 0);
          barStarted = true;
        }
      },
      onFile: (progress) => {
        last = progress;
        bar.update(progress.copied);
      },
    });
    if (barStarted) bar.stop();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Done in ${seconds} s: ${files(report.copied)} copied (${megabytes(report.bytesCopied)}), ${count(report.alreadyThere)} already there, ${count(report.files)} in all.`,
    );
    if (report.ignored.length > 0) {
      console.log(
        `Left alone (not names the shop writes): ${report.ignored.slice(0, 10).join(', ')}${report.ignored.length > 10 ? ` and ${report.ignored.length - 10} more` : ''}.`,
      );
    }
  } catch (error) {
    if (barStarted) bar.stop();
    if (error instanceof MediaStoreError) {
      throw new MediaStoreError(
        `${error.reason}. ${files(last?.copied ?? 0)} copied before it stopped: run the same command again to carry on from there`,
      );
    }
    throw error;
  } finally {
    bucket.close();
  }
}

await runCommand(main, { prefix: 'Copy stopped', known: [MediaStoreError] });
