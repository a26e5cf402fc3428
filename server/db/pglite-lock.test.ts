import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pgliteTestOptions } from '../test/test-app.js';
import { DatabaseUnavailableError, openDatabase } from './client.js';
import { lockDataDir } from './pglite-lock.js';

const scratch = () => path.join(mkdtempSync(path.join(tmpdir(), 'pglite-lock-')), 'pglite');

// The embedded database's own lock, the same whatever DATABASE_URL says: checked in the PGlite pass.
describe.skipIf(process.env.DATABASE_URL)('the embedded database lock', () => {
  it('refuses a second process while the first lives, and says who holds it', async () => {
    const dir = scratch();
    // pid 1 always exists: another process holds the lock.
    writeFileSync(`${dir}.lock`, '1');
    expect(lockDataDir(dir)).toEqual({ heldBy: 1 });
    await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(DatabaseUnavailableError);
    await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(/in use by another process \(pid 1\)/);
  });

  it('takes over the lock of a process that died (a crash leaves it behind)', () => {
    const dir = scratch();
    writeFileSync(`${dir}.lock`, '2147483646');
    const lock = lockDataDir(dir);
    expect('release' in lock).toBe(true);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    if ('release' in lock) lock.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  // A new data directory from the tests' template rather than initdb (seconds more of work).
  it('is released when the database closes, so the next start opens it', { timeout: 90_000 }, async () => {
    const dir = scratch();
    const { artifacts, loadDataDir } = await pgliteTestOptions();
    const first = await openDatabase({ pgliteDir: dir, artifacts, ...(loadDataDir ? { loadDataDir } : {}) });
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    await first.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const second = await openDatabase({ pgliteDir: dir, artifacts });
    await second.close();
  });
});
