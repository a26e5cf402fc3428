import type { Manifest } from './backup-archive.js';
import type { RestoreSummary } from './restore.js';

/** What the CLIs print when they are done: one short paragraph a person can check at a glance. */

const count = (n: number) => n.toLocaleString('en-IN');
const files = (n: number) => `${count(n)} ${n === 1 ? 'file' : 'files'}`;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** The shop's people read times in India time, whatever the server's clock zone. */
export function indiaTime(iso: string): string {
  return `${new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso))} IST`;
}

const kindName = (kind: Manifest['database']['kind']) => (kind === 'postgres' ? 'PostgreSQL' : 'PGlite');

function totals(manifest: Manifest) {
  const tables = Object.values(manifest.tables);
  return { tables: tables.length, rows: tables.reduce((sum, table) => sum + table.rows, 0) };
}

export function describeBackup(manifest: Manifest, file: string, fileBytes: number): string {
  const { tables, rows } = totals(manifest);
  return [
    `Backup written to ${file} (${formatBytes(fileBytes)}), ${indiaTime(manifest.createdAt)}.`,
    `Database: ${kindName(manifest.database.kind)} ${manifest.database.serverVersion}, migration ${manifest.shop.lastMigration?.tag ?? 'none'}, ${count(tables)} tables, ${count(rows)} rows.`,
    manifest.media.storage === 's3'
      ? `Media: NOT in this file. ${files(manifest.media.files)} (${formatBytes(manifest.media.bytes)}) are in ${manifest.media.bucket}, which is backed up by its own means (turn on the bucket's versioning or replication: docs/deploy.md, "Pictures in object storage"). The file lists them, so a restore can check the bucket still has each one.`
      : `Media: ${files(manifest.media.files)}, ${formatBytes(manifest.media.bytes)}.`,
  ].join('\n');
}

function mediaLine(summary: RestoreSummary): string {
  const { manifest, media } = summary;
  if (media.kind === 'copied-to-bucket') {
    return `Media: ${files(manifest.media.files)}, ${formatBytes(manifest.media.bytes)}, checksums match; copied into ${media.bucket} (${count(media.copied)} copied, ${count(media.alreadyThere)} already there).`;
  }
  if (media.kind === 'folder') {
    return `Media: ${files(manifest.media.files)}, ${formatBytes(manifest.media.bytes)}, checksums match.`;
  }
  if (media.kind === 'bucket-not-checked') {
    return `Media: not in the file (kept in the bucket), and not checked: ${media.reason}. When the bucket is back, check it against the backup's list of pictures (tar -xzOf FILE bucket-index.tsv: key, size and ETag of each).`;
  }
  if (media.missing.length === 0) {
    return `Media: not in the file (kept in the bucket); ${media.bucket} holds all ${count(media.listed)} pictures the backup listed.`;
  }
  const some = media.missing.slice(0, 5).join(', ');
  return `Media: WARNING: ${media.bucket} is missing ${count(media.missing.length)} of the ${count(media.listed)} pictures the backup listed (${some}${media.missing.length > 5 ? ', ...' : ''}). Restore them from the bucket's versions or replica; until then those pictures do not show.`;
}

export function describeRestore(summary: RestoreSummary, file: string): string {
  const { manifest } = summary;
  const lines = [
    `Restored ${file}, the backup of ${indiaTime(manifest.createdAt)} (${kindName(manifest.database.kind)}, migration ${manifest.shop.lastMigration?.tag ?? 'none'}).`,
    `Verified: ${count(summary.tables)} tables, ${count(summary.rows)} rows; every table's row count and checksum match the backup.`,
    mediaLine(summary),
  ];
  if (summary.replacedDatabase)
    lines.push('The tables the database had before were replaced (pg_restore --clean).');
  for (const aside of summary.movedAside) lines.push(`What was there before is kept in ${aside}.`);
  if (summary.needsMigration) {
    lines.push(
      'The backup predates this version of the shop: run `npm run db:migrate` (starting the shop also does).',
    );
  }
  return lines.join('\n');
}
