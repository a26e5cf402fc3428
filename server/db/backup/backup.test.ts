import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { shoppingCalls } from '../../test/shopping.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { openDatabase } from '../client.js';
import { UsageError } from '../seed/seed-arguments.js';
import { checkPgliteBackupPossible, createBackup } from './backup.js';
import { parseBackupArguments, parseRestoreArguments } from './backup-arguments.js';
import { type RestoreTarget, restoreBackup } from './restore.js';
import { tableFingerprints } from './table-fingerprints.js';

/**
 * A shop with customers, paid orders and pictures is backed up, restored into an empty target
 * (a fresh PGlite directory, or a fresh database on the PostgreSQL of DATABASE_URL), and compared
 * table by table (row count and a checksum of the rows, computed by SQL on both sides) and file
 * by file.
 */

let ctx: TestContext;
let work: string;
let mediaDir: string;
const serverUrl = process.env.DATABASE_URL;
const scratchDatabases: string[] = [];
const shop = shoppingCalls(() => ctx.app);

async function picture(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 700, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A new, empty database on the test server (PostgreSQL), dropped after the file. */
async function scratchDatabase(): Promise<string> {
  const base = new URL(serverUrl!).pathname.slice(1).replace(/[^a-z0-9_]/g, '') || 'shop_test';
  const name = `${base}_restore_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  scratchDatabases.push(name);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function emptyTarget(name: string): Promise<RestoreTarget> {
  const dataDir = path.join(work, name);
  return {
    databaseUrl: serverUrl ? await scratchDatabase() : undefined,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    mediaDir: path.join(dataDir, 'media'),
  };
}

async function fingerprintsOf(target: RestoreTarget) {
  const database = await openDatabase(
    target.databaseUrl ? { databaseUrl: target.databaseUrl, poolSize: 1 } : { pgliteDir: target.pgliteDir },
  );
  try {
    return await database.db.transaction((tx) => tableFingerprints(tx));
  } finally {
    await database.close();
  }
}

function filesUnder(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, full)] = readFileSync(full).toString('base64');
  }
  return files;
}

const backupOf = (out: string, force = false) =>
  createBackup({ database: ctx.database, databaseUrl: ctx.databaseUrl, mediaDir }, { out, force });

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'backup-test-'));
  const dataDir = path.join(work, 'shop');
  mediaDir = path.join(dataDir, 'media');
  ctx = await createTestApp({ DATA_DIR: dataDir });

  // Two customers, three paid orders.
  const watch = await createProduct(ctx.database.db, {
    quantity: 20,
    pricePaise: 249_900,
    colors: ['#000000'],
  });
  const tv = await createProduct(ctx.database.db, {
    quantity: 5,
    pricePaise: 3_199_000,
    colors: ['#000000'],
  });
  const black = await ensureColor(ctx.database.db, '#000000');
  const asha = await signUp(ctx.app);
  const ravi = await signUp(ctx.app);
  await shop.buy(asha, [{ id: watch.id, colorId: black.id, quantity: 2 }]);
  await shop.buy(asha, [{ id: tv.id, colorId: black.id, quantity: 1 }]);
  await shop.buy(ravi, [
    { id: watch.id, colorId: black.id, quantity: 1 },
    { id: tv.id, colorId: black.id, quantity: 1 },
  ]);

  // An uploaded picture (stored with its smaller copies) and a seeded one written as the seed does.
  await ctx.app.services.media.upload({ id: null, email: 'owner@shop.example.in' }, [
    { filename: 'watch.png', data: await picture('#8a5a2b') },
  ]);
  await mkdir(path.join(mediaDir, 'products'), { recursive: true });
  await writeFile(
    path.join(mediaDir, 'products', 'seeded-1.webp'),
    await sharp(await picture('#123456'))
      .webp()
      .toBuffer(),
  );
  // A picture half-written by a crash: never part of a backup.
  await writeFile(path.join(mediaDir, 'products', 'seeded-2.webp.123.456.tmp'), 'half');
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  if (serverUrl && scratchDatabases.length > 0) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of scratchDatabases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  if (work) await rm(work, { recursive: true, force: true });
});

describe('db:backup and db:restore', () => {
  let backupFile: string;
  /** Restored by the first test; the --force test restores over it again. */
  let restored: RestoreTarget;

  it('restores every table (count and checksum) and every media file into an empty target', async () => {
    backupFile = path.join(work, 'shop.backup.tar.gz');
    const manifest = await backupOf(backupFile);
    expect(manifest.database.kind).toBe(serverUrl ? 'postgres' : 'pglite');
    expect(manifest.tables['public.orders']?.rows).toBe(3);
    // Personal data: the shop's user alone may read the file.
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600);
    expect(manifest.shop.lastMigration?.tag).toMatch(/^\d{4}_/);
    // The upload's full size and its smaller copies, plus the seeded picture; not the .tmp file.
    expect(manifest.media.files).toBeGreaterThanOrEqual(3);
    expect(manifest.media.files).toBe(Object.keys(filesUnder(mediaDir)).length - 1);

    const target = await emptyTarget('restored');
    restored = target;
    const summary = await restoreBackup(target, { from: backupFile });
    expect(summary.movedAside).toEqual([]);
    expect(summary.needsMigration).toBe(false);

    // Compared here, independently of the restore's own check.
    const before = await ctx.database.db.transaction((tx) => tableFingerprints(tx));
    const after = await fingerprintsOf(target);
    expect(Object.keys(before).length).toBeGreaterThan(30);
    expect(after).toEqual(before);
    expect(after['public.orders']!.rows).toBe(3);
    expect(after['public.users']!.rows).toBe(2);

    const shopMedia = filesUnder(mediaDir);
    delete shopMedia[path.join('products', 'seeded-2.webp.123.456.tmp')];
    expect(filesUnder(target.mediaDir)).toEqual(shopMedia);
  }, 60_000);

  it('a checksum notices a changed row that a count would not', async () => {
    const before = await ctx.database.db.transaction((tx) => tableFingerprints(tx));
    await ctx.database.db.execute(sql`update products set quantity = quantity + 1`);
    const after = await ctx.database.db.transaction((tx) => tableFingerprints(tx));
    expect(after['public.products']!.rows).toBe(before['public.products']!.rows);
    expect(after['public.products']!.checksum).not.toBe(before['public.products']!.checksum);
    await ctx.database.db.execute(sql`update products set quantity = quantity - 1`);
  });

  it('refuses to overwrite a backup file unless --force, and a failed one leaves no file behind', async () => {
    const original = await readFile(backupFile);
    await expect(backupOf(backupFile)).rejects.toThrow(
      /already exists\. Choose another name, or add --force/,
    );
    expect((await readFile(backupFile)).equals(original)).toBe(true);

    await backupOf(backupFile, true);
    expect(readdirSync(work).filter((name) => name.includes('staging') || name.includes('partial'))).toEqual(
      [],
    );

    await expect(backupOf(path.join(work, 'no-such-folder', 'b.tar.gz'))).rejects.toThrow(
      /no-such-folder does not exist: create it/,
    );
  }, 60_000);

  it('refuses a target that is not empty unless --force, which keeps what was there', async () => {
    const target = restored;
    await expect(restoreBackup(target, { from: backupFile })).rejects.toThrow(
      serverUrl ? /already has \d+ tables.*--force/ : /already holds a database.*--force/,
    );

    const summary = await restoreBackup(target, { from: backupFile, force: true });
    expect(summary.replacedDatabase).toBe(Boolean(serverUrl));
    // PGlite's folder and the media folder are moved aside, never deleted.
    expect(summary.movedAside).toHaveLength(serverUrl ? 1 : 2);
    for (const aside of summary.movedAside) expect(existsSync(aside)).toBe(true);
    const again = await fingerprintsOf(target);
    expect(again['public.orders']!.rows).toBe(3);
  }, 60_000);

  it('a truncated, corrupt or foreign file is refused with a clear message and nothing changes', async () => {
    const whole = await readFile(backupFile);
    const truncated = path.join(work, 'truncated.tar.gz');
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const corrupt = path.join(work, 'corrupt.tar.gz');
    const flipped = Buffer.from(whole);
    for (let i = 200; i < 400; i++) flipped[i] = flipped[i]! ^ 0xff;
    await writeFile(corrupt, flipped);
    const foreignDir = path.join(work, 'foreign');
    await mkdir(foreignDir);
    await writeFile(path.join(foreignDir, 'manifest.json'), '{"hello": "world"}');
    const foreign = path.join(work, 'foreign.tar.gz');
    await tar.c({ gzip: true, file: foreign, cwd: foreignDir }, ['manifest.json']);

    const target = await emptyTarget('damaged');
    for (const file of [truncated, corrupt]) {
      await expect(restoreBackup(target, { from: file })).rejects.toThrow(
        /is not a complete backup .*take the backup again or restore an earlier one\. Nothing was changed\./,
      );
    }
    await expect(restoreBackup(target, { from: foreign })).rejects.toThrow(/not a Bharat Bazaar backup/);
    await expect(restoreBackup(target, { from: path.join(work, 'missing.tar.gz') })).rejects.toThrow(
      /missing\.tar\.gz does not exist/,
    );
    // Nothing restored, nothing left behind.
    expect(existsSync(target.pgliteDir)).toBe(false);
    expect(existsSync(target.mediaDir)).toBe(false);
    expect(readdirSync(target.dataDir)).toEqual([]);

    // The command prints one line and exits 1: no stack trace.
    const cli = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/db/backup/restore-cli.ts', '--from', truncated],
      {
        env: { ...process.env, DATA_DIR: path.join(work, 'cli') },
        encoding: 'utf8',
      },
    );
    expect(cli.status).toBe(1);
    expect(cli.stderr.trim()).toMatch(/^Restore failed: .*truncated\.tar\.gz is not a complete backup/);
    expect(cli.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('refuses a backup from a newer shop, or whose dump or media differ from its manifest', async () => {
    /** The backup unpacked, changed by `change`, and packed again as a new file. */
    const tampered = async (name: string, change: (dir: string) => Promise<void>) => {
      const dir = path.join(work, `tamper-${name}`);
      await mkdir(dir);
      await tar.x({ file: backupFile, cwd: dir });
      await change(dir);
      const file = path.join(work, `${name}.tar.gz`);
      await tar.c({ gzip: true, file, cwd: dir }, readdirSync(dir));
      return file;
    };
    const newer = await tampered('newer', async (dir) => {
      const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
      manifest.shop.lastMigration = {
        tag: '0099_from_the_future',
        createdAt: Date.now() + 86_400_000 * 365 * 10,
      };
      await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    });
    const badDump = await tampered('bad-dump', async (dir) => {
      const dump = readdirSync(path.join(dir, 'database'))[0]!;
      await writeFile(path.join(dir, 'database', dump), 'not the dump');
    });
    const lostPicture = await tampered('lost-picture', async (dir) => {
      await rm(path.join(dir, 'media', 'products', 'seeded-1.webp'));
    });

    const target = await emptyTarget('tampered');
    await expect(restoreBackup(target, { from: newer })).rejects.toThrow(
      /made by a newer version of the shop .*0099_from_the_future.*Restore it with that version/,
    );
    await expect(restoreBackup(target, { from: badDump })).rejects.toThrow(
      /database dump in the backup is missing or damaged .*Nothing was changed/,
    );
    await expect(restoreBackup(target, { from: lostPicture })).rejects.toThrow(
      /media files in the backup do not match its manifest \(\d+ found, \d+ listed\)/,
    );
    expect(existsSync(target.pgliteDir)).toBe(false);
  }, 60_000);

  it('refuses a backup of the other database kind, saying how to restore it', async () => {
    const target = await emptyTarget('other-kind');
    const otherKind = serverUrl
      ? { ...target, databaseUrl: undefined }
      : { ...target, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' };
    await expect(restoreBackup(otherKind, { from: backupFile })).rejects.toThrow(
      serverUrl ? /backup of a PostgreSQL database and DATABASE_URL is not set/ : /Unset DATABASE_URL/,
    );
  });

  it.runIf(serverUrl)('refuses a pg_dump older than the server, naming the version to install', async () => {
    // A pg_dump 12 first on PATH stands in for an old client on a newer server.
    const bin = path.join(work, 'old-bin');
    await mkdir(bin);
    await writeFile(path.join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 12.22"\n', {
      mode: 0o755,
    });
    const path0 = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${path0}`;
    try {
      await expect(backupOf(path.join(work, 'old.tar.gz'))).rejects.toThrow(
        /pg_dump 12 cannot dump a PostgreSQL \d+ server\. Install PostgreSQL \d+'s client tools/,
      );
    } finally {
      process.env.PATH = path0;
    }
    expect(existsSync(path.join(work, 'old.tar.gz'))).toBe(false);
  });

  it('refuses a PGlite backup while the shop runs on that directory', async () => {
    const pgliteDir = path.join(work, 'running', 'pglite');
    await mkdir(pgliteDir, { recursive: true });
    expect(() => checkPgliteBackupPossible(pgliteDir)).toThrow(/no embedded database in .* to back up/);
    writeFileSync(path.join(pgliteDir, 'PG_VERSION'), '18\n');
    // The lock of a live process (this test's parent stands in for the running shop).
    writeFileSync(`${pgliteDir}.lock`, String(process.ppid));
    expect(() => checkPgliteBackupPossible(pgliteDir)).toThrow(
      new RegExp(`The shop \\(pid ${process.ppid}\\) is running .* Stop the shop, run the backup`),
    );
    await rm(`${pgliteDir}.lock`);
    expect(() => checkPgliteBackupPossible(pgliteDir)).not.toThrow();
    expect(existsSync(`${pgliteDir}.lock`)).toBe(false);
  });
});

describe('command lines', () => {
  it('reads --out/--from and --force, and says what is wrong otherwise', () => {
    expect(parseBackupArguments(['--out', 'shop.tar.gz'])).toEqual({ out: 'shop.tar.gz', force: false });
    expect(parseBackupArguments(['--out=shop.tar.gz', '--force'])).toEqual({
      out: 'shop.tar.gz',
      force: true,
    });
    expect(parseRestoreArguments(['--force', '--from', 'b.tar.gz'])).toEqual({
      from: 'b.tar.gz',
      force: true,
    });
    expect(() => parseBackupArguments([])).toThrow(/--out FILE is required/);
    expect(() => parseBackupArguments(['--out'])).toThrow(/--out needs a file name/);
    expect(() => parseRestoreArguments(['--out', 'x'])).toThrow(/Unknown option "--out"/);
    expect(() => parseRestoreArguments(['--help'])).toThrow(UsageError);
  });
});
